// The SQL of the day's report (day-report.ts adds it up): one pass over a range's lines (by VAT rate
// and commodity group), one over its records (by staff, device and hour), its payments as settled
// (EFFECTIVE_PAYMENTS), room charges, and the listed corrections, discounts and late charges. Every
// row carries its outlet. A range is `afterSeq < seq <= upToSeq`; money in integer cents.
import type { ApprovedRecord, PaymentTotal, RoomTotal } from '../../../pms/closing-wire.ts';
import type { HubDb } from '../../hub/hub-db.ts';

/** Records whose lines are revenue (negative lines on the corrections). A late charge's are not. */
const LINE_KINDS = `('sale', 'room-charge', 'void', 'take-back', 'refund')`;
/** Records of a sale kind, counted as records. */
const SALE_KINDS = `('sale', 'room-charge', 'late-charge', 'void', 'take-back', 'refund')`;
const CORRECTION_KINDS = `('void', 'take-back', 'refund')`;
const IN_RANGE = 's.seq > @after AND s.seq <= @upTo';
/** The record's hour in UTC ('2026-11-26T18'): cut from a UTC time as tablets send it, else worked out. */
const UTC_HOUR = `CASE WHEN substr(s.created_at, -1) = 'Z' THEN substr(s.created_at, 1, 13)
  ELSE strftime('%Y-%m-%dT%H', s.created_at) END`;

/**
 * What each record of the range settled, by method (seq, outlet, device_id, staff_id, method,
 * cents, tip): its payments; for a record that carries none (a room charge, a late charge, a void or
 * take-back may not), its total by the method of what it takes back (the room for a room charge, an
 * invoice for a late charge); and for a late charge, its room charge's amount taken off the room
 * (seq null: not a record of the room's).
 */
export const EFFECTIVE_PAYMENTS = `
  SELECT s.seq, s.outlet, s.device_id, s.staff_id, p.method, p.amount_cents AS cents, p.tip_cents AS tip
    FROM ledger_payments p CROSS JOIN ledger_sales s ON s.seq = p.sale_seq
   WHERE p.sale_seq > @after AND p.sale_seq <= @upTo AND +s.kind IN ${SALE_KINDS}
  UNION ALL
  SELECT s.seq, s.outlet, s.device_id, s.staff_id,
         CASE s.kind WHEN 'room-charge' THEN 'room' WHEN 'late-charge' THEN 'invoice'
           ELSE COALESCE((SELECT p.method FROM ledger_payments p WHERE p.sale_seq = r.seq
                           ORDER BY abs(p.amount_cents) DESC LIMIT 1),
                         CASE r.kind WHEN 'late-charge' THEN 'invoice' ELSE 'room' END) END,
         s.total_cents, 0
    FROM ledger_sales s LEFT JOIN ledger_sales r ON r.sale_id = s.refers_to
   WHERE s.kind IN ('room-charge', 'late-charge', 'void', 'take-back') AND ${IN_RANGE}
     AND NOT EXISTS (SELECT 1 FROM ledger_payments p WHERE p.sale_seq = s.seq)
  UNION ALL
  SELECT NULL, s.outlet, s.device_id, s.staff_id, 'room', -r.total_cents, 0
    FROM ledger_sales s JOIN ledger_sales r ON r.sale_id = s.refers_to
   WHERE s.kind = 'late-charge' AND r.kind = 'room-charge' AND ${IN_RANGE}`;

export interface SeqRange {
  after: number;
  upTo: number;
}

/** A row of one outlet. */
export type Keyed<T> = T & { outlet: string };

/**
 * Prepared once per database; each report runs them over a range. The lines are read in the order
 * they were written (rowid), which is their records' order, instead of one index lookup per line.
 */
/**
 * A range query that keeps its rows: a later call over the same start and a later end reads only the
 * records since, and adds their rows (the ledger is append-only, so a range's rows never change; every
 * aggregate row adds up with the next range's by its key, and lists append). So an X report read
 * during the day, and the Z after it, read only what was recorded since the last one.
 */
export function rangeCached<T>(query: (range: SeqRange) => T[]): (range: SeqRange) => T[] {
  let kept: { after: number; upTo: number; rows: T[] } | null = null;
  return (range) => {
    if (kept && kept.after === range.after && kept.upTo <= range.upTo) {
      if (kept.upTo < range.upTo)
        kept = {
          ...kept,
          upTo: range.upTo,
          rows: [...kept.rows, ...query({ after: kept.upTo, upTo: range.upTo })],
        };
      return kept.rows;
    }
    kept = { after: range.after, upTo: range.upTo, rows: query(range) };
    return kept.rows;
  };
}

