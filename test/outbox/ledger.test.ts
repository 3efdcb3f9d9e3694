// The sales ledger's step (ledger.record@1, step 0 of every sale) and the outcome reports: what the
// till server's ledger holds after a replay (the fake keeps it by sale id, idempotently, as the
// server does), through lost answers and refusals, and which outcomes reach it, once.
import { describe, expect, it } from 'vitest';
import { cancelCashSale } from '../../src/outbox/cancel-sale.ts';
import {
  recordCashSale,
  recordLineTakeBack,
  recordRoomCharge,
  recordShiftClose,
} from '../../src/outbox/journal.ts';
import { voidSale } from '../../src/outbox/void-sale.ts';
import { PmsRejectedError, PmsServerError } from '../../src/pms/errors.ts';
import { readSale } from '../../src/storage/outbox-store.ts';
import { loadTexts } from '../../src/words/i18n.ts';
import { stepProblem } from '../../src/words/sync-problems.ts';
import { createFakePms } from './support/fake-pms.ts';
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

const PILS_LEDGER = {
  ...PILS,
  cataloguePriceCents: 420,
  taxClassId: 1,
  vatRateBp: 1900,
  commodityGroupId: 3,
  commodityGroupName: 'Beer',
};

describe('recording a sale on the till server first', () => {
  it('records a cash sale with its lines, payment, staff and approvals before the PMS steps, once', async () => {
    const pms = createFakePms();
    const sale = await recordCashSale({
      ...TILL,
      staffId: 'staff-mia',
      lines: [PILS_LEDGER],
      payment: CARD_PAYMENT,
      tender: { method: 'cash', tenderedCents: 1000, changeCents: 160 },
      approvals: ['token-1'],
    });

    await replayAgainst(pms, createClock());

    expect(pms.ledgerCalls.map((c) => c.operation)).toEqual([
      'recordLedgerSale',
      'reportLedgerOutcome',
      'reportLedgerOutcome',
      'reportLedgerOutcome',
    ]);
    expect(pms.ledger.get(sale.id)?.record).toEqual({
      v: 1,
      saleId: sale.id,
      reference: sale.reference,
      kind: 'sale',
      createdAt: new Date(sale.createdAt).toISOString(),
      staffId: 'staff-mia',
      lines: [
        {
          productId: 7,
          name: 'Pils 0,3 l',
          quantity: 2,
          unitPriceCents: 420,
          cataloguePriceCents: 420,
          vatRateBp: 1900,
          taxClassId: 1,
          commodityGroupId: 3,
          commodityGroupName: 'Beer',
        },
      ],
      payments: [
        { method: 'cash', amountCents: 840, pmsPaymentMethodId: 2, tenderedCents: 1000, changeCents: 160 },
      ],
      totalCents: 840,
      approvals: ['token-1'],
    });
    const entry = await readSale(sale.id);
    expect(entry?.sale.status).toBe('synced');
    expect(entry?.intents.map((i) => [i.step, i.name, i.state])).toEqual([
      [0, 'ledger.record@1', 'done'],
      [1, 'cash-invoice.create@1', 'done'],
      [2, 'cash-invoice.add-products@1', 'done'],
      [3, 'cash-invoice.close@1', 'done'],
    ]);
    expect(entry?.intents[0]?.result).toEqual({
      seq: 1,
      receiptNumber: 1,
      recordedAt: '2026-11-22T20:00:00.000Z',
    });
  });

  it('records a sale paid through the card terminal once, with its terminal data and the tip apart', async () => {
    const pms = createFakePms();
    const card = {
      paymentNo: 1,
      brand: 'Debit Mastercard',
      maskedPan: '************4771',
      terminalId: '52500038',
      traceNumber: 17,
      receiptNumber: 9,
      amountCents: 840,
      tipCents: 160,
      tipFrom: 'terminal' as const,
    };
    const sale = await recordCashSale({
      ...TILL,
      lines: [PILS_LEDGER],
      payment: CARD_PAYMENT,
      tender: { method: 'card' },
      card,
    });
    await replayAgainst(pms, createClock());
    await replayAgainst(pms, createClock());
    expect(pms.ledgerCalls.filter((c) => c.operation === 'recordLedgerSale')).toHaveLength(1);
    expect(pms.ledger.get(sale.id)?.record.payments).toEqual([
      {
        method: 'card',
        amountCents: 840,
        pmsPaymentMethodId: 2,
        tipCents: 160,
        card: {
          paymentNo: 1,
          brand: 'Debit Mastercard',
          maskedPan: '************4771',
          terminalId: '52500038',
          traceNumber: 17,
          receiptNumber: 9,
          tipFrom: 'terminal',
        },
      },
    ]);
    expect(pms.ledger.get(sale.id)?.record.totalCents).toBe(840);
  });

  it('records the refund of a card sale as a card payment back, the tip given back too', async () => {
    const pms = createFakePms();
    const card = {
      paymentNo: 1,
      brand: 'Visa',
      maskedPan: '************0119',
      terminalId: '52500038',
      traceNumber: 21,
      receiptNumber: 12,
      amountCents: 840,
      tipCents: 100,
      tipFrom: 'till' as const,
    };
    const sale = await recordCashSale({
      ...TILL,
      lines: [PILS_LEDGER],
      payment: CARD_PAYMENT,
      tender: { method: 'card' },
      card,
    });
    await replayAgainst(pms, createClock());
    // the terminal's reversal: its own trace and receipt numbers (features/payment/card-refund.ts)
    const cancellation = await cancelCashSale({
      ...TILL,
      saleId: sale.id,
      reason: 'wrong drink',
      card: { ...card, traceNumber: 22, receiptNumber: 13 },
    });
    await replayAgainst(pms, createClock());
    const record = pms.ledger.get(cancellation.id)?.record;
    expect(record).toMatchObject({ kind: 'refund', refersTo: sale.id, totalCents: -840 });
    expect(record?.payments).toEqual([
      {
        method: 'card',
        amountCents: -840,
        pmsPaymentMethodId: 2,
        tipCents: -100,
        card: {
          paymentNo: 1,
          brand: 'Visa',
          maskedPan: '************0119',
          terminalId: '52500038',
          traceNumber: 22,
          receiptNumber: 13,
          tipFrom: 'till',
        },
      },
    ]);
  });

  it('records a stand-alone card sale with its tip, and its refund on the stand-alone terminal with the tip given back', async () => {
    // issue 30: a stand-alone payment is refunded there, with that refund's receipt number, never on this server's terminal
    const pms = createFakePms();
    const sale = await recordCashSale({
      ...TILL,
      lines: [PILS_LEDGER],
      payment: CARD_PAYMENT,
      tender: { method: 'card' },
      standaloneCard: { receiptNumber: '0042', tipCents: 160 },
    });
    await replayAgainst(pms, createClock());
    expect(pms.ledger.get(sale.id)?.record.payments).toEqual([
      {
        method: 'card',
        amountCents: 840,
        pmsPaymentMethodId: 2,
        standalone: { receiptNumber: '0042' },
        tipCents: 160,
      },
    ]);
    const cancellation = await cancelCashSale({
      ...TILL,
      saleId: sale.id,
      reason: 'wrong drink',
      standaloneCard: { receiptNumber: '0057', tipCents: 160 },
    });
    await replayAgainst(pms, createClock());
    const record = pms.ledger.get(cancellation.id)?.record;
    expect(record).toMatchObject({ kind: 'refund', refersTo: sale.id, totalCents: -840 });
    expect(record?.payments).toEqual([
      {
        method: 'card',
        amountCents: -840,
        pmsPaymentMethodId: 2,
        standalone: { receiptNumber: '0057' },
        tipCents: -160,
      },
    ]);
  });

  it('sends nothing to the PMS until the ledger holds the sale', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    pms.failNext('recordLedgerSale', { kind: 'network' });

    await replayAgainst(pms, clock);

    expect(pms.calls).toEqual([]);
    expect(pms.ledger.size).toBe(0);
    expect((await readSale(sale.id))?.sale.status).toBe('pending');
  });

  it('sends the record again after a lost answer, and the ledger holds it once with its first answer', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    pms.failNext('recordLedgerSale', { kind: 'timeout', afterApplying: true });

    await replayUntilSettled(pms, clock);

    expect(pms.ledgerCalls.filter((c) => c.operation === 'recordLedgerSale')).toHaveLength(2);
    expect(pms.ledger.size).toBe(1);
    expect(pms.invoices.size).toBe(1);
    const entry = await readSale(sale.id);
    expect(entry?.sale.status).toBe('synced');
    expect(entry?.intents[0]).toMatchObject({ state: 'done', attempts: 2, result: { seq: 1 } });
  });

  it('a refusal (another sale under this id) makes the sale need attention in staff words, its PMS steps held', async () => {
    const pms = createFakePms();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    pms.failNext('recordLedgerSale', {
      kind: 'rejected',
      status: 409,
      code: 'sale_conflict',
      message: 'sale already recorded with another body',
    });

    await replayAgainst(pms, createClock());

    expect(pms.calls).toEqual([]);
    const entry = await readSale(sale.id);
    expect(entry?.sale.status).toBe('needs-attention');
    expect(entry?.sale.attention).toMatchObject({ step: 0, kind: 'rejected', status: 409 });
    expect(entry?.intents[0]?.lastError).toMatchObject({ code: 'sale_conflict', status: 409 });
    expect(entry?.intents.slice(1).map((i) => i.state)).toEqual(['queued', 'queued', 'queued']);
  });

  it('a card payment the server’s terminal never made holds the sale for attention, in staff words', async () => {
    const pms = createFakePms();
    const sale = await recordCashSale({
      ...TILL,
      lines: [PILS],
      payment: CARD_PAYMENT,
      tender: { method: 'card' },
    });
    pms.failNext('recordLedgerSale', {
      kind: 'rejected',
      status: 409,
      code: 'card_payment_unknown',
      message: 'payments.0.card: the terminal approved no such payment for this sale',
    });

    await replayAgainst(pms, createClock());

    expect(pms.calls).toEqual([]);
    const entry = await readSale(sale.id);
    expect(entry?.sale.status).toBe('needs-attention');
    await loadTexts('sync');
    expect(stepProblem(entry!.intents[0]!, entry!.sale)).toBe(
      'The till server knows no card payment on its terminal that matches this sale (payments.0.card: the terminal approved no such payment for this sale). Check the terminal’s slips for it, then ask a manager.',
    );
  });

  it('records a room charge and a take-back of one of its lines (negative, referring to the charge)', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const charge = await recordRoomCharge({
      ...TILL,
      room: { roomReservationId: 501, roomNumber: '12', guestName: 'Bauer' },
      lines: [PILS],
    });
    await replayAgainst(pms, clock);
    const takeBack = await recordLineTakeBack({
      ...TILL,
      chargeId: charge.id,
      id: crypto.randomUUID(),
      line: 0,
      quantity: 1,
      reason: 'spilt',
    });
    await replayUntilSettled(pms, clock);

    expect(pms.ledger.get(charge.id)?.record).toMatchObject({
      kind: 'room-charge',
      room: { roomReservationId: 501, roomNumber: '12', guestName: 'Bauer' },
      payments: [{ method: 'room', amountCents: 840 }],
      totalCents: 840,
    });
    expect(pms.ledger.get(takeBack.id)?.record).toMatchObject({
      kind: 'take-back',
      refersTo: charge.id,
      takeBack: { line: 0, quantity: 1 },
      lines: [{ productId: 7, quantity: -1, unitPriceCents: 420 }],
      payments: [{ method: 'room', amountCents: -420 }],
      totalCents: -420,
    });
  });
});

