// SIGTERM while tablets are writing, against the real main.ts: the writes already in flight (held
// 1 s each on their way to the hotel) finish and are answered 200, later requests are refused, the
// process exits 0 well within 30 s, every write that was answered 2xx is in the hotel's database,
// and the databases pass PRAGMA integrity_check. A second signal ends it at once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type MainProcess, pairTablet, startMain } from './main-process.ts';

// How the process stops with writes in flight, not the ledger: the opt-out lets its writes through.
const STOP_ENV = { TEST_HOTEL_FAULTS: '1', TILL_RECORDED_SALES_ONLY: '0' };

const dirs: string[] = [];
const running: MainProcess[] = [];
afterEach(() => {
  for (const main of running.splice(0)) main.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'till-stop-'));
  dirs.push(dir);
  return dir;
}

interface Write {
  reference: string;
  sentAt: number;
  status: number | 'refused';
}

const WRITE_PATH = '/api/set/create/servicecashregister/invoice';

async function holdWrites(url: string, ms: number): Promise<void> {
  const added = await fetch(`${url}/__test/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: WRITE_PATH, method: 'POST', kind: 'delay', ms }),
  });
  expect(added.status).toBe(200);
}

describe('a clean stop', () => {
  it('lets writes in flight finish on SIGTERM, refuses new ones, keeps every answered write, exits 0', async () => {
    const dir = dataDir();
    const main = await startMain(dir, STOP_ENV);
    running.push(main);
    const tablet = await pairTablet(main.url);
    await holdWrites(main.url, 1000);

    const writes: Write[] = [];
    const send = (reference: string) => {
      const write: Write = { reference, sentAt: performance.now(), status: 'refused' };
      writes.push(write);
      return tablet(`${main.url}${WRITE_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reference }),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          write.status = response.status;
        },
        () => {}, // connection refused or closed: stays 'refused'
      );
    };

    const inFlight = Array.from({ length: 30 }, (_, i) => send(`before stop ${i}`));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = performance.now();
    main.child.kill('SIGTERM');
    const later: Promise<void>[] = [];
    for (let i = 0; i < 40; i += 1) {
      later.push(send(`after stop ${i}`));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const code = await main.exited;
    const stopMs = performance.now() - signalledAt;
    await Promise.all([...inFlight, ...later]);

    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(30_000);
    const before = writes.filter((write) => write.reference.startsWith('before'));
    expect(before.map((write) => write.status)).toEqual(before.map(() => 200));
    const settled = writes.filter((write) => write.sentAt - signalledAt >= 500);
    expect(settled.length).toBeGreaterThan(0);
    for (const write of settled) expect([503, 'refused']).toContain(write.status);

    const hotel = new Database(join(dir, 'test-hotel.sqlite'), { readonly: true });
    const hub = new Database(join(dir, 'till.sqlite'), { readonly: true });
    try {
      const stored = new Set(
        (hotel.prepare('SELECT reference FROM invoices').all() as { reference: string }[]).map(
          (row) => row.reference,
        ),
      );
      const answered = writes.filter((write) => typeof write.status === 'number' && write.status < 300);
      expect(answered.length).toBeGreaterThanOrEqual(30);
      for (const write of answered) expect(stored.has(write.reference), write.reference).toBe(true);
      expect(hotel.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(hub.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      hotel.close();
      hub.close();
    }
    console.log(
      `clean stop: ${answered(writes)} writes answered 2xx, stopped ${Math.round(stopMs)} ms after SIGTERM`,
    );
    expect(main.output()).toMatch(/"msg":"stopped"/);
  }, 60_000);

  it('exits at once on a second signal, even with a write still held', async () => {
    const main = await startMain(dataDir(), STOP_ENV);
    running.push(main);
    const tablet = await pairTablet(main.url);
    await holdWrites(main.url, 20_000);
    const held = tablet(`${main.url}${WRITE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reference: 'held' }),
    }).catch(() => 'cut');
    await new Promise((resolve) => setTimeout(resolve, 200));
    main.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalledAt = performance.now();
    main.child.kill('SIGTERM');
    const code = await main.exited;
    expect(performance.now() - signalledAt).toBeLessThan(2000);
    expect(code).not.toBe(0);
    expect(await held).toBe('cut');
  }, 30_000);
});

function answered(writes: Write[]): number {
  return writes.filter((write) => typeof write.status === 'number' && write.status < 300).length;
}
