// The day's figures over the ledger tables, worked out by SQL aggregates in integer cents: totals by
// payment method, VAT rate, commodity group, staff, device, hour and room; voids, take-backs,
// refunds and discounts with their approvers; late charges; tips apart. Every aggregate is grouped by
// outlet, and the hotel's totals are the sum of its outlets'. A range is `afterSeq < seq <= upToSeq`.
// How each kind of record counts (a late charge moves its room charge's amount to an invoice) is in
// docs/ledger.md, "The Z report".
import type {
  ApprovedRecord,
  DayTotals,
  OutletDay,
  PaymentTotal,
  RoomTotal,
  StaffTotal,
} from '../../../pms/closing-wire.ts';
import type { HubDb } from '../../hub/hub-db.ts';
import type { OutletInfo } from '../../hub/outlets.ts';

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

type Keyed<T> = T & { outlet: string };

/**
 * Prepared once per database; each report runs them over a range. The lines are read in the order
 * they were written (rowid), which is their records' order, instead of one index lookup per line.
 */
export function createDayQueries(db: HubDb) {
  const all = <T>(sql: string) => {
    const statement = db.prepare(sql);
    return (range: SeqRange) => statement.all(range) as Keyed<T>[];
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

const emptyTotals = (): DayTotals => ({
  records: 0,
  grossCents: 0,
  netCents: 0,
  vatCents: 0,
  tipCents: 0,
  discountCents: 0,
  byPayment: [],
  byVat: [],
  byGroup: [],
  byStaff: [],
  byDevice: [],
  byHour: [],
  roomCharges: [],
  corrections: [],
  discounts: [],
  lateCharges: [],
});

/** Adds rows with the same key together (the hotel's totals from its outlets'). */
function merge<T extends object>(
  rows: readonly T[],
  key: (row: T) => string,
  sums: readonly (keyof T)[],
): T[] {
  const merged = new Map<string, T>();
  for (const row of rows) {
    const known = merged.get(key(row));
    if (!known) {
      merged.set(key(row), { ...row });
      continue;
    }
    for (const field of sums) (known[field] as number) += row[field] as number;
  }
  return [...merged.values()];
}

const withoutOutlet = <T extends { outlet: string }>({ outlet: _outlet, ...rest }: T) => rest;
const byGross = (a: { grossCents: number }, b: { grossCents: number }) => b.grossCents - a.grossCents;

/**
 * The totals of every outlet with records in the range (and of every outlet in `outlets`, if none),
 * and the hotel's.
 */
export function dayTotals(
  queries: DayQueries,
  range: SeqRange,
  outlets: readonly OutletInfo[],
): { hotel: DayTotals; outlets: OutletDay[] } {
  const days = new Map<string, OutletDay>();
  for (const outlet of outlets)
    days.set(outlet.id, { outlet: outlet.id, name: outlet.name, ...emptyTotals() });
  const day = (outlet: string) => {
    let found = days.get(outlet);
    if (!found) {
      found = { outlet, name: outlet, ...emptyTotals() };
      days.set(outlet, found);
    }
    return found;
  };
  const spread = <T extends object>(rows: Keyed<T>[], into: (target: OutletDay, row: T) => void) => {
    for (const row of rows) into(day(row.outlet), withoutOutlet(row) as T);
  };
  spread(queries.lines(range), (d, row) => {
    d.byVat.push({
      vatRateBp: row.vatRateBp,
      netCents: row.netCents,
      vatCents: row.vatCents,
      grossCents: row.grossCents,
    });
    d.byGroup.push({
      groupId: row.groupId,
      groupName: row.groupName,
      quantity: row.quantity,
      grossCents: row.grossCents,
    });
    d.netCents += row.netCents;
    d.vatCents += row.vatCents;
    d.discountCents += row.discountCents;
  });
  const localHour = new Map<string, number>();
  spread(queries.records(range), (d, row) => {
    // A late charge is a record of the day, but its goods were counted with its room charge.
    const grossCents = row.late ? 0 : row.totalCents;
    d.records += row.records;
    d.grossCents += grossCents;
    d.byStaff.push({
      staffId: row.staffId,
      staffName: row.staffName,
      records: row.records,
      grossCents,
      tipCents: 0,
    });
    d.byDevice.push({ deviceId: row.deviceId, deviceName: row.deviceName, records: row.records, grossCents });
    let hour = localHour.get(row.hourUtc);
    if (hour === undefined) {
      hour = new Date(`${row.hourUtc}:00:00Z`).getHours();
      localHour.set(row.hourUtc, hour);
    }
    if (!row.late) d.byHour.push({ hour, grossCents });
  });
  spread(queries.payments(range), (d, row) => {
    d.byPayment.push({
      method: row.method,
      records: row.records,
      amountCents: row.amountCents,
      tipCents: row.tipCents,
    });
    d.byStaff.push({
      staffId: row.staffId,
      staffName: null,
      records: 0,
      grossCents: 0,
      tipCents: row.tipCents,
    });
    d.tipCents += row.tipCents;
  });
  spread(queries.roomCharges(range), (d, row) => d.roomCharges.push(row));
  spread(queries.corrections(range), (d, row) => d.corrections.push(row));
  spread(queries.discounts(range), (d, row) => d.discounts.push(row));
  spread(queries.lateCharges(range), (d, row) => d.lateCharges.push(row));
  for (const d of days.values()) mergeTotals(d);

  const list = [...days.values()];
  const hotel = emptyTotals();
  for (const d of list) {
    for (const field of [
      'records',
      'grossCents',
      'netCents',
      'vatCents',
      'tipCents',
      'discountCents',
    ] as const)
      hotel[field] += d[field];
    hotel.byPayment.push(...d.byPayment);
    hotel.byVat.push(...d.byVat);
    hotel.byGroup.push(...d.byGroup);
    hotel.byStaff.push(...d.byStaff);
    hotel.byDevice.push(...d.byDevice);
    hotel.byHour.push(...d.byHour);
    hotel.roomCharges.push(...d.roomCharges);
    hotel.corrections.push(...d.corrections);
    hotel.discounts.push(...d.discounts);
    hotel.lateCharges.push(...d.lateCharges);
  }
  mergeTotals(hotel);
  return { hotel, outlets: list };
}

/** Adds up rows of the same key in each breakdown, and sorts them for reading. */
function mergeTotals(totals: DayTotals): void {
  totals.byPayment = merge(totals.byPayment, (r) => r.method, ['records', 'amountCents', 'tipCents']);
  totals.byVat = merge(totals.byVat, (r) => String(r.vatRateBp), ['netCents', 'vatCents', 'grossCents']);
  totals.byGroup = merge(totals.byGroup, (r) => `${r.groupId}|${r.groupId === null ? r.groupName : ''}`, [
    'quantity',
    'grossCents',
  ]);
  totals.byStaff = merge(
    totals.byStaff.map((r) => ({ ...r, staffName: r.staffName ?? nameOf(totals.byStaff, r.staffId) })),
    (r) => String(r.staffId),
    ['records', 'grossCents', 'tipCents'],
  );
  totals.byDevice = merge(totals.byDevice, (r) => r.deviceId, ['records', 'grossCents']);
  totals.byHour = merge(totals.byHour, (r) => String(r.hour), ['grossCents']);
  totals.roomCharges = merge(totals.roomCharges, (r) => r.room, ['records', 'grossCents']);
  sortTotals(totals);
}

const nameOf = (rows: readonly StaffTotal[], staffId: string | null) =>
  rows.find((r) => r.staffId === staffId && r.staffName !== null)?.staffName ?? null;

function sortTotals(totals: DayTotals): void {
  totals.byPayment.sort((a, b) => a.method.localeCompare(b.method));
  totals.byVat.sort((a, b) => (b.vatRateBp ?? -1) - (a.vatRateBp ?? -1));
  totals.byGroup.sort(byGross);
  totals.byStaff.sort(byGross);
  totals.byDevice.sort(byGross);
  totals.byHour.sort((a, b) => a.hour - b.hour);
  totals.roomCharges.sort((a, b) => a.room.localeCompare(b.room, 'de', { numeric: true }));
  const bySale = (a: ApprovedRecord, b: ApprovedRecord) => a.createdAt.localeCompare(b.createdAt);
  totals.corrections.sort(bySale);
  totals.discounts.sort(bySale);
  totals.lateCharges.sort(bySale);
}
