// What a void, take-back or refund may take back of the record it refers to: at most what is left
// of it, product by product (quantity and money) and in all, counting every correction recorded
// against it before; so the same sale is never refunded twice beyond its amount, whatever an
// approval says. A refund refers to a sale paid at the till. docs/ledger.md, "Recording".
import { ApiError } from '../../node-http/errors.ts';
import type { LedgerRecord } from '../../pms/ledger-wire.ts';
import { lineGross } from '../../shared/vat.ts';
import type { HubDb } from '../hub/hub-db.ts';

const TAKES_BACK = new Set(['void', 'take-back', 'refund']);
/** What each correcting kind may refer to. */
const REFERS_TO: Record<string, readonly string[]> = {
  void: ['sale', 'room-charge', 'late-charge'],
  'take-back': ['room-charge', 'late-charge'],
  refund: ['sale'],
};

const refuse = (field: string, message: string) =>
  new ApiError(409, `${field}: ${message}`, field, 'refund_exceeds_sale');

interface Taken {
  quantity: number;
  cents: number;
}

/**
 * @throws ApiError 409 `refund_exceeds_sale` when `record` takes back more than is left of
 * `referred` (the stored record it refers to), or a product it did not sell; 422 `sale_unknown`
 * when it refers to a kind it cannot take back.
 */
export function checkRefundLeft(
  db: HubDb,
  record: LedgerRecord,
  referred: { seq: number; kind: string; totalCents: number; body: string },
): void {
  if (!TAKES_BACK.has(record.kind)) return;
  if (!REFERS_TO[record.kind]!.includes(referred.kind))
    throw new ApiError(
      422,
      `refersTo: a ${record.kind} cannot refer to a ${referred.kind}`,
      'refersTo',
      'sale_unknown',
    );
  const sold = new Map<number, Taken>();
  for (const line of (JSON.parse(referred.body) as LedgerRecord).lines)
    add(sold, line.productId, line.quantity, lineGross(line));
  const taken = new Map<number, Taken>();
  let takenCents = 0;
  const earlier = db
    .prepare(
      `SELECT l.product_id AS productId, l.quantity, l.gross_cents AS gross
         FROM ledger_lines l JOIN ledger_sales s ON s.seq = l.sale_seq
        WHERE s.refers_to = (SELECT sale_id FROM ledger_sales WHERE seq = ?)
          AND s.kind IN ('void', 'take-back', 'refund')`,
    )
    .all(referred.seq) as { productId: number; quantity: number; gross: number }[];
  for (const row of earlier) {
    add(taken, row.productId, -row.quantity, -row.gross);
    takenCents -= row.gross;
  }
  record.lines.forEach((line, index) => {
    add(taken, line.productId, -line.quantity, -lineGross(line));
    const had = sold.get(line.productId);
    const now = taken.get(line.productId)!;
    if (!had) throw refuse(`lines.${index}.productId`, `the referred sale has no product ${line.productId}`);
    if (now.quantity > had.quantity || now.cents > had.cents)
      throw refuse(
        `lines.${index}.quantity`,
        `takes back ${now.quantity} for ${now.cents} cents in all of ${had.quantity} sold for ${had.cents}`,
      );
  });
  const left = referred.totalCents - takenCents;
  if (Math.abs(record.totalCents) > left)
    throw refuse(
      'totalCents',
      `${Math.abs(record.totalCents)} is more than the ${left} cents left of the sale`,
    );
}

function add(sums: Map<number, Taken>, productId: number, quantity: number, cents: number): void {
  const sum = sums.get(productId) ?? { quantity: 0, cents: 0 };
  sum.quantity += quantity;
  sum.cents += cents;
  sums.set(productId, sum);
}
