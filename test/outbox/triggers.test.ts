// The page-side triggers: replay at start, after a sale is recorded (where there is no Background
// Sync), when the browser comes back online (lifting the "unreachable" hold), on "Sync now", and on
// request after a sale (which sends what is due and leaves the waiting sales to their backoff).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordRoomCharge } from '../../src/outbox/journal.ts';
import { inMemoryLocks, OUTBOX_LOCK } from '../../src/outbox/locks.ts';
import { getOutboxSummary } from '../../src/outbox/status.ts';
import { type PageReplayer, startPageReplayer } from '../../src/outbox/triggers.ts';
import { createFakePms } from './support/fake-pms.ts';
import { PILS, readPmsSteps, TILL, useFreshDatabase } from './support/setup.ts';

useFreshDatabase();

/** A browser with Background Sync: a recorded sale only registers the sync tag (the worker replays). */
function withBackgroundSync() {
  vi.stubGlobal('navigator', {
    serviceWorker: { getRegistration: async () => ({ sync: { register: async () => {} } }) },
  });
}

/** A window stand-in: Node's globalThis is no EventTarget. */
function fakeWindow() {
  const target = new EventTarget();
  vi.stubGlobal('addEventListener', target.addEventListener.bind(target));
  vi.stubGlobal('removeEventListener', target.removeEventListener.bind(target));
  return target;
}

let replayer: PageReplayer | undefined;
afterEach(async () => {
  // a run still under way would hold the outbox lock into the next test
  await replayer?.stop();
  replayer = undefined;
  vi.unstubAllGlobals();
});

