// A replay run's due ledger steps go to the till server in batches (`recordLedgerSales`, the
// batch endpoint): 300 due steps in at most 3 requests, each step settled from its own record's
// result as the single call settles it (a refusal needs attention alone), and a batch whose answer
// was lost is each step's unknown outcome: sent again, recorded once.
import { describe, expect, it } from 'vitest';
import { recordCashSale } from '../../src/outbox/journal.ts';
import type { LedgerRecord, LedgerRecordAnswer } from '../../src/pms/ledger-wire.ts';
import { readSale } from '../../src/storage/outbox-store.ts';
import { createFakePms, type FakePms } from './support/fake-pms.ts';
import { pmsFailure } from './support/fake-pms-shapes.ts';
import {
  CARD_PAYMENT,
  createClock,
  PILS,
  replayAgainst,
  replayUntilSettled,
  TILL,
  useFreshDatabase,
} from './support/setup.ts';

useFreshDatabase();

/** Gives the fake the batch call: each record as the single call takes it; counts the requests. */
function withBatch(pms: FakePms, lostAnswers = 0) {
  const requests: number[] = [];
  let toLose = lostAnswers;
  pms.client.recordLedgerSales = async (records: LedgerRecord[]) => {
    requests.push(records.length);
    const results = await Promise.all(
      records.map((record) =>
        pms.client.recordLedgerSale(record).then(
          (answer): LedgerRecordAnswer | Error => answer,
          (error: Error) => error,
        ),
      ),
    );
    if (toLose-- > 0) throw pmsFailure('recordLedgerSale', { kind: 'timeout' }); // applied, answer lost
    return results;
  };
  return requests;
}

async function sales(count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT })).id);
  return ids;
}

async function ledgerStates(ids: string[]) {
  return Promise.all(ids.map(async (id) => (await readSale(id))?.intents[0]?.state));
}

describe('due ledger steps in batches', () => {
  it('sends 300 due ledger steps in at most 4 requests (3 batches of 100 seen), and every one settles', async () => {
    const pms = createFakePms();
    const requests = withBatch(pms);
    const ids = await sales(300);
    pms.failNext('createCashInvoice', { kind: 'network' }); // the PMS steps wait: the ledger round alone

    await replayAgainst(pms, createClock());

    // a record that came after its batch left goes alone (the fake's single call sees every record)
    const sent = pms.ledgerCalls.filter((c) => c.operation === 'recordLedgerSale').length;
    const alone = sent - requests.reduce((a, b) => a + b, 0);
    expect(sent).toBe(300);
    expect(requests.length + alone).toBeLessThanOrEqual(4);
    expect(pms.ledger.size).toBe(300);
    expect(new Set(await ledgerStates(ids))).toEqual(new Set(['done']));
    const seqs = await Promise.all(ids.map(async (id) => (await readSale(id))?.intents[0]?.result));
    expect(new Set(seqs.map((r) => (r as { seq: number }).seq)).size).toBe(300);
  }, 120_000);

  it('settles each step from its own result: one refused needs attention, the others are recorded', async () => {
    const pms = createFakePms();
    withBatch(pms);
    const ids = await sales(5);
    pms.failNext('recordLedgerSale', {
      kind: 'rejected',
      status: 409,
      code: 'sale_conflict',
      message: 'taken',
    });
    pms.failNext('createCashInvoice', { kind: 'network' });

    await replayAgainst(pms, createClock());

    const entries = await Promise.all(ids.map((id) => readSale(id)));
    const refused = entries.filter((e) => e?.sale.status === 'needs-attention');
    expect(refused).toHaveLength(1);
    expect(refused[0]?.intents[0]?.lastError).toMatchObject({ code: 'sale_conflict', status: 409 });
    expect(pms.ledger.size).toBe(4);
    expect(entries.filter((e) => e?.intents[0]?.state === 'done')).toHaveLength(4);
  });

  it('treats a lost batch answer as each step unknown: sent again, each recorded once', async () => {
    const pms = createFakePms();
    const requests = withBatch(pms, 1);
    const ids = await sales(4);

    await replayUntilSettled(pms, createClock());

    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(pms.ledger.size).toBe(4);
    expect([...pms.ledger.values()].map((e) => e.seq).sort()).toEqual([1, 2, 3, 4]);
    const entries = await Promise.all(ids.map((id) => readSale(id)));
    expect(entries.map((e) => e?.sale.status)).toEqual(['synced', 'synced', 'synced', 'synced']);
    expect(entries.map((e) => e?.intents[0]?.attempts)).toEqual([2, 2, 2, 2]);
  });
});
