// A voided sale's void on the till server's ledger: the void queues one entry that carries
// `ledger.void@1`, so the ledger (and with it the Z, the TSE and the export) gets the void, with the
// approver and the reason, and first the sale itself when the ledger did not hold it yet. Owns which
// voids need it and the void's ledger record (the sale's lines and payments taken back).
// docs/outbox.md, "Voiding".
import type { LedgerRecord } from '../pms/ledger-wire.ts';
import { partLines } from '../shared/bill-share.ts';
import type { NewSale, SaleEntry } from '../storage/outbox-store.ts';
import { ledgerKindOf, ledgerRecordOf, RECORD_IN_LEDGER, RECORD_VOID_IN_LEDGER } from './intents/index.ts';
import { composeSale, type SaleOrigin } from './sale-draft.ts';
import { currentSteps } from './sale-state.ts';

/**
 * The entry that records `entry`'s void on the ledger (and the sale first, while its own ledger step is
 * still queued), or undefined when the ledger never holds its kind or the sale's ledger step failed.
 * Call it before the sale's ledger step is voided.
 */
export function voidOnLedger(
  entry: SaleEntry,
  origin: SaleOrigin,
  at: number,
  reason: string,
): ((reference: string) => NewSale) | undefined {
  const kind = ledgerKindOf(entry.sale);
  const step = currentSteps(entry.intents).find((i) => i.name === RECORD_IN_LEDGER);
  if (!kind || kind === 'void' || kind === 'take-back' || kind === 'refund') return undefined;
  // Being sent or unsure is refused before (void-sale.ts); refused by the ledger, it holds nothing to void.
  if (step?.state !== 'queued' && step?.state !== 'done') return undefined;
  const recorded = step.state === 'done';
  const sale = ledgerRecordOf(entry.sale, kind);
  return (reference) => {
    const composed = composeSale(origin, at, reference, {
      kind: 'charge-reversal',
      lines: entry.sale.lines,
      totalCents: -entry.sale.totalCents,
      reverses: entry.sale.id,
      reason,
      notes: [
        {
          at,
          text: recorded
            ? `Records on the till server that ${entry.sale.reference} was voided: ${reason}`
            : `Records on the till server that ${entry.sale.reference} was sold and voided: ${reason}`,
        },
      ],
      intents: [],
    });
    const voidRecord = voidRecordOf(sale, composed.sale.id, reference, origin, at, reason);
    const [first] = composed.intents;
    if (!first) throw new Error('a voided sale’s ledger entry has its ledger step');
    return {
      sale: composed.sale,
      intents: [
        {
          ...first,
          name: RECORD_VOID_IN_LEDGER,
          payload: recorded ? { void: voidRecord } : { sale, void: voidRecord },
        },
      ],
    };
  };
}

/** The void of `sale` as the ledger takes it: every line and payment taken back, naming the sale. */
export function voidRecordOf(
  sale: LedgerRecord,
  saleId: string,
  reference: string,
  origin: SaleOrigin,
  at: number,
  reason: string,
): LedgerRecord {
  const {
    ticketDiscount: _discount,
    split: _split,
    takeBack: _takeBack,
    shift: _shift,
    share,
    ...kept
  } = sale;
  // A part of an equal split is stored as the part's own lines: those are what its void takes back.
  const lines = share
    ? partLines(sale.lines, share.parts, share.part).map(({ quantityMilli: _milli, ...line }) => line)
    : sale.lines;
  return {
    ...kept,
    saleId,
    reference,
    kind: 'void',
    createdAt: new Date(at).toISOString(),
    staffId: origin.staffId ?? null,
    lines: lines.map((line) => ({ ...line, quantity: -line.quantity })),
    payments: sale.payments.map((payment) => ({
      method: payment.method,
      amountCents: -payment.amountCents,
      ...(payment.pmsPaymentMethodId !== undefined ? { pmsPaymentMethodId: payment.pmsPaymentMethodId } : {}),
      ...(payment.standalone ? { standalone: payment.standalone } : {}),
      // a stand-alone payment's tip goes back with it (a driven terminal's payment is reversed there)
      ...(payment.standalone && payment.tipCents ? { tipCents: -payment.tipCents } : {}),
    })),
    totalCents: -sale.totalCents,
    refersTo: sale.saleId,
    reason: reason.slice(0, 300),
    approvals: [...(origin.approvals ?? [])],
  };
}