describe('the page replayer', () => {
  it('replays what is waiting when it starts', async () => {
    fakeWindow();
    const pms = createFakePms();
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });

    replayer = startPageReplayer({ client: pms.client });

    await vi.waitFor(async () => expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced'));
    expect(pms.rooms.get(501)).toHaveLength(1);
  });

  it('replays a sale as soon as it is recorded when the browser has no Background Sync', async () => {
    fakeWindow();
    const pms = createFakePms();
    replayer = startPageReplayer({ client: pms.client });

    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });

    // two round trips now (the ledger's step, then the PMS's): room for a loaded machine
    await vi.waitFor(async () => expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced'), {
      timeout: 5000,
    });
  });

  it('after the PMS was unreachable, tries again at once when the browser comes back online', async () => {
    const window = fakeWindow();
    const pms = createFakePms();
    pms.failNext('addProducts', { kind: 'network' });
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    replayer = startPageReplayer({ client: pms.client, backoff: { baseMs: 60_000, capMs: 60_000 } });
    await vi.waitFor(async () => expect((await getOutboxSummary()).lastError).not.toBeNull());
    await vi.waitFor(async () => expect((await readPmsSteps(sale.id))?.intents[0]?.state).toBe('unsure'));

    window.dispatchEvent(new Event('online'));

    await vi.waitFor(async () => expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced'));
    expect(pms.rooms.get(501)).toHaveLength(1);
  });

  it('"Sync now" retries a waiting sale without waiting for its backoff', async () => {
    fakeWindow();
    const pms = createFakePms();
    pms.failNext('addProducts', { kind: 'server', status: 500 });
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    replayer = startPageReplayer({ client: pms.client, backoff: { baseMs: 60_000, capMs: 60_000 } });
    await vi.waitFor(async () => expect((await readPmsSteps(sale.id))?.intents[0]?.state).toBe('unsure'));

    const report = await replayer.syncNow();

    expect(report.pending).toBe(0);
    expect(pms.rooms.get(501)).toHaveLength(1);
  });

  it('asked to replay after a new sale, sends it at once and leaves a waiting sale to its backoff', async () => {
    fakeWindow();
    withBackgroundSync();
    const pms = createFakePms();
    pms.failNext('addProducts', { kind: 'server', status: 500 }); // answered: the PMS is reachable
    const waiting = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    replayer = startPageReplayer({ client: pms.client, backoff: { baseMs: 60_000, capMs: 60_000 } });
    await vi.waitFor(async () => expect((await readPmsSteps(waiting.id))?.intents[0]?.state).toBe('unsure'));
    const backoff = (await readPmsSteps(waiting.id))?.intents[0];
    const callsBefore = pms.calls.length;

    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 502 }, lines: [PILS] });
    const report = await replayer.requestReplay();

    expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced');
    expect(pms.rooms.get(502)).toHaveLength(1);
    const after = (await readPmsSteps(waiting.id))?.intents[0];
    expect(after?.notBefore).toBe(backoff?.notBefore);
    expect(after?.failuresInRow).toBe(backoff?.failuresInRow);
    expect(pms.calls.slice(callsBefore).map((call) => call.args)).not.toContainEqual(
      expect.objectContaining({ room_reservation_id: 501 }),
    );
    expect(report.pending).toBe(1);
  });

  it('during an outage, a new sale waits behind the "unreachable" hold instead of retrying every sale', async () => {
    fakeWindow();
    withBackgroundSync();
    const pms = createFakePms();
    pms.failNext('addProducts', { kind: 'network' });
    const waiting = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    replayer = startPageReplayer({ client: pms.client, backoff: { baseMs: 60_000, capMs: 60_000 } });
    await vi.waitFor(async () => expect((await getOutboxSummary()).lastError).not.toBeNull());
    const backoff = (await readPmsSteps(waiting.id))?.intents[0];
    const callsBefore = pms.calls.length;

    const sales = [];
    for (const room of [502, 501, 502]) {
      sales.push(await recordRoomCharge({ ...TILL, room: { roomReservationId: room }, lines: [PILS] }));
      await replayer.requestReplay();
    }

    expect(pms.calls.length).toBe(callsBefore); // not one request: no retry storm
    const after = (await readPmsSteps(waiting.id))?.intents[0];
    expect(after?.notBefore).toBe(backoff?.notBefore);
    expect(after?.failuresInRow).toBe(backoff?.failuresInRow);
    for (const sale of sales) expect((await readPmsSteps(sale.id))?.sale.status).toBe('pending');

    const report = await replayer.syncNow(); // staff: everything, now

    expect(report.pending).toBe(0);
    expect(pms.rooms.get(501)).toHaveLength(2);
    expect(pms.rooms.get(502)).toHaveLength(2);
  });

  it('after an outage, finds out from the recovery probe that the gateway is back and sends at once', async () => {
    fakeWindow();
    const pms = createFakePms();
    pms.failNext('addProducts', { kind: 'network' });
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    let ready = false;
    const probes: boolean[] = [];
    replayer = startPageReplayer({
      client: pms.client,
      backoff: { baseMs: 60_000, capMs: 60_000 }, // without the probe: a minute's wait
      probe: async () => {
        probes.push(ready);
        return ready;
      },
      probeEveryMs: 50,
    });
    await vi.waitFor(async () => expect((await readPmsSteps(sale.id))?.intents[0]?.state).toBe('unsure'));
    await vi.waitFor(() => expect(probes.length).toBeGreaterThanOrEqual(2));
    expect((await readPmsSteps(sale.id))?.sale.status).toBe('pending'); // not ready: nothing sent

    ready = true;
    await vi.waitFor(async () => expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced'));
    expect(pms.rooms.get(501)).toHaveLength(1);
    const probed = probes.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(probes.length).toBe(probed); // nothing waits any more: the probe stopped
  });

  it('does not probe while nothing waits behind the "unreachable" hold', async () => {
    fakeWindow();
    const pms = createFakePms();
    pms.failNext('addProducts', { kind: 'server', status: 500 }); // answered: reachable, no hold
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    let probes = 0;
    replayer = startPageReplayer({
      client: pms.client,
      backoff: { baseMs: 60_000, capMs: 60_000 },
      probe: async () => {
        probes += 1;
        return true;
      },
      probeEveryMs: 20,
    });
    await vi.waitFor(async () => expect((await readPmsSteps(sale.id))?.intents[0]?.state).toBe('unsure'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(probes).toBe(0);
  });

  it('replays a sale itself within a few seconds when the worker it asked died before its run ended', async () => {
    fakeWindow();
    const posted: unknown[] = [];
    // a worker controls the page, takes the message, and never runs (stopped by the browser)
    vi.stubGlobal('navigator', {
      serviceWorker: {
        controller: { postMessage: (message: unknown) => posted.push(message) },
        getRegistration: async () => undefined,
      },
    });
    const pms = createFakePms();
    replayer = startPageReplayer({ client: pms.client });
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });

    expect(posted.length).toBeGreaterThan(0);
    const asked = Date.now();
    await vi.waitFor(async () => expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced'), {
      timeout: 8000,
    });
    // the page waits WORKER_ANSWER_MS (2 s) and its timer's second: not the 10 s it once did
    expect(Date.now() - asked).toBeLessThan(6000);
  });

  it('hears the worker end a run that changed nothing from its answer, and neither replays itself nor asks again', async () => {
    fakeWindow();
    const posted: unknown[] = [];
    const container = Object.assign(new EventTarget(), {
      controller: { postMessage: (message: unknown) => posted.push(message) },
      getRegistration: async () => undefined,
    });
    vi.stubGlobal('navigator', { serviceWorker: container });
    const lock = inMemoryLocks();
    let ownRuns = 0;
    const countingLock: typeof lock = {
      run: (name, options, work) => {
        if (name === OUTBOX_LOCK) ownRuns += 1;
        return lock.run(name, options, work);
      },
    };
    replayer = startPageReplayer({ client: createFakePms().client, lock: countingLock });
    expect(posted).toEqual([{ type: 'outbox-replay' }]); // at start: the worker is asked

    // the worker's run found nothing to do: no broadcast, only its answer to this page
    container.dispatchEvent(
      new MessageEvent('message', { data: { type: 'outbox-replay-done', announced: false } }),
    );
    // past WORKER_ANSWER_MS and the request's timer (3 s): an unanswered request would be run here
    await new Promise((resolve) => setTimeout(resolve, 3600));
    expect(ownRuns).toBe(0);
    expect(posted).toHaveLength(1);
  });

  it('back online while another replayer (the worker) holds the outbox, waits for it instead of looking again in 5 s', async () => {
    const window = fakeWindow();
    const pms = createFakePms();
    pms.failNext('addProducts', { kind: 'network' });
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    const lock = inMemoryLocks();
    replayer = startPageReplayer({ client: pms.client, lock, backoff: { baseMs: 60_000, capMs: 60_000 } });
    await vi.waitFor(async () => expect((await readPmsSteps(sale.id))?.intents[0]?.state).toBe('unsure'));

    let release!: () => void;
    const held = lock.run(OUTBOX_LOCK, { wait: true }, () => new Promise<void>((done) => (release = done)));
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    release(); // the worker's run ends (without having sent it)
    await held;

    await vi.waitFor(async () => expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced'), {
      timeout: 2000,
    });
    expect(pms.rooms.get(501)).toHaveLength(1);
  });
});
