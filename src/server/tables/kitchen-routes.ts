// `/till/kitchen`: the kitchen screen's endpoints, for paired devices in the role "kitchen" of their
// own outlet only (401 unpaired, 403 a till tablet; a kitchen device gets 403 everywhere else). GET
// /cards (the view), GET /live (server-sent events: the whole view after each stored batch of the
// outlet), POST /bumps (a card done: stored once as a `bump` table operation with the kitchen's own
// id, so a resend changes nothing). Wire shapes: pms/kitchen-calls.ts; docs/tables.md, "Kitchen screen".
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { parseBody } from '../../node-http/body.ts';
import { ApiError } from '../../node-http/errors.ts';
import { type BumpAnswer, BumpRequestSchema } from '../../pms/kitchen-calls.ts';
import { requireAppRequest } from '../http/app-requests.ts';
import { deviceOf, requirePairedDevice } from '../hub/device-routes.ts';
import type { Hub } from '../hub/hub.ts';
import { createKitchenViews } from './kitchen-view.ts';
import { TableError, type TableStore } from './table-store.ts';

/** A comment line on the live channel this often (as the tables' channel). */
export const KITCHEN_HEARTBEAT_MS = 15_000;

export function createKitchenRoutes(hub: Hub, store: TableStore, options: { trustProxy: boolean }): Hono {
  const views = createKitchenViews(store);
  const routes = new Hono();
  routes.use('*', requirePairedDevice(hub, { ...options, roles: ['kitchen'] }));
  routes.use('*', async (c, next) => {
    c.header('cache-control', 'no-store');
    await next();
  });
  routes.post('*', requireAppRequest(['POST']));

  routes.get('/cards', (c) => c.json(views.view(deviceOf(c)!.outlet)));

  routes.post('/bumps', async (c) => {
    const device = deviceOf(c)!;
    const bump = await parseBody(c, BumpRequestSchema, { code: 'kitchen_invalid' });
    const card = views
      .cardsOf(device.outlet)
      .cards.find((found) => found.roundId === bump.roundId && found.course === bump.course);
    // A bump stored before is answered as such even when its card is gone (the table was paid).
    if (!card && store.unknown([bump.bumpId]).has(bump.bumpId))
      throw new ApiError(404, 'no such round and course in this kitchen', 'roundId', 'round_unknown');
    try {
      const { stored, revision } = store.receive(device.outlet, device.id, [
        {
          opId: bump.bumpId,
          seq: 0,
          // After the round's send in every fold's order, whatever the kitchen screen's clock says.
          at: Math.max(bump.at, (card?.sentAt ?? 0) + 1),
          staffName: device.name,
          body: { kind: 'bump', roundId: bump.roundId, course: bump.course },
        },
      ]);
      const duplicate = stored[0]?.duplicate ?? false;
      const answer: BumpAnswer = {
        bumpId: bump.bumpId,
        duplicate,
        alreadyDone: !duplicate && (card?.bumped ?? false),
        revision,
      };
      return c.json(answer);
    } catch (error) {
      if (error instanceof TableError)
        throw new ApiError(error.status as 409, error.message, 'bumpId', error.code);
      throw error;
    }
  });

  routes.get('/live', (c) => {
    const { outlet } = deviceOf(c)!;
    return streamSSE(c, async (stream) => {
      let open = true;
      let changed = true; // the first event is the view as it is
      let wake: (() => void) | null = null;
      const stop = store.listen((batch) => {
        if (batch.outlet !== outlet) return;
        changed = true;
        wake?.();
      });
      stream.onAbort(() => {
        open = false;
        stop();
        wake?.();
      });
      while (open) {
        if (changed) {
          changed = false; // batches stored while this one is written make one more view
          const view = views.view(outlet);
          await stream.writeSSE({ event: 'cards', data: JSON.stringify(view), id: String(view.revision) });
          continue;
        }
        const heartbeat = setInterval(() => void stream.write(': alive\n\n'), KITCHEN_HEARTBEAT_MS);
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        clearInterval(heartbeat);
        wake = null;
      }
    });
  });

  routes.all('*', () => {
    throw new ApiError(404, 'no such endpoint');
  });
  return routes;
}
