// What a printed receipt says of a card payment (issue 33): the amount the terminal charged, the tip
// in it, and the terminal's data a guest or a manager checks a charge by (card brand, the masked card
// number as the terminal gave it, terminal id, trace and receipt numbers). Never more of the card
// number than the terminal masked; the terminal's own cardholder slip stays the terminal's.
import type { LedgerRecord } from '../../pms/ledger-wire.ts';
import type { PrintableReceipt } from '../../pms/print-calls.ts';

type CardBlock = NonNullable<PrintableReceipt['card']>;
const DATA_FIELDS = ['brand', 'maskedPan', 'terminalId', 'traceNumber', 'receiptNumber'] as const;

/** The receipt's card block of `record`'s card payment; nothing for a sale without one. */
export function cardBlock(record: LedgerRecord): { card?: CardBlock } {
  const paid = record.payments.find((payment) => payment.method === 'card');
  if (!paid) return {};
  const tipCents = paid.tipCents ?? 0;
  const card: CardBlock = { chargedCents: paid.amountCents + tipCents, tipCents };
  for (const field of DATA_FIELDS) {
    const value = paid.card?.[field];
    if (value !== undefined && value !== '') card[field] = String(value).slice(0, 40);
  }
  return { card };
}
