// Test-mode control of the embedded test hotel, mounted by index.ts at `/__test` only when the hotel
// runs in test mode (it has a fault injector); no key, it never exists in a normal run. Fault rules
// (add, list with counts, remove), reset to the demo data, and pinning the hotel's clock.
// The routes: docs/test-hotel.md.
import { Hono } from 'hono';
import * as v from 'valibot';
import { parseBody } from '../../node-http/body.ts';
import { ApiError, ok, renderError } from '../../node-http/errors.ts';
import type { TestHotel } from '../hotel.ts';
import { FaultRule } from './faults.ts';

const AddFaults = v.union(
  [
    v.object({
      rules: v.pipe(v.array(FaultRule), v.maxLength(100)),
      seed: v.optional(v.pipe(v.number(), v.integer())),
    }),
    FaultRule,
  ],
  'must be a fault rule or {rules: [...]}',
);

const SetClock = v.object({
  now: v.nullable(
    v.pipe(
      v.string('must be an ISO 8601 timestamp or null'),
      v.isoTimestamp('must be an ISO 8601 timestamp with offset'),
    ),
  ),
});

export function createTestControlApi(hotel: TestHotel): Hono {
  const faults = hotel.faults;
  if (!faults) throw new Error('the test-control routes exist only in test mode');
  const app = new Hono();
  app.onError(renderError);

  const report = () => ({ rules: faults.rules(), counts: faults.counts() });

  app.get('/faults', (c) => ok(c, report()));

  app.post('/faults', async (c) => {
    const body = await parseBody(c, AddFaults);
    if ('rules' in body) {
      if (body.seed !== undefined) faults.reseed(body.seed);
      faults.add(...body.rules);
    } else {
      faults.add(body);
    }
    return ok(c, report());
  });

  app.delete('/faults', (c) => {
    faults.clear({ resetCounts: c.req.query('counts') === 'reset' });
    return ok(c, report());
  });

  app.post('/reset', (c) => {
    hotel.reset();
    return ok(c, { today: hotel.today() });
  });

  app.post('/clock', async (c) => {
    const body = await parseBody(c, SetClock);
    if (body.now === null) {
      hotel.setClock(null);
    } else {
      const pinned = new Date(body.now);
      if (Number.isNaN(pinned.getTime())) throw new ApiError(400, 'now: not a valid timestamp', 'now');
      hotel.setClock(() => pinned);
    }
    return ok(c, { now: hotel.timestamp(), today: hotel.today() });
  });

  return app;
}
