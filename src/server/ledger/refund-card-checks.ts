// Where a refund's card money goes back (issue 30): to the terminal that took it. A card refund of
// a payment this server's terminal took carries the terminal's data (card-check.ts checks the giving
// back); one of a payment taken on a stand-alone terminal is given back there and carries that
// terminal's receipt number; a card refund with neither, or of a sale without such a card payment,
// is refused; amount and tip are at most what is left of the sale's card payments of that kind.
import { ApiError } from '../../node-http/errors.ts';
import type { LedgerRecord } from '../../pms/ledger-wire.ts';
import type { HubDb } from '../hub/hub-db.ts';

type Way = 'terminal' | 'standalone';

interface Left {
  amountCents: number;
  tipCents: number;
}

const refuse = (field: string, message: string) =>
  new ApiError(409, `${field}: ${message}`, field, 'card_payment_unknown');

/**
 * @throws ApiError 409 `card_payment_unknown` naming the payment's field when `record` (a refund of
 * the stored record `referredSeq`) gives card money back another way than the sale took it, or more.
 */
export function checkRefundCards(db: HubDb, record: LedgerRecord, referredSeq: number): void {
  if (record.kind !== 'refund' || !record.payments.some((payment) => payment.method === 'card')) return;
  const rows = db
    .prepare(
      `SELECT s.kind, p.amount_cents AS amountCents, p.tip_cents AS tipCents, p.card IS NOT NULL AS driven
         FROM ledger_payments p JOIN ledger_sales s ON s.seq = p.sale_seq
        WHERE p.method = 'card'
          AND (s.seq = ? OR (s.kind = 'refund' AND s.refers_to = (SELECT sale_id FROM ledger_sales WHERE seq = ?)))`,
    )
    .all(referredSeq, referredSeq) as { amountCents: number; tipCents: number; driven: number }[];
  // What the sale took each way, less what refunds gave back that way before.
  const left: Record<Way, Left> = {
    terminal: { amountCents: 0, tipCents: 0 },
    standalone: { amountCents: 0, tipCents: 0 },
  };
  for (const row of rows) {
    const way = left[row.driven ? 'terminal' : 'standalone'];
    way.amountCents += row.amountCents;
    way.tipCents += row.tipCents;
  }
  const took = (way: Way) =>
    rows.some((row) => row.amountCents > 0 && (row.driven === 1) === (way === 'terminal'));
  record.payments.forEach((payment, index) => {
    if (payment.method !== 'card') return;
    const way: Way | undefined = payment.card ? 'terminal' : payment.standalone ? 'standalone' : undefined;
    const field = `payments.${index}.${way === 'standalone' ? 'standalone' : 'card'}`;
    if (!way)
      throw refuse(
        field,
        'a card refund names the terminal that gives the money back: this server’s (its data) or a stand-alone one (its receipt number)',
      );
    if (!took(way))
      throw refuse(
        field,
        way === 'terminal'
          ? 'the sale was not paid on this server’s terminal: refund it on the stand-alone terminal'
          : 'the sale was not paid on a stand-alone terminal: refund it on this server’s terminal',
      );
    const tip = payment.tipCents ?? 0;
    if (payment.amountCents > 0 || tip > 0)
      throw refuse(field, 'a refund gives money back: amount and tip at most 0');
    const rest = left[way];
    rest.amountCents += payment.amountCents;
    rest.tipCents += tip;
    if (rest.amountCents < 0 || rest.tipCents < 0)
      throw refuse(field, 'gives back more than is left of the sale’s card payment (amount or tip)');
  });
}
