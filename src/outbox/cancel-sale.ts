// Cancelling (refunding) a confirmed cash sale. The PMS interface has no refund or credit note, so
// nothing is sent: the journal records a correction (a `cash-cancellation` with the sale's lines at
// negative amounts, the reason, who and which approval) linked both ways to the sale, in one
// transaction; staff then cancel the PMS invoice by hand (docs/pms-api.md, "Refunds"). Owns when a
// cash sale may be cancelled: confirmed, not voided, not cancelled before, with a reason.
import { changeSale, type SaleEntry, type SaleWrite } from '../storage/outbox-store.ts';
import type { CardPaymentRecord, SaleRecord, StandaloneCardRecord } from '../storage/records.ts';
import { pmsInvoiceOf } from './invoice-of.ts';
import { isRefusal, OutboxActionRefused, type OutboxRefusal } from './refusal.ts';
import { composeSale, type SaleOrigin } from './sale-draft.ts';
import { announceOutboxChange } from './status.ts';

export { pmsInvoiceOf } from './invoice-of.ts';

export interface CashCancellationInput extends SaleOrigin {
  saleId: string;
  reason: string;
  staffId?: string;
  /** The manager's approval token, when the outlet needs one. */
  approval?: string;
  /** A card sale's money given back on the terminal (features/payment/card-refund.ts): for the refund's ledger record. */
  card?: CardPaymentRecord;
  /** A stand-alone card sale's money given back on the stand-alone terminal: its receipt number, the tip. */
  standaloneCard?: StandaloneCardRecord;
}

/** Why this sale cannot be cancelled, or undefined when it can. */
export function cancellationRefusal(entry: SaleEntry | undefined): OutboxRefusal | undefined {
  if (!entry) return { code: 'no-such-sale' };
  const { sale } = entry;
  if (sale.kind !== 'cash-sale') return { code: 'not-a-cash-sale', reference: sale.reference };
  if (sale.status === 'voided') return { code: 'voided', reference: sale.reference };
  if (sale.cancelledBy) return { code: 'already-cancelled', reference: sale.reference };
  if (sale.status !== 'synced') return { code: 'not-confirmed-yet', reference: sale.reference };
  return undefined;
}

/**
 * Records the cancellation of a confirmed cash sale; answers the cancellation record. Nothing is sent
 * to the PMS (see the header): the record has no steps and is settled as it is written.
 * @throws OutboxActionRefused when the sale cannot be cancelled (the journal is left as it was).
 * @example const slip = await cancelCashSale({ saleId, reason: 'wrong drink', staff: 'Anna', till: 'Bar 1' });
 */
export async function cancelCashSale(input: CashCancellationInput): Promise<SaleRecord> {
  const reason = input.reason.trim();
  if (!reason) throw new OutboxActionRefused({ code: 'cancel-needs-reason' });
  const at = input.at ?? Date.now();
  const outcome = await changeSale(input.saleId, (entry): SaleWrite<OutboxRefusal | (() => SaleRecord)> => {
    const refusal = cancellationRefusal(entry);
    return refusal ? { value: refusal } : cancellationWrite(entry!, { ...input, reason }, at);
  });
  if (isRefusal(outcome)) throw new OutboxActionRefused(outcome);
  const cancellation = outcome();
  announceOutboxChange({ type: 'recorded', saleId: cancellation.id });
  return cancellation;
}

function cancellationWrite(
  entry: SaleEntry,
  input: CashCancellationInput,
  at: number,
): SaleWrite<() => SaleRecord> {
  const { sale } = entry;
  const invoiceId = pmsInvoiceOf(entry.intents);
  const cancellationId = crypto.randomUUID();
  let created: SaleRecord | undefined;
  const inPms = invoiceId ? `cancel invoice ${invoiceId} in the PMS` : 'cancel its invoice in the PMS';
  return {
    sales: [
      {
        ...sale,
        cancelledBy: cancellationId,
        updatedAt: at,
        notes: [...sale.notes, { at, text: `Cancelled by ${input.staff}: ${input.reason} (${inPms})` }],
      },
    ],
    newSale: (reference) => {
      const composed = composeSale(input, at, reference, {
        id: cancellationId,
        kind: 'cash-cancellation',
        lines: sale.lines.map((line) => ({ ...line, quantity: -line.quantity })),
        totalCents: -sale.totalCents,
        ...(sale.payment ? { payment: sale.payment } : {}),
        cancels: { saleId: sale.id, reference: sale.reference, ...(invoiceId ? { invoiceId } : {}) },
        notes: [{ at, text: `Cancels ${sale.reference}: ${input.reason}. Nothing is sent: ${inPms}.` }],
        intents: [],
      });
      created = {
        ...composed.sale,
        // its one step records the refund on the till server's ledger; nothing goes to the PMS
        ...(composed.intents.length === 0 ? { status: 'synced' as const } : {}),
        reason: input.reason,
        ...(input.staffId ? { staffId: input.staffId } : {}),
        ...(input.approval ? { approvals: [input.approval] } : {}),
        ...(sale.tender ? { tender: { method: sale.tender.method } } : {}),
        ...(input.card ? { card: input.card } : {}),
        ...(input.standaloneCard ? { standaloneCard: input.standaloneCard } : {}),
      };
      return { sale: created, intents: composed.intents };
    },
    value: () => {
      if (!created) throw new Error('the cancellation was not written');
      return created;
    },
  };
}
