// `npm run bench -- tables`: the restaurant's tables under load (issue 31), on loopback with the real
// server (its database in a temporary file, every write durable), all in this one process:
//   live_*        30 paired tablets of the restaurant, 100 tables with guests, each tablet one
//                 operation a second for BENCH_TABLE_SECONDS (default 30): from a tablet's POST to
//                 the operation on each other tablet's live channel (p50/p95/max, ms)
//   lost, doubled operations acknowledged but never seen on some tablet, or seen twice; and the
//                 server's floor against the operations sent
//   offline_*     a tablet back from 10 minutes offline with 200 operations (its clock in the past,
//                 so the server folds the outlet again): its POST -> seen on every other tablet (ms)
// Targets (issue 31): live p95 < 500 ms, 0 lost, 0 doubled; offline merged and seen within 2000 ms.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REQUEST_ID_HEADER } from '../src/pms/till-headers.ts';
import { startServer } from '../src/server/listen.ts';
import type { TableOpBody } from '../src/shared/table-ops.ts';
import type { BenchFigures } from './run.ts';
import { sized } from './tiny.ts';

const TABLETS = 30;
const TABLES = 100;
const SECONDS = Number(process.env.BENCH_TABLE_SECONDS ?? sized(30, 2));
const OFFLINE_OPS = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

interface Tablet {
  cookie: string;
  seen: Map<string, number>;
  doubled: number;
  close: () => Promise<void>;
}