describe('a sale recorded during a PMS round', () => {
  it('goes to the ledger beside the round, and its PMS steps after the older sales’', async () => {
    const pms = createFakePms();
    const older = [];
    for (let index = 0; index < 3; index++)
      older.push(await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT }));
    // the PMS takes 300 ms for each new invoice: the round of three takes about a second
    const inLedgerAtEachInvoice: boolean[] = [];
    let newest: string | undefined;
    pms.setAround(async (operation) => {
      if (operation !== 'createCashInvoice') return;
      inLedgerAtEachInvoice.push(newest !== undefined && pms.ledger.has(newest));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });

    const run = replayAgainst(pms, createClock(), { concurrency: 1 });
    await new Promise((resolve) => setTimeout(resolve, 150)); // the round's first invoice is under way
    newest = (await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT })).id;
    await run;

    // in the ledger by the second older sale's invoice, not after the round
    expect(inLedgerAtEachInvoice).toEqual([false, true, true, true]);
    // the fake numbers invoices in the order they are made: the newest sale's is made after the others'
    const invoiceIds = await Promise.all(
      [...older.map((sale) => sale.id), newest].map(async (id) => {
        const created = (await readSale(id))?.intents.find((i) => i.name === 'cash-invoice.create@1');
        return (created?.result as { invoiceId: number } | undefined)?.invoiceId ?? 0;
      }),
    );
    expect(Math.max(...invoiceIds.slice(0, 3))).toBeLessThan(invoiceIds[3]!);
    expect((await readSale(newest))?.sale.status).toBe('synced');
  });
});

