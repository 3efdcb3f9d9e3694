// A tablet the till server does not (or no longer) know: the gateway answers 401 with a device code
// before forwarding anything. That is not a refusal by the PMS: the sale stays pending, the run stops
// without growing a backoff, the status says "waiting for pairing", and once the tablet is paired
// again every sale reaches the PMS exactly once. A write whose send met the 401 is read back first:
// the browser may have resent it by itself after a first copy got through before the revocation.
import { afterEach, describe, expect, it } from 'vitest';
import { endPairingHold, retryWaitingNow } from '../../src/outbox/actions.ts';
import { recordCashSale, recordRoomCharge } from '../../src/outbox/journal.ts';
import { PAIRING_RECHECK_MS } from '../../src/outbox/replay-run.ts';
import { getOutboxSummary } from '../../src/outbox/status.ts';
import { replayFromWorker } from '../../src/outbox/triggers.ts';
import { readSale } from '../../src/storage/outbox-store.ts';
import { createFakePms } from './support/fake-pms.ts';
import {
  CARD_PAYMENT,
  createClock,
  PILS,
  readPmsSteps,
  replayAgainst,
  replayUntilSettled,
  TILL,
  useFreshDatabase,
} from './support/setup.ts';

useFreshDatabase();

describe('a tablet the gateway refuses as not paired', () => {
  it('keeps the sale pending, not needing attention, with no error and no backoff', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    const before = await readSale(sale.id);
    pms.unpair('device_not_paired');

    const report = await replayAgainst(pms, clock);

    expect(report).toMatchObject({
      stoppedBy: 'unpaired',
      failed: 0,
      pending: 1,
      needsAttention: 0,
    });
    // the sale's first step, recording it on the till server, meets the refusal first
    expect(pms.refusedUnpaired).toEqual(['recordLedgerSale']);
    const after = await readSale(sale.id);
    expect(after?.sale.status).toBe('pending');
    expect(after?.sale.attention).toBeUndefined();
    // the refused send is to be read back before it goes again; otherwise as it was
    const [first, ...rest] = after!.intents;
    expect(first).toMatchObject({ state: 'unsure', uncertainSends: 1 });
    expect(first?.lastError).toBeUndefined();
    expect(first?.notBefore).toBe(before?.intents[0]?.notBefore);
    expect(rest).toEqual(before?.intents.slice(1));
    const summary = await getOutboxSummary(clock.now());
    expect(summary).toMatchObject({
      waitingForPairing: 'device_not_paired',
      lastError: null,
      needsAttention: 0,
    });
  });

  it('asks again after a short fixed wait, however often it is refused: the backoff does not grow', async () => {
    const pms = createFakePms();
    const clock = createClock();
    await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    pms.unpair('device_revoked');
    const waits: number[] = [];
    for (let run = 0; run < 6; run++) {
      const report = await replayAgainst(pms, clock, { random: () => 1 });
      waits.push((report.nextAttemptAt ?? 0) - clock.now());
      await replayAgainst(pms, clock); // held meanwhile: nothing is asked
      clock.advance(report.nextAttemptAt! - clock.now());
    }
    expect(waits).toEqual(Array(6).fill(PAIRING_RECHECK_MS));
    expect(pms.refusedUnpaired).toHaveLength(6);
    expect((await getOutboxSummary(clock.now())).waitingForPairing).toBe('device_revoked');
  });

  it('after pairing again, confirms the sale exactly once', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    pms.unpair('device_not_paired');
    await replayAgainst(pms, clock);
    await replayAgainst(pms, clock);

    pms.pair();
    await endPairingHold();
    await retryWaitingNow(clock.now());
    await replayUntilSettled(pms, clock);

    expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced');
    expect(pms.invoices.size).toBe(1);
    expect([...pms.invoices.values()][0]).toMatchObject({ status: 'closed', items: [{ quantity: 2 }] });
    expect(pms.callsOf('createCashInvoice')).toHaveLength(1);
    expect(pms.callsOf('addInvoiceProducts')).toHaveLength(1);
    expect(pms.callsOf('closeInvoice')).toHaveLength(1);
    expect((await getOutboxSummary(clock.now())).waitingForPairing).toBeNull();
  });

  it('unpaired between two steps of a sale: the refused step is read back, then sent once', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    pms.failNext('addInvoiceProducts', { kind: 'unpaired', device: 'device_revoked' });

    await replayAgainst(pms, clock);

    const held = await readPmsSteps(sale.id);
    expect(held?.sale.status).toBe('pending');
    expect(held?.intents.map((i) => [i.state, i.attempts, i.uncertainSends ?? 0])).toEqual([
      ['done', 1, 0],
      ['unsure', 1, 1],
      ['queued', 0, 0],
    ]);

    await endPairingHold();
    await replayUntilSettled(pms, clock);
    expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced');
    expect(pms.callsOf('addInvoiceProducts')).toHaveLength(2); // the refused one and the one applied
    expect([...pms.invoices.values()][0]?.items).toHaveLength(1);
    expect(pms.callsOf('getInvoice')).toHaveLength(1); // read back: not there, so sent again
  });

  it('a write whose first copy got through before the 401 (a silent browser resend) is not applied twice', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    pms.failNext('addInvoiceProducts', { kind: 'unpaired', device: 'device_revoked', afterApplying: true });

    await replayAgainst(pms, clock);
    await endPairingHold();
    await replayUntilSettled(pms, clock);

    expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced');
    expect(pms.callsOf('addInvoiceProducts')).toHaveLength(1);
    expect([...pms.invoices.values()][0]).toMatchObject({ status: 'closed', items: [{ quantity: 2 }] });
  });

  it('a read-back refused as unpaired leaves the step to check as it was, and checks it once paired', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });
    pms.failNext('addProducts', { kind: 'network', afterApplying: true });
    await replayAgainst(pms, clock);
    const unsure = (await readPmsSteps(sale.id))?.intents[0];
    expect(unsure).toMatchObject({ state: 'unsure', uncertainSends: 1 });

    pms.unpair();
    clock.advance(60_000);
    await replayAgainst(pms, clock);
    expect((await readPmsSteps(sale.id))?.intents[0]).toEqual(unsure);

    pms.pair();
    await endPairingHold();
    await replayUntilSettled(pms, clock);
    expect((await readPmsSteps(sale.id))?.sale.status).toBe('synced');
    expect(pms.rooms.get(501)).toHaveLength(1); // found by reading back, not sent twice
    expect(pms.callsOf('addProducts')).toHaveLength(1);
  });
});

describe('the service worker', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('reads the gateway 401 the same way, and does not ask Background Sync to retry while unpaired', async () => {
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    // /readyz needs no pairing: the worker's check before sending passes; the write meets the 401
    globalThis.fetch = async (url) =>
      String(url).endsWith('/readyz')
        ? new Response(JSON.stringify({ status: 'ready' }), { status: 200 })
        : new Response(JSON.stringify({ success: false, code: 'device_revoked', message: 'unpaired' }), {
            status: 401,
            headers: { 'content-type': 'application/json', 'x-till-gateway': '1' },
          });

    await expect(replayFromWorker()).resolves.toBeUndefined();

    const entry = await readSale(sale.id);
    expect(entry?.sale.status).toBe('pending');
    // the first step, recording the sale on the till server, was sent and refused: read back first
    expect(entry?.intents.map((i) => i.state)).toEqual(['unsure', 'queued', 'queued', 'queued']);
    expect((await getOutboxSummary()).waitingForPairing).toBe('device_revoked');
  });
});
