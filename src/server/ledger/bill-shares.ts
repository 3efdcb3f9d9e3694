// Equal splits in the ledger (docs/ledger.md, "Equal splits"): a record that is part k of n of one
// bill carries the whole bill's lines; the server stores the part's own lines (shared/bill-share.ts:
// each item once over the parts, at its price, only the bill's own discounts) and holds the parts of
// a bill to one bill: the same lines, parts and total, each part once. Refusals are 4xx naming the field.
import { createHash } from 'node:crypto';
import { ApiError } from '../../node-http/errors.ts';
import type { LedgerLine, LedgerRecord } from '../../pms/ledger-wire.ts';
import { partLines } from '../../shared/bill-share.ts';
import type { HubDb } from '../hub/hub-db.ts';

/** A stored line: a part of a bill sells `quantityMilli` thousandths of the item (others: quantity × 1000). */
export type StoredLine = LedgerLine & { quantityMilli?: number };

/**
 * `record` (a part of a bill, its lines priced by the server) with the part's own lines
 * (shared/bill-share.ts `partLines`): one per bill line, quantity 1 at the part's gross (as the PMS
 * gets it), its thousandths of the item in `quantityMilli`, its share of the line's discount.
 */
export function partOfBill(record: LedgerRecord): LedgerRecord {
  const share = record.share;
  return share ? { ...record, lines: partLines(record.lines, share.parts, share.part) } : record;
}

/**
 * Each line's quantity in thousandths: a part's own, or for a record taking back from a part of a
 * bill (a void, a refund), its quantity times the thousandths of the part's line it takes back.
 */
export function quantitiesMilli(record: LedgerRecord, referred: LedgerRecord | undefined): number[] {
  const parts = ((referred?.lines ?? []) as StoredLine[]).filter((line) => line.quantityMilli !== undefined);
  return (record.lines as StoredLine[]).map((line) => {
    if (line.quantityMilli !== undefined) return line.quantityMilli;
    const taken = parts.find(
      (part) => part.productId === line.productId && part.unitPriceCents === line.unitPriceCents,
    );
    return line.quantity * (taken?.quantityMilli ?? 1000);
  });
}

/** What makes two parts parts of the same bill: its lines' products, quantities and prices. */
function billSha256(billLines: readonly LedgerLine[]): string {
  const lines = billLines.map((line) => [line.productId, line.quantity, line.unitPriceCents]);
  return createHash('sha256').update(JSON.stringify(lines)).digest('hex');
}

interface StoredShare {
  part: number;
  parts: number;
  billCents: number;
  billSha256: string;
}

const refuse = (status: 400 | 409, field: string, message: string) =>
  new ApiError(status, `${field}: ${message}`, field, 'sale_invalid');

/** The parts of each bill recorded so far (table `ledger_shares`), checked and added in the record's transaction. */
export function createBillShares(db: HubDb) {
  const partsOf = db.prepare(
    `SELECT part, parts, bill_cents AS billCents, bill_sha256 AS billSha256 FROM ledger_shares
      WHERE outlet = ? AND bill_id = ? ORDER BY part`,
  );
  const insert = db.prepare(
    `INSERT INTO ledger_shares (sale_seq, outlet, bill_id, part, parts, bill_cents, bill_sha256)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  return {
    /**
     * Refuses a part that does not fit the parts of its bill already recorded (`billLines`: the
     * lines as sent, the whole bill's), or that is one of them again.
     * @throws ApiError 409 for a part already paid, 400 for another bill under the same id
     */
    check(outlet: string, record: LedgerRecord, billLines: readonly LedgerLine[]): void {
      const share = record.share;
      if (!share) return;
      const earlier = partsOf.all(outlet, share.billId) as StoredShare[];
      const first = earlier[0];
      if (earlier.some((stored) => stored.part === share.part))
        throw refuse(409, 'share.part', `part ${share.part} of bill ${share.billId} is recorded already`);
      if (!first) return;
      if (first.parts !== share.parts)
        throw refuse(
          400,
          'share.parts',
          `bill ${share.billId} is paid in ${first.parts} parts, not ${share.parts}`,
        );
      if (first.billCents !== share.billCents)
        throw refuse(
          400,
          'share.billCents',
          `bill ${share.billId} is of ${first.billCents} cents, not ${share.billCents}`,
        );
      if (first.billSha256 !== billSha256(billLines))
        throw refuse(400, 'lines', `are not the lines of bill ${share.billId} its other parts were paid for`);
    },
    /** Records that the record `seq` is its part of its bill. */
    add(seq: number, outlet: string, record: LedgerRecord, billLines: readonly LedgerLine[]): void {
      const share = record.share;
      if (!share) return;
      insert.run(seq, outlet, share.billId, share.part, share.parts, share.billCents, billSha256(billLines));
    },
  };
}