export default async function bench(): Promise<BenchFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'till-tables-bench-'));
  const server = await startServer({
    port: 0,
    dbFile: join(dir, 'hotel.sqlite'),
    hubFile: join(dir, 'till.sqlite'),
    staticDir: 'none',
    connections: { perAddress: 500 },
  });
  const tablets: Tablet[] = [];
  try {
    const { createTableStore } = await import('../src/server/tables/table-store.ts');
    createTableStore({ db: server.hub.db }).setPlan('restaurant', [
      {
        areaId: 'main',
        name: 'Main room',
        tables: Array.from({ length: TABLES }, (_, i) => ({
          tableId: `t${i + 1}`,
          name: String(i + 1),
          seats: 4,
          x: i % 10,
          y: Math.floor(i / 10),
        })),
      },
    ]);
    const headers = (cookie: string) => ({ cookie, [REQUEST_ID_HEADER]: randomUUID() });
    for (let n = 0; n < TABLETS; n++) {
      const { code } = server.hub.createPairingCode({ outlet: 'restaurant', name: `Tablet ${n + 1}` });
      const { token } = server.hub.redeemPairingCode(code, '127.0.0.1');
      const cookie = `${server.hub.cookieName}=${token}`;
      const abort = new AbortController();
      const response = await fetch(`${server.url}/till/tables/live?since=0`, {
        headers: headers(cookie),
        signal: abort.signal,
      });
      const tablet: Tablet = { cookie, seen: new Map(), doubled: 0, close: async () => abort.abort() };
      tablets.push(tablet);
      void (async () => {
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            buffer += decoder.decode(value, { stream: true });
            for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
              const data = buffer
                .slice(0, end)
                .split('\n')
                .find((line) => line.startsWith('data:'));
              buffer = buffer.slice(end + 2);
              if (!data) continue;
              const at = performance.now();
              for (const op of (JSON.parse(data.slice(5)) as { ops: { opId: string }[] }).ops) {
                if (tablet.seen.has(op.opId)) tablet.doubled += 1;
                else tablet.seen.set(op.opId, at);
              }
            }
          }
        } catch {
          // aborted at the end
        }
      })();
    }
    const posts: number[] = [];
    const post = async (tablet: Tablet, ops: unknown[]) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/till/tables/ops`, {
        method: 'POST',
        headers: { ...headers(tablet.cookie), 'content-type': 'application/json' },
        body: JSON.stringify({ ops }),
      });
      if (response.status !== 200)
        throw new Error(`POST /till/tables/ops: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      posts.push(performance.now() - started);
    };
    const counters = tablets.map(() => ({ seq: 0 }));
    const opOf = (n: number, body: TableOpBody, at = Date.now()) => ({
      opId: randomUUID(),
      seq: counters[n]!.seq++,
      at,
      staffName: `Waiter ${n + 1}`,
      body,
    });
    // 100 tables with guests and a first line each.
    const lineIds: string[] = [];
    for (let t = 0; t < TABLES; t++) {
      const lineId = `l-${t}`;
      lineIds.push(lineId);
      const line = {
        lineId,
        productId: 'p1',
        name: 'Water',
        unitCents: 350,
        groupId: 1,
        course: 0,
        seat: 0,
        quantity: 1,
        modifiers: [],
        note: '',
      };
      await post(tablets[t % TABLETS]!, [
        opOf(t % TABLETS, { kind: 'open', tableId: `t${t + 1}`, covers: 2 }),
        opOf(t % TABLETS, { kind: 'add_line', tableId: `t${t + 1}`, line }),
      ]);
    }
    // Each tablet one operation a second: a new line, or one more of a line.
    const sent = new Map<string, { at: number; from: number }>();
    let added = TABLES;
    let increments = 0;
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      tablets.map(async (tablet, n) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
        while (performance.now() < end) {
          const next = performance.now() + 1000;
          const table = Math.floor(Math.random() * TABLES);
          let op: ReturnType<typeof opOf>;
          if (Math.random() < 0.5) {
            const lineId = `l-${randomUUID()}`;
            lineIds.push(lineId);
            added += 1;
            const line = {
              lineId,
              productId: 'p2',
              name: 'Beer',
              unitCents: 450,
              groupId: 1,
              course: 0,
              seat: 0,
              quantity: 1,
              modifiers: [],
              note: '',
            };
            op = opOf(n, { kind: 'add_line', tableId: `t${table + 1}`, line });
          } else {
            increments += 1;
            op = opOf(n, {
              kind: 'change_quantity',
              lineId: lineIds[Math.floor(Math.random() * lineIds.length)]!,
              delta: 1,
            });
          }
          sent.set(op.opId, { at: performance.now(), from: n });
          await post(tablet, [op]);
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const delays: number[] = [];
    let lost = 0;
    for (const [opId, { at, from }] of sent)
      tablets.forEach((tablet, n) => {
        if (n === from) return;
        const seenAt = tablet.seen.get(opId);
        if (seenAt === undefined) lost += 1;
        else delays.push(seenAt - at);
      });
    delays.sort((a, b) => a - b);

    // A tablet back from 10 minutes offline with 200 operations made while away.
    const back = 0;
    const away = Date.now() - 10 * 60_000;
    const offline = Array.from({ length: OFFLINE_OPS }, (_, i) =>
      i % 2 === 0
        ? opOf(
            back,
            { kind: 'change_quantity', lineId: lineIds[i % lineIds.length]!, delta: 1 },
            away + i * 3000,
          )
        : opOf(
            back,
            { kind: 'table_note', tableId: `t${(i % TABLES) + 1}`, note: `note ${i}` },
            away + i * 3000,
          ),
    );
    const offlineStart = performance.now();
    await post(tablets[back]!, offline);
    const everywhere = async () => {
      for (;;) {
        if (tablets.every((tablet, n) => n === back || offline.every((op) => tablet.seen.has(op.opId))))
          return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    await everywhere();
    const offlineMs = performance.now() - offlineStart;

    // The server's floor: every line once, every increment counted.
    const floorAnswer = await fetch(`${server.url}/till/tables/floor`, {
      headers: headers(tablets[1]!.cookie),
    });
    const floor = (await floorAnswer.json()) as { lines: { quantity: number }[] };
    const items = floor.lines.reduce((sum, line) => sum + line.quantity, 0);
    const expectedItems = added + increments + OFFLINE_OPS / 2;
    return {
      tablets: TABLETS,
      tables: TABLES,
      seconds: SECONDS,
      operations: sent.size,
      live_p50_ms: Math.round(percentile(delays, 50) * 10) / 10,
      live_p95_ms: Math.round(percentile(delays, 95) * 10) / 10,
      post_p95_ms:
        Math.round(
          percentile(
            [...posts].sort((a, b) => a - b),
            95,
          ) * 10,
        ) / 10,
      live_max_ms: Math.round((delays.at(-1) ?? 0) * 10) / 10,
      lost,
      doubled: tablets.reduce((sum, tablet) => sum + tablet.doubled, 0),
      floor_lines: floor.lines.length,
      floor_lines_expected: added,
      floor_items: items,
      floor_items_expected: expectedItems,
      offline_ops: OFFLINE_OPS,
      offline_seen_everywhere_ms: Math.round(offlineMs),
      target_met:
        percentile(delays, 95) < 500 &&
        lost === 0 &&
        items === expectedItems &&
        floor.lines.length === added &&
        offlineMs < 2000,
    };
  } finally {
    for (const tablet of tablets) await tablet.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