export function createDayQueries(db: HubDb) {
  const all = <T>(sql: string) => {
    const statement = db.prepare(sql);
    return rangeCached((range: SeqRange) => statement.all(range) as Keyed<T>[]);
  };
  const approvers = (action: string) => `(SELECT group_concat(a.manager_name, ', ') FROM ledger_approvals a
      WHERE a.sale_seq = s.seq${action ? ` AND a.action IN (${action})` : ''})`;
  const listed = (what: string, where: string) => `SELECT s.outlet, s.kind, s.sale_id AS saleId, s.reference,
      s.refers_to AS refersTo, s.created_at AS createdAt, s.staff_name AS staffName,
      s.device_name AS deviceName, ${what} ${where}`;
  return {
    /** One pass over the lines: by VAT rate and commodity group (and the discounts given). */
    lines: all<{
      vatRateBp: number | null;
      groupId: number | null;
      groupName: string;
      quantity: number;
      netCents: number;
      vatCents: number;
      grossCents: number;
      discountCents: number;
    }>(
      `SELECT s.outlet, l.vat_rate_bp AS vatRateBp, l.commodity_group_id AS groupId,
              MAX(l.commodity_group_name) AS groupName, SUM(l.quantity) AS quantity,
              SUM(l.net_cents) AS netCents, SUM(l.vat_cents) AS vatCents, SUM(l.gross_cents) AS grossCents,
              SUM(l.discount_cents) AS discountCents
         FROM ledger_lines l CROSS JOIN ledger_sales s ON s.seq = l.sale_seq
        WHERE l.rowid >= (SELECT MIN(rowid) FROM ledger_lines WHERE sale_seq > @after)
          AND l.rowid <= (SELECT MAX(rowid) FROM ledger_lines WHERE sale_seq <= @upTo)
          AND l.sale_seq > @after AND l.sale_seq <= @upTo AND +s.kind IN ${LINE_KINDS}
        GROUP BY s.outlet, l.vat_rate_bp, l.commodity_group_id,
                 CASE WHEN l.commodity_group_id IS NULL THEN l.commodity_group_name END`,
    ),
    /** One pass over the records: by staff, device and hour (UTC; made local afterwards). */
    records: all<{
      late: number;
      staffId: string | null;
      staffName: string | null;
      deviceId: string;
      deviceName: string;
      hourUtc: string;
      records: number;
      totalCents: number;
    }>(
      `SELECT s.outlet, s.kind = 'late-charge' AS late, s.staff_id AS staffId, MAX(s.staff_name) AS staffName,
              s.device_id AS deviceId, MAX(s.device_name) AS deviceName,
              ${UTC_HOUR} AS hourUtc, COUNT(*) AS records,
              SUM(s.total_cents) AS totalCents
         FROM ledger_sales s WHERE ${IN_RANGE} AND s.kind IN ${SALE_KINDS}
        GROUP BY s.outlet, late, s.staff_id, s.device_id, hourUtc`,
    ),
    payments: all<PaymentTotal & { staffId: string | null }>(
      `SELECT e.outlet, e.method, e.staff_id AS staffId, COUNT(DISTINCT e.seq) AS records,
              SUM(e.cents) AS amountCents, SUM(e.tip) AS tipCents
         FROM (${EFFECTIVE_PAYMENTS}) e GROUP BY e.outlet, e.method, e.staff_id`,
    ),
    roomCharges: all<RoomTotal>(
      `SELECT s.outlet, COALESCE(json_extract(s.body, '$.room.roomNumber'),
                CAST(json_extract(s.body, '$.room.roomReservationId') AS TEXT), '?') AS room,
              COUNT(*) AS records, SUM(s.total_cents) AS grossCents
         FROM ledger_sales s WHERE ${IN_RANGE} AND s.kind = 'room-charge' GROUP BY s.outlet, room`,
    ),
    corrections: all<ApprovedRecord>(
      listed(
        `s.total_cents AS amountCents, json_extract(s.body, '$.reason') AS reason,
         ${approvers(`'void_sale', 'take_back'`)} AS approvedBy`,
        `FROM ledger_sales s WHERE ${IN_RANGE} AND s.kind IN ${CORRECTION_KINDS} ORDER BY s.seq`,
      ),
    ),
    discounts: all<ApprovedRecord>(
      listed(
        `d.cents AS amountCents, NULL AS reason, ${approvers(`'discount', 'open_price'`)} AS approvedBy`,
        `FROM (SELECT l.sale_seq, SUM(l.discount_cents) AS cents FROM ledger_lines l INDEXED BY ledger_lines_discounted
                WHERE l.discount_cents != 0 AND l.sale_seq > @after AND l.sale_seq <= @upTo
                GROUP BY l.sale_seq HAVING SUM(l.discount_cents) != 0) d
           JOIN ledger_sales s ON s.seq = d.sale_seq
          WHERE s.kind IN ${LINE_KINDS} ORDER BY s.seq`,
      ),
    ),
    lateCharges: all<ApprovedRecord>(
      listed(
        `s.total_cents AS amountCents, json_extract(s.body, '$.room.guestName') AS reason,
         ${approvers('')} AS approvedBy`,
        `FROM ledger_sales s WHERE ${IN_RANGE} AND s.kind = 'late-charge' ORDER BY s.seq`,
      ),
    ),
  };
}

export type DayQueries = ReturnType<typeof createDayQueries>;
