// The day's figures over the ledger tables, worked out by SQL aggregates in integer cents: totals by
// payment method, VAT rate, commodity group, staff, device, hour and room; voids, take-backs,
// refunds and discounts with their approvers; late charges; tips apart. Every aggregate is grouped by
// outlet, and the hotel's totals are the sum of its outlets'. A range is `afterSeq < seq <= upToSeq`.
// How each kind of record counts (a late charge moves its room charge's amount to an invoice) is in
// docs/ledger.md, "The Z report".
import type {
  ApprovedRecord,
  DayTotals,
  DeviceTotal,
  GroupTotal,
  HourTotal,
  OutletDay,
  PaymentTotal,
  RoomTotal,
  StaffTotal,
  VatTotal,
} from '../../../pms/closing-wire.ts';
import type { HubDb } from '../../hub/hub-db.ts';
import type { OutletInfo } from '../../hub/outlets.ts';

/** Records whose lines are revenue (negative lines on the corrections). A late charge's are not. */
const LINE_KINDS = `('sale', 'room-charge', 'void', 'take-back', 'refund')`;
/** Records of a sale kind, counted as records. */
const SALE_KINDS = `('sale', 'room-charge', 'late-charge', 'void', 'take-back', 'refund')`;
const CORRECTION_KINDS = `('void', 'take-back', 'refund')`;
const IN_RANGE = 's.seq > @after AND s.seq <= @upTo';

export interface SeqRange {
  after: number;
  upTo: number;
}

type Keyed<T> = T & { outlet: string };

