// The ledger's cross-check of a recorded card payment against the card terminal's own rows
// (card-terminal/, issue 25): a record whose payment carries terminal data must name a payment this
// server made on a terminal: same sale, payment number, amount, tip and trace, approved (or
// reversed since); a refund's must name a reversal or refund the terminal made for the sale it
// refers to. Owns only the rule; the rows come through `CardPaymentSource`. docs/ledger.md "Card payments".
import { ApiError } from '../../node-http/errors.ts';
import type { LedgerRecord } from '../../pms/ledger-wire.ts';

/** A card payment as the terminal service keeps it. */
export interface TerminalPayment {
  state: string;
  amountCents: number;
  /** The till's and the terminal's tip together. */
  tipCents: number;
  traceNumber: number | null;
}

/** What the check reads of the card terminal's rows (card-terminal/card-payments.ts). */
export interface CardPaymentSource {
  payment(saleId: string, paymentNo: number): TerminalPayment | undefined;
  /** Whether the terminal gave money of `saleId` back (an approved reversal or refund). */
  gaveBack(saleId: string): boolean;
}

/**
 * Throws 409 `card_payment_unknown` (naming the payment's field) when `record` claims a card payment
 * the terminal never made. A card payment without terminal data (a card taken on a terminal the till
 * does not drive) is not checked; without a source (no card service) terminal data is refused.
 */
export function checkCardPayments(record: LedgerRecord, source: CardPaymentSource | undefined): void {
  for (const [index, payment] of record.payments.entries()) {
    if (payment.method !== 'card' || !payment.card) continue;
    const field = `payments.${index}.card`;
    const refused = (why: string) => new ApiError(409, `${field}: ${why}`, field, 'card_payment_unknown');
    if (!source) throw refused('no card terminal service answers for this server');
    if (record.kind === 'refund') {
      if (!record.refersTo || !source.gaveBack(record.refersTo))
        throw refused('the terminal gave no money back for the sale this refunds');
      continue;
    }
    if (record.kind !== 'sale') throw refused(`a ${record.kind} record carries no terminal payment`);
    const paymentNo = payment.card.paymentNo;
    if (typeof paymentNo !== 'number') throw refused('paymentNo: the card payment is not named');
    const made = source.payment(record.saleId, paymentNo);
    if (!made || (made.state !== 'approved' && made.state !== 'reversed'))
      throw refused('the terminal approved no such payment for this sale');
    if (made.amountCents !== payment.amountCents)
      throw refused(
        `the terminal charged ${made.amountCents} cents for the sale, not ${payment.amountCents}`,
      );
    if (made.tipCents !== (payment.tipCents ?? 0))
      throw refused(`the terminal charged a tip of ${made.tipCents} cents, not ${payment.tipCents ?? 0}`);
    if (made.traceNumber !== payment.card.traceNumber)
      throw refused('the trace number is not the terminal payment’s');
  }
}
