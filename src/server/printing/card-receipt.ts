// What a printed receipt says of a card payment (issue 33): the amount the terminal charged, the tip
// in it, and the terminal's data a guest or a manager checks a charge by (card brand, the masked card
// number as the terminal gave it, terminal id, trace and receipt numbers). Never more of the card
// number than the terminal masked. The cardholder slip is the terminal's; where the terminal was to
// send it to the till and it never came, the till prints one from the same data (`cardholderCopy`).
import type { LedgerRecord } from '../../pms/ledger-wire.ts';
import type { PrintableReceipt } from '../../pms/print-calls.ts';
import type { HubDb } from '../hub/hub-db.ts';

type CardBlock = NonNullable<PrintableReceipt['card']>;
const DATA_FIELDS = ['brand', 'maskedPan', 'terminalId', 'traceNumber', 'receiptNumber'] as const;

/** Whether the card payment (sale, payment number) still wants a cardholder slip from the till. */
export type SlipMissing = (saleId: string, paymentNo: number) => boolean;

/**
 * Asks the card tables: the payment's terminal sends its slips to the till (not printing them
 * itself) and no slip lines came. False where there are no card tables (no terminal set up).
 * @example const missing = slipMissingIn(hub.db); missing('s-1', 1) === true
 */
export function slipMissingIn(db: HubDb): SlipMissing {
  return (saleId, paymentNo) => {
    try {
      const row = db
        .prepare(
          `SELECT p.slip AS slip, t.prints_own_slips AS printsOwn FROM card_payments p
             JOIN card_terminals t ON t.id = p.terminal_id
            WHERE p.sale_id = ? AND p.payment_no = ? AND p.state = 'approved'`,
        )
        .get(saleId, paymentNo) as { slip: string | null; printsOwn: number } | undefined;
      return row !== undefined && row.printsOwn === 0 && row.slip === null;
    } catch {
      return false;
    }
  };
}

/** The receipt's card block of `record`'s card payment; nothing for a sale without one. */
export function cardBlock(
  record: LedgerRecord,
  slipMissing: SlipMissing = () => false,
): { card?: CardBlock } {
  const paid = record.payments.find((payment) => payment.method === 'card');
  if (!paid) return {};
  const tipCents = paid.tipCents ?? 0;
  const card: CardBlock = { chargedCents: paid.amountCents + tipCents, tipCents };
  for (const field of DATA_FIELDS) {
    const value = paid.card?.[field];
    if (value !== undefined && value !== '') card[field] = String(value).slice(0, 40);
  }
  if (paid.standalone)
    return { card: { ...card, standalone: true, receiptNumber: paid.standalone.receiptNumber } };
  const paymentNo = Number(paid.card?.paymentNo ?? 1);
  if (Number.isInteger(paymentNo) && slipMissing(record.saleId, paymentNo)) card.cardholderCopy = true;
  return { card };
}