/** Prepared once per database; each report runs them over a range. */
export function createDayQueries(db: HubDb) {
  const all = <T>(sql: string) => {
    const statement = db.prepare(sql);
    return (range: SeqRange) => statement.all(range) as Keyed<T>[];
  };
  const approvers = (action: string) => `(SELECT group_concat(a.manager_name, ', ') FROM ledger_approvals a
      WHERE a.sale_seq = s.seq${action ? ` AND a.action IN (${action})` : ''})`;
  return {
    records: all<{ records: number; grossCents: number }>(
      `SELECT s.outlet, COUNT(*) AS records,
              TOTAL(CASE WHEN s.kind != 'late-charge' THEN s.total_cents ELSE 0 END) AS grossCents
         FROM ledger_sales s WHERE ${IN_RANGE} AND s.kind IN ${SALE_KINDS} GROUP BY s.outlet`,
    ),
    byVat: all<VatTotal>(
      `SELECT s.outlet, l.vat_rate_bp AS vatRateBp, SUM(l.net_cents) AS netCents,
              SUM(l.vat_cents) AS vatCents, SUM(l.gross_cents) AS grossCents
         FROM ledger_sales s JOIN ledger_lines l ON l.sale_seq = s.seq
        WHERE ${IN_RANGE} AND s.kind IN ${LINE_KINDS} GROUP BY s.outlet, l.vat_rate_bp`,
    ),
    byGroup: all<GroupTotal>(
      `SELECT s.outlet, l.commodity_group_id AS groupId, MAX(l.commodity_group_name) AS groupName,
              SUM(l.quantity) AS quantity, SUM(l.gross_cents) AS grossCents
         FROM ledger_sales s JOIN ledger_lines l ON l.sale_seq = s.seq
        WHERE ${IN_RANGE} AND s.kind IN ${LINE_KINDS}
        GROUP BY s.outlet, l.commodity_group_id, CASE WHEN l.commodity_group_id IS NULL THEN l.commodity_group_name END`,
    ),
    discount: all<{ discountCents: number }>(
      `SELECT s.outlet, SUM(l.discount_cents) AS discountCents
         FROM ledger_sales s JOIN ledger_lines l ON l.sale_seq = s.seq
        WHERE ${IN_RANGE} AND s.kind IN ${LINE_KINDS} GROUP BY s.outlet`,
    ),
    // A late charge moves its room charge's amount from the room to its own payment (an invoice).
    byPayment: all<PaymentTotal>(
      `SELECT outlet, method, SUM(records) AS records, SUM(amountCents) AS amountCents, SUM(tipCents) AS tipCents
         FROM (
           SELECT s.outlet, p.method, COUNT(DISTINCT s.seq) AS records, SUM(p.amount_cents) AS amountCents,
                  SUM(p.tip_cents) AS tipCents
             FROM ledger_sales s JOIN ledger_payments p ON p.sale_seq = s.seq
            WHERE ${IN_RANGE} AND s.kind IN ${SALE_KINDS} GROUP BY s.outlet, p.method
           UNION ALL
           SELECT s.outlet, 'room', 0, -SUM(r.total_cents), 0
             FROM ledger_sales s JOIN ledger_sales r ON r.sale_id = s.refers_to
            WHERE ${IN_RANGE} AND s.kind = 'late-charge' AND r.kind = 'room-charge' GROUP BY s.outlet
           UNION ALL
           SELECT s.outlet, 'invoice', COUNT(*), SUM(s.total_cents), 0
             FROM ledger_sales s
            WHERE ${IN_RANGE} AND s.kind = 'late-charge'
              AND NOT EXISTS (SELECT 1 FROM ledger_payments p WHERE p.sale_seq = s.seq)
            GROUP BY s.outlet)
        GROUP BY outlet, method`,
    ),
    byStaff: all<StaffTotal>(
      `SELECT s.outlet, s.staff_id AS staffId, MAX(s.staff_name) AS staffName, COUNT(*) AS records,
              TOTAL(CASE WHEN s.kind != 'late-charge' THEN s.total_cents ELSE 0 END) AS grossCents,
              TOTAL((SELECT SUM(p.tip_cents) FROM ledger_payments p WHERE p.sale_seq = s.seq)) AS tipCents
         FROM ledger_sales s WHERE ${IN_RANGE} AND s.kind IN ${SALE_KINDS} GROUP BY s.outlet, s.staff_id`,
    ),
    byDevice: all<DeviceTotal>(
      `SELECT s.outlet, s.device_id AS deviceId, MAX(s.device_name) AS deviceName, COUNT(*) AS records,
              TOTAL(CASE WHEN s.kind != 'late-charge' THEN s.total_cents ELSE 0 END) AS grossCents
         FROM ledger_sales s WHERE ${IN_RANGE} AND s.kind IN ${SALE_KINDS} GROUP BY s.outlet, s.device_id`,
    ),
    byHour: all<HourTotal>(
      `SELECT s.outlet, CAST(strftime('%H', s.created_at, 'localtime') AS INTEGER) AS hour,
              SUM(s.total_cents) AS grossCents
         FROM ledger_sales s WHERE ${IN_RANGE} AND s.kind IN ${LINE_KINDS} GROUP BY s.outlet, hour`,
    ),
    roomCharges: all<RoomTotal>(
      `SELECT s.outlet, COALESCE(json_extract(s.body, '$.room.roomNumber'),
                CAST(json_extract(s.body, '$.room.roomReservationId') AS TEXT), '?') AS room,
              COUNT(*) AS records, SUM(s.total_cents) AS grossCents
         FROM ledger_sales s WHERE ${IN_RANGE} AND s.kind = 'room-charge' GROUP BY s.outlet, room`,
    ),
    corrections: all<ApprovedRecord>(
      `SELECT s.outlet, s.kind, s.sale_id AS saleId, s.reference, s.refers_to AS refersTo,
              s.created_at AS createdAt, s.staff_name AS staffName, s.device_name AS deviceName,
              s.total_cents AS amountCents, json_extract(s.body, '$.reason') AS reason,
              ${approvers(`'void_sale', 'take_back'`)} AS approvedBy
         FROM ledger_sales s WHERE ${IN_RANGE} AND s.kind IN ${CORRECTION_KINDS} ORDER BY s.seq`,
    ),
    discounts: all<ApprovedRecord>(
      `SELECT s.outlet, s.kind, s.sale_id AS saleId, s.reference, s.refers_to AS refersTo,
              s.created_at AS createdAt, s.staff_name AS staffName, s.device_name AS deviceName,
              d.cents AS amountCents, NULL AS reason, ${approvers(`'discount', 'open_price'`)} AS approvedBy
         FROM (SELECT l.sale_seq, SUM(l.discount_cents) AS cents FROM ledger_lines l
                WHERE l.sale_seq > @after AND l.sale_seq <= @upTo GROUP BY l.sale_seq
               HAVING SUM(l.discount_cents) != 0) d
         JOIN ledger_sales s ON s.seq = d.sale_seq
        WHERE s.kind IN ${LINE_KINDS} ORDER BY s.seq`,
    ),
    lateCharges: all<ApprovedRecord>(
      `SELECT s.outlet, s.kind, s.sale_id AS saleId, s.reference, s.refers_to AS refersTo,
              s.created_at AS createdAt, s.staff_name AS staffName, s.device_name AS deviceName,
              s.total_cents AS amountCents, json_extract(s.body, '$.room.guestName') AS reason,
              ${approvers('')} AS approvedBy
         FROM ledger_sales s WHERE ${IN_RANGE} AND s.kind = 'late-charge' ORDER BY s.seq`,
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
  spread(queries.records(range), (d, row) => {
    d.records = row.records;
    d.grossCents = row.grossCents;
  });
  spread(queries.byVat(range), (d, row) => {
    d.byVat.push(row);
    d.netCents += row.netCents;
    d.vatCents += row.vatCents;
  });
  spread(queries.discount(range), (d, row) => {
    d.discountCents = row.discountCents;
  });
  spread(queries.byPayment(range), (d, row) => {
    d.byPayment.push(row);
    d.tipCents += row.tipCents;
  });
  spread(queries.byGroup(range), (d, row) => d.byGroup.push(row));
  spread(queries.byStaff(range), (d, row) => d.byStaff.push(row));
  spread(queries.byDevice(range), (d, row) => d.byDevice.push(row));
  spread(queries.byHour(range), (d, row) => d.byHour.push(row));
  spread(queries.roomCharges(range), (d, row) => d.roomCharges.push(row));
  spread(queries.corrections(range), (d, row) => d.corrections.push(row));
  spread(queries.discounts(range), (d, row) => d.discounts.push(row));
  spread(queries.lateCharges(range), (d, row) => d.lateCharges.push(row));

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
    sortTotals(d);
  }
  type ListField = { [K in keyof DayTotals]: DayTotals[K] extends unknown[] ? K : never }[keyof DayTotals];
  const every = (field: ListField): unknown[] => list.flatMap((d): unknown[] => d[field]);
  hotel.byPayment = merge(every('byPayment') as PaymentTotal[], (r) => r.method, [
    'records',
    'amountCents',
    'tipCents',
  ]);
  hotel.byVat = merge(every('byVat') as VatTotal[], (r) => String(r.vatRateBp), [
    'netCents',
    'vatCents',
    'grossCents',
  ]);
  hotel.byGroup = merge(every('byGroup') as GroupTotal[], (r) => `${r.groupId}|${r.groupName}`, [
    'quantity',
    'grossCents',
  ]);
  hotel.byStaff = merge(every('byStaff') as StaffTotal[], (r) => String(r.staffId), [
    'records',
    'grossCents',
    'tipCents',
  ]);
  hotel.byDevice = merge(every('byDevice') as DeviceTotal[], (r) => r.deviceId, ['records', 'grossCents']);
  hotel.byHour = merge(every('byHour') as HourTotal[], (r) => String(r.hour), ['grossCents']);
  hotel.roomCharges = merge(every('roomCharges') as RoomTotal[], (r) => r.room, ['records', 'grossCents']);
  hotel.corrections = every('corrections') as ApprovedRecord[];
  hotel.discounts = every('discounts') as ApprovedRecord[];
  hotel.lateCharges = every('lateCharges') as ApprovedRecord[];
  sortTotals(hotel);
  return { hotel, outlets: list };
}

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
