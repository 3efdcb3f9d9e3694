// The live channel (GET /till/tables/live, server-sent events): a tablet first gets what it missed
// since its last event, then each batch of its outlet's operations as it is stored; nothing of
// another outlet. The poll (GET /till/tables/ops?since=) gives the same operations.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '../../../src/pms/till-headers.ts';
import { newLine, tableSetup } from './table-support.ts';

/** The events of an SSE answer, read as they come. */
function eventsOf(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<{ event: string; data: { revision: number; ops: { opId: string }[] } }> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          if (fields.event) return { event: fields.event, data: JSON.parse(fields.data ?? 'null') };
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the live channel ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    close: () => reader.cancel(),
  };
}

describe('the live channel', () => {
  it('brings another tablet each stored batch of its outlet, after what it missed, and nothing of another outlet', async () => {
    const { app, one, two, bar } = tableSetup();
    const first = one.ops({ kind: 'add_line', tableId: 't10', line: newLine('Water', 1) });
    await one.call('/till/tables/ops', { ops: [first] });
    const live = (cookie: string, since: number) =>
      app.request(`/till/tables/live?since=${since}`, {
        headers: { cookie, [REQUEST_ID_HEADER]: randomUUID() },
      });
    const response = await live(two.cookie, 0);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = eventsOf(response);
    const barEvents = eventsOf(await live(bar.cookie, 0));
    const missed = await events.next();
    expect(missed.data.ops.map((op) => op.opId)).toEqual([first.opId]);
    expect((await barEvents.next()).data.ops).toEqual([]);

    const beers = one.ops({ kind: 'add_line', tableId: 't10', line: newLine('Beer', 2) });
    const sentAt = performance.now();
    await one.call('/till/tables/ops', { ops: [beers] });
    const seen = await events.next();
    const tookMs = performance.now() - sentAt;
    expect(seen.event).toBe('ops');
    expect(seen.data.ops.map((op) => op.opId)).toEqual([beers.opId]);
    console.info(`the live channel brought the batch in ${tookMs.toFixed(1)} ms`);
    // The bar's channel got nothing: its next event is its own outlet's.
    const gin = bar.ops({ kind: 'open_tab', tableId: 'tab-ben', name: 'Ben' });
    await bar.call('/till/tables/ops', { ops: [gin] });
    expect((await barEvents.next()).data.ops.map((op) => op.opId)).toEqual([gin.opId]);
    // The poll after the first operation gives the beers too.
    const poll = await two.call(`/till/tables/ops?since=${missed.data.revision}`);
    expect(poll.body.ops.map((op: { opId: string }) => op.opId)).toEqual([beers.opId]);
    await events.close();
    await barEvents.close();
  });
});
