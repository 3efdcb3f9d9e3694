// The run's readiness check before its first send (issue 22, major 1): while the till server or the
// PMS does not answer, nothing is sent, so a sale made during an outage stays queued (never unsure),
// says which server was down, and can be voided; the PMS never sees it.
import { describe, expect, it } from 'vitest';
import { voidSale } from '../../src/outbox/actions.ts';
import { recordCashSale } from '../../src/outbox/journal.ts';
import { getOutboxSummary } from '../../src/outbox/status.ts';
import { readSale } from '../../src/storage/outbox-store.ts';
import { createFakePms } from './support/fake-pms.ts';
import { CARD_PAYMENT, createClock, PILS, replayAgainst, TILL, useFreshDatabase } from './support/setup.ts';

useFreshDatabase();

describe('a run whose readiness check does not answer ready', () => {
  it('sends nothing: the sale stays queued, the last error names the till server, and it can be voided', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    let asked = 0;
    const report = await replayAgainst(pms, clock, {
      readyToSend: async () => {
        asked += 1;
        return 'till-unreachable';
      },
    });

    expect(asked).toBe(1);
    expect(report.stoppedBy).toBe('unreachable');
    expect(pms.callsOf('createCashInvoice')).toHaveLength(0);
    const waiting = await readSale(sale.id);
    // The ledger's step 0 and the three PMS steps: none sent.
    expect(waiting?.intents.map((i) => i.state)).toEqual(['queued', 'queued', 'queued', 'queued']);
    expect(waiting?.intents[0]).toMatchObject({ attempts: 0, lastError: { kind: 'network' } });
    expect((await getOutboxSummary(clock.now())).lastError).toMatchObject({ unreachable: 'till-server' });

    await voidSale(sale.id, 'guest left', TILL);
    clock.advance(120_000);
    await replayAgainst(pms, clock, { readyToSend: async () => 'ready' });
    expect((await readSale(sale.id))?.sale.status).toBe('voided');
    expect(pms.callsOf('createCashInvoice')).toHaveLength(0);
  });

  it('names the PMS when the till server says the PMS is down, and sends once it answers ready', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    await replayAgainst(pms, clock, { readyToSend: async () => 'pms-unreachable' });
    expect((await getOutboxSummary(clock.now())).lastError).toMatchObject({ unreachable: 'pms' });
    expect((await readSale(sale.id))?.intents[0]?.lastError).toMatchObject({ pmsUnreachable: true });

    clock.advance(120_000);
    await replayAgainst(pms, clock, { readyToSend: async () => 'ready' });
    expect((await readSale(sale.id))?.sale.status).toBe('synced');
    expect(pms.callsOf('createCashInvoice')).toHaveLength(1);
  });
});
