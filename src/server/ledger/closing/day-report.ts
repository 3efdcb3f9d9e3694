// The day's figures over the ledger tables (the SQL is day-queries.ts): totals by payment method, VAT
// rate, commodity group, staff, device, hour and room; voids, take-backs, refunds, discounts and open
// prices with their approvers; late charges; tips apart. Every aggregate is grouped by outlet, and the
// hotel's totals are the sum of its outlets'. How each kind of record counts is in docs/ledger.md, "The Z report".
import type { ApprovedRecord, DayTotals, OutletDay, StaffTotal } from '../../../pms/closing-wire.ts';
import { hotelHour } from '../../clock/hotel-clock.ts';
import type { OutletInfo } from '../../hub/outlets.ts';
import type { DayQueries, Keyed, SeqRange } from './day-queries.ts';

export type { SeqRange } from './day-queries.ts';

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
  openPrices: [],
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
      quantity: 0,
      quantityMilli: row.quantityMilli,
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
      hour = hotelHour(`${row.hourUtc}:00:00Z`);
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
  spread(queries.openPrices(range), (d, row) => d.openPrices!.push(row));
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
    hotel.openPrices!.push(...d.openPrices!);
  }
  mergeTotals(hotel);
  return { hotel, outlets: list };
}

/** Adds up rows of the same key in each breakdown, and sorts them for reading. */
function mergeTotals(totals: DayTotals): void {
  totals.byPayment = merge(totals.byPayment, (r) => r.method, ['records', 'amountCents', 'tipCents']);
  totals.byVat = merge(totals.byVat, (r) => String(r.vatRateBp), ['netCents', 'vatCents', 'grossCents']);
  totals.byGroup = merge(totals.byGroup, (r) => `${r.groupId}|${r.groupId === null ? r.groupName : ''}`, [
    'quantityMilli',
    'grossCents',
  ]).map((r) => ({ ...r, quantity: r.quantityMilli / 1000 }));
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
  totals.openPrices?.sort(bySale);
}
