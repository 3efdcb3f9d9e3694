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

/** Seqs per block of the report's kept sums (report_*_blocks in hub-db.ts: `seq >> 10`). */
const BLOCK_SEQS = 1024;

/**
 * The blocks wholly inside a range ([loBlock, hiBlock)) and the seqs they cover ([lo, hi)); the
 * range's records outside them are read one by one. With no whole block, lo = hi = upTo + 1.
 */
export function blockBounds(range: SeqRange) {
  const loBlock = Math.floor((range.after + BLOCK_SEQS) / BLOCK_SEQS);
  const hiBlock = Math.floor((range.upTo + 1) / BLOCK_SEQS);
  if (loBlock >= hiBlock) return { ...range, loBlock: 0, hiBlock: 0, lo: range.upTo + 1, hi: range.upTo + 1 };
  return { ...range, loBlock, hiBlock, lo: loBlock * BLOCK_SEQS, hi: hiBlock * BLOCK_SEQS };
}

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
  const blocked = <T>(sql: string) => {
    const statement = db.prepare(sql);
    return rangeCached((range: SeqRange) => statement.all(blockBounds(range)) as Keyed<T>[]);
  };
  const approvers = (action: string) => `(SELECT group_concat(a.manager_name, ', ') FROM ledger_approvals a
      WHERE a.sale_seq = s.seq${action ? ` AND a.action IN (${action})` : ''})`;
  const listed = (what: string, where: string) => `SELECT s.outlet, s.kind, s.sale_id AS saleId, s.reference,
      s.refers_to AS refersTo, s.created_at AS createdAt, s.staff_name AS staffName,
      s.device_name AS deviceName, ${what} ${where}`;
  return {
    /**
     * By VAT rate and commodity group (and the discounts given): the sums kept per block of 1024
     * seqs (report_line_blocks, hub-db.ts) for the blocks wholly in the range, the lines themselves
     * for the records at its two ends.
     */
    lines: blocked<{
      vatRateBp: number | null;
      groupId: number | null;
      groupName: string;
      /** Items in thousandths (a part of an equal split sells a share of each item). */
      quantityMilli: number;
      netCents: number;
      vatCents: number;
      grossCents: number;
      discountCents: number;
    }>(
      `SELECT outlet, vatRateBp, groupId, MAX(groupName) AS groupName, SUM(quantityMilli) AS quantityMilli,
              SUM(netCents) AS netCents, SUM(vatCents) AS vatCents, SUM(grossCents) AS grossCents,
              SUM(discountCents) AS discountCents
         FROM (SELECT s.outlet, l.vat_rate_bp AS vatRateBp, l.commodity_group_id AS groupId,
                      l.commodity_group_name AS groupName,
                      COALESCE(l.quantity_milli, l.quantity * 1000) AS quantityMilli, l.net_cents AS netCents,
                      l.vat_cents AS vatCents, l.gross_cents AS grossCents, l.discount_cents AS discountCents
                 FROM ledger_lines l CROSS JOIN ledger_sales s ON s.seq = l.sale_seq
                WHERE ((l.sale_seq > @after AND l.sale_seq < @lo) OR (l.sale_seq >= @hi AND l.sale_seq <= @upTo))
                  AND +s.kind IN ${LINE_KINDS}
               UNION ALL
               SELECT outlet, vat_rate_bp, group_id, group_name, quantity_milli, net_cents, vat_cents, gross_cents,
                      discount_cents
                 FROM report_line_blocks WHERE block >= @loBlock AND block < @hiBlock)
        GROUP BY outlet, vatRateBp, groupId, CASE WHEN groupId IS NULL THEN groupName END`,
    ),
    /** By staff, device and hour (UTC; made local afterwards): block sums and the ends' records, as lines. */
    records: blocked<{
      late: number;
      staffId: string | null;
      staffName: string | null;
      deviceId: string;
      deviceName: string;
      hourUtc: string;
      records: number;
      totalCents: number;
    }>(
      `SELECT outlet, late, staffId, MAX(staffName) AS staffName, deviceId, MAX(deviceName) AS deviceName,
              hourUtc, SUM(records) AS records, SUM(totalCents) AS totalCents
         FROM (SELECT s.outlet, s.kind = 'late-charge' AS late, s.staff_id AS staffId, s.staff_name AS staffName,
                      s.device_id AS deviceId, s.device_name AS deviceName, ${UTC_HOUR} AS hourUtc,
                      1 AS records, s.total_cents AS totalCents
                 FROM ledger_sales s
                WHERE ((s.seq > @after AND s.seq < @lo) OR (s.seq >= @hi AND s.seq <= @upTo))
                  AND s.kind IN ${SALE_KINDS}
               UNION ALL
               SELECT outlet, late, staff_id, staff_name, device_id, device_name, hour_utc, records, total_cents
                 FROM report_record_blocks WHERE block >= @loBlock AND block < @hiBlock)
        GROUP BY outlet, late, staffId, deviceId, hourUtc`,
    ),
    /**
     * EFFECTIVE_PAYMENTS by outlet, method and staff: the payments of whole blocks from their kept sums
     * (report_payment_blocks), those at the range's ends and what records without payments settle
     * read here (each record is in one part, so the parts' record counts add up).
     */
    payments: blocked<PaymentTotal & { staffId: string | null }>(
      `SELECT outlet, method, staffId, SUM(records) AS records, SUM(amountCents) AS amountCents,
              SUM(tipCents) AS tipCents
         FROM (SELECT e.outlet, e.method, e.staff_id AS staffId, COUNT(DISTINCT e.seq) AS records,
                      SUM(e.cents) AS amountCents, SUM(e.tip) AS tipCents
                 FROM (${EFFECTIVE_PAYMENTS.replace(
                   'WHERE p.sale_seq > @after AND p.sale_seq <= @upTo',
                   'WHERE ((p.sale_seq > @after AND p.sale_seq < @lo) OR (p.sale_seq >= @hi AND p.sale_seq <= @upTo))',
                 )}) e
                GROUP BY e.outlet, e.method, e.staff_id
               UNION ALL
               SELECT outlet, method, staff_id, records, amount_cents, tip_cents
                 FROM report_payment_blocks WHERE block >= @loBlock AND block < @hiBlock)
        GROUP BY outlet, method, staffId`,
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
    openPrices: all<ApprovedRecord>(
      listed(
        `o.cents AS amountCents, NULL AS reason, ${approvers(`'open_price'`)} AS approvedBy`,
        `FROM (SELECT l.sale_seq, SUM(l.gross_cents) AS cents FROM ledger_lines l INDEXED BY ledger_lines_open_price
                WHERE l.catalogue_price_cents IS NULL AND l.sale_seq > @after AND l.sale_seq <= @upTo
                GROUP BY l.sale_seq) o
           JOIN ledger_sales s ON s.seq = o.sale_seq
          WHERE s.kind IN ('sale', 'room-charge') ORDER BY s.seq`,
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