describe('a closed shift', () => {
  it('is recorded on the ledger only, with its approval, and sends nothing to the PMS', async () => {
    const pms = createFakePms();
    const shiftId = crypto.randomUUID();
    await recordShiftClose({ ...TILL, staffId: 'staff-anna', shiftId, approvals: ['close-token'] });

    await replayAgainst(pms, createClock());

    expect(pms.calls).toEqual([]);
    expect(pms.ledger.get(shiftId)?.record).toMatchObject({
      kind: 'shift-close',
      lines: [],
      payments: [],
      totalCents: 0,
      staffId: 'staff-anna',
      approvals: ['close-token'],
      shift: { shiftId },
    });
    expect((await readSale(shiftId))?.sale.status).toBe('synced');
  });
});

describe('reporting where each PMS step ended', () => {
  it('reports each step once, done with the invoice id, and clears the reports the server took', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });

    await replayAgainst(pms, clock);
    await replayAgainst(pms, clock); // nothing more to report

    const invoiceId = [...pms.invoices.keys()][0];
    expect(
      pms.outcomes.map(({ outcome }) => [outcome.step, outcome.intent, outcome.outcome, outcome.invoiceId]),
    ).toEqual([
      [1, 'cash-invoice.create@1', 'done', invoiceId],
      [2, 'cash-invoice.add-products@1', 'done', invoiceId],
      [3, 'cash-invoice.close@1', 'done', invoiceId],
    ]);
    const stored = (await readSale(sale.id))?.sale;
    expect(stored?.ledgerOutcomes).toBeUndefined();
    expect(stored?.ledgerUnreported).toBeUndefined();
  });

  it('reports a room charge’s charge ids', async () => {
    const pms = createFakePms();
    await recordRoomCharge({ ...TILL, room: { roomReservationId: 501 }, lines: [PILS] });

    await replayAgainst(pms, createClock());

    const charged = pms.rooms.get(501)!.map((item) => item.id);
    expect(pms.outcomes.map(({ outcome }) => [outcome.outcome, outcome.chargeIds])).toEqual([
      ['done', charged],
    ]);
  });

  it('reports a refusal and, once staff void the sale, the voided steps', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    pms.failNext('addInvoiceProducts', { kind: 'rejected', status: 422, message: 'no such product' });

    await replayAgainst(pms, clock);
    await voidSale(sale.id, 'sold by mistake', TILL);
    await replayAgainst(pms, clock);

    expect(pms.outcomes.map(({ outcome }) => [outcome.step, outcome.outcome, outcome.message])).toEqual([
      [1, 'done', undefined],
      [2, 'refused', 'no such product'],
      [2, 'voided', 'no such product'],
      [3, 'voided', undefined],
    ]);
  });

  it('sends the reports of many sales in batches of at most 100, each sale whole, and clears them', async () => {
    const pms = createFakePms();
    pms.takeOutcomeBatches();
    const sales = [];
    for (let index = 0; index < 70; index++)
      sales.push(await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT }));

    await replayAgainst(pms, createClock());

    const batches = pms.ledgerCalls
      .filter((call) => call.operation === 'reportLedgerOutcome')
      .map((call) => (call.args as { batch: { saleId: string }[] }).batch);
    // 3 reports a sale: 33 sales (99 reports) a batch, and the 4 left
    expect(batches.map((batch) => batch.length)).toEqual([99, 99, 12]);
    for (const batch of batches) {
      const inBatch = new Set(batch.map((report) => report.saleId));
      for (const saleId of inBatch) expect(batch.filter((r) => r.saleId === saleId)).toHaveLength(3);
    }
    expect(pms.outcomes).toHaveLength(210);
    for (const sale of sales) {
      expect(pms.outcomes.filter((o) => o.saleId === sale.id).map((o) => o.outcome.step)).toEqual([1, 2, 3]);
      expect((await readSale(sale.id))?.sale.ledgerOutcomes).toBeUndefined();
    }
  });

  it('in a batch, drops a report the server refused for good and keeps one it could not take for now', async () => {
    const pms = createFakePms();
    pms.takeOutcomeBatches();
    const clock = createClock();
    const kept = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    const refused = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    const later = pms.client.reportLedgerOutcomes!;
    // the server refuses every report of one sale (404) and answers 500 to the other's second (step 2)
    pms.client.reportLedgerOutcomes = async (reports) => {
      const answers = await later(reports);
      return answers.map((answer, index) =>
        reports[index]!.saleId === refused.id
          ? new PmsRejectedError(
              { operation: 'reportLedgerOutcome', method: 'POST', url: 'fake' },
              { status: 404, pmsMessage: 'no sale' },
            )
          : reports[index]!.outcome.step === 2
            ? new PmsServerError(
                { operation: 'reportLedgerOutcome', method: 'POST', url: 'fake' },
                { status: 500, pmsMessage: 'fault', pmsUnreachable: false },
              )
            : answer,
      );
    };

    const first = await replayAgainst(pms, clock);
    expect(first.nextAttemptAt).toBe(clock.now() + 5000); // the one left waits for the next try
    expect((await readSale(refused.id))?.sale.ledgerOutcomes).toBeUndefined();
    expect((await readSale(kept.id))?.sale.ledgerOutcomes?.map((o) => o.step)).toEqual([2, 3]);

    pms.client.reportLedgerOutcomes = later;
    await replayAgainst(pms, clock);
    expect((await readSale(kept.id))?.sale.ledgerOutcomes).toBeUndefined();
  });

  it('sends the reports during a run that goes on, not only when it ends', async () => {
    const pms = createFakePms();
    pms.takeOutcomeBatches();
    for (let index = 0; index < 4; index++)
      await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    const slow = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    // the last sale's invoice waits until the ledger heard of the others (at most 8 s)
    let heardDuringRun = false;
    pms.setAround(async (operation) => {
      if (operation !== 'createCashInvoice' || pms.callsOf('createCashInvoice').length !== 5) return;
      const until = Date.now() + 8000;
      while (pms.outcomes.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      heardDuringRun = pms.outcomes.length > 0;
    });

    const report = await replayAgainst(pms, createClock());

    expect(heardDuringRun).toBe(true);
    expect(pms.outcomes.filter((o) => o.saleId !== slow.id)).toHaveLength(12);
    expect(pms.outcomes.filter((o) => o.saleId === slow.id)).toHaveLength(3); // after the run
    expect(report.outcomesReported).toBe(15);
  });

  it('keeps the reports while the till server cannot be reached, and sends them on the next run', async () => {
    const pms = createFakePms();
    const clock = createClock();
    const sale = await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
    pms.failNext('reportLedgerOutcome', { kind: 'network' });

    const first = await replayAgainst(pms, clock);
    expect(first.nextAttemptAt).toBe(clock.now() + 5000); // nothing else would wake the replayer
    expect(pms.outcomes).toEqual([]);
    expect((await readSale(sale.id))?.sale.ledgerOutcomes).toHaveLength(3);

    await replayAgainst(pms, clock);
    expect(pms.outcomes.map(({ outcome }) => outcome.step)).toEqual([1, 2, 3]);
    expect((await readSale(sale.id))?.sale.ledgerOutcomes).toBeUndefined();
  });
});
