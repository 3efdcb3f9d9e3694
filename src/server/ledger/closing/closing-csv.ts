// The X or Z report as CSV, one file per table (payments, VAT, outlets, drawers...): amounts in
// cents as whole numbers (no locale decimals, so a spreadsheet sums them exactly), one row per
// outlet and key (scope `*` is the hotel), CRLF, cells escaped, and text that a spreadsheet would
// run as a formula prefixed with `'` (as the audit log's CSV does).

import type { DayReport, DayTotals } from '../../../pms/closing-wire.ts';
import { hotelIsoTime } from '../../clock/hotel-clock.ts';

type Row = Record<string, string | number | null | undefined>;

/** Every table a report exports, by the name in its URL (`/admin/day/payments.csv`). */
export const CSV_TABLES = [
  'outlets',
  'payments',
  'vat',
  'groups',
  'staff',
  'devices',
  'hours',
  'rooms',
  'corrections',
  'discounts',
  'open-prices',
  'late-charges',
  'deviations',
  'drawers',
  'pending',
  'attention',
] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

/** The rows of one breakdown for the hotel (`*`) and each outlet. */
function perScope(report: DayReport, rows: (totals: DayTotals) => Row[]): Row[] {
  return [
    ...rows(report.hotel).map((row) => ({ scope: '*', ...row })),
    ...report.outlets.flatMap((outlet) => rows(outlet).map((row) => ({ scope: outlet.outlet, ...row }))),
  ];
}

function tableRows(report: DayReport, table: CsvTable): Row[] {
  switch (table) {
    case 'outlets':
      return [
        { scope: '*', name: 'hotel', z_number: report.zNumber, ...summary(report.hotel) },
        ...report.outlets.map((o) => ({ scope: o.outlet, name: o.name, z_number: o.zNumber, ...summary(o) })),
      ];
    case 'payments':
      return perScope(report, (t) =>
        t.byPayment.map((p) => ({
          method: p.method,
          records: p.records,
          amount_cents: p.amountCents,
          tip_cents: p.tipCents,
        })),
      );
    case 'vat':
      return perScope(report, (t) =>
        t.byVat.map((v) => ({
          vat_rate_bp: v.vatRateBp,
          net_cents: v.netCents,
          vat_cents: v.vatCents,
          gross_cents: v.grossCents,
        })),
      );
    case 'groups':
      return perScope(report, (t) =>
        t.byGroup.map((g) => ({
          group_id: g.groupId,
          group: g.groupName,
          quantity: g.quantity,
          gross_cents: g.grossCents,
        })),
      );
    case 'staff':
      return perScope(report, (t) =>
        t.byStaff.map((s) => ({
          staff_id: s.staffId,
          staff: s.staffName,
          records: s.records,
          gross_cents: s.grossCents,
          tip_cents: s.tipCents,
        })),
      );
    case 'devices':
      return perScope(report, (t) =>
        t.byDevice.map((d) => ({
          device_id: d.deviceId,
          device: d.deviceName,
          records: d.records,
          gross_cents: d.grossCents,
        })),
      );
    case 'hours':
      return perScope(report, (t) => t.byHour.map((h) => ({ hour: h.hour, gross_cents: h.grossCents })));
    case 'rooms':
      return perScope(report, (t) =>
        t.roomCharges.map((r) => ({ room: r.room, records: r.records, gross_cents: r.grossCents })),
      );
    case 'corrections':
    case 'discounts':
    case 'open-prices':
    case 'late-charges': {
      const pick = {
        corrections: 'corrections',
        discounts: 'discounts',
        'open-prices': 'openPrices',
        'late-charges': 'lateCharges',
      } as const;
      return report.outlets.flatMap((o) =>
        (o[pick[table]] ?? []).map((r) => ({
          scope: o.outlet,
          kind: r.kind,
          sale_id: r.saleId,
          reference: r.reference,
          refers_to: r.refersTo,
          created_at: r.createdAt,
          staff: r.staffName,
          device: r.deviceName,
          amount_cents: r.amountCents,
          reason: r.reason,
          approved_by: r.approvedBy,
        })),
      );
    }
    case 'deviations':
      return (report.deviations ?? []).map((r) => ({
        scope: '*',
        kind: r.kind,
        sale_id: r.saleId,
        reference: r.reference,
        created_at: r.createdAt,
        staff: r.staffName,
        device: r.deviceName,
        amount_cents: r.amountCents,
        reason: r.reason,
      }));
    case 'drawers':
      return report.drawers.map((d) => ({
        scope: d.outlet,
        drawer: d.drawer,
        float_cents: d.floatCents,
        cash_sales_cents: d.cashSalesCents,
        paid_out_cents: d.refundsCents,
        expected_cents: d.expectedCents,
        counted_cents: d.count?.countedCents,
        difference_cents: d.count?.differenceCents,
        counted_by: d.count?.countedBy,
        approved_by: d.count?.approvedBy,
        counted_at: d.count?.countedAt,
        denominations: d.count ? JSON.stringify(d.count.denominations) : null,
      }));
    case 'pending':
      return report.pendingByDevice.map((p) => ({
        scope: p.outlet,
        device_id: p.deviceId,
        device: p.deviceName,
        pending: p.pending,
        oldest_created_at: p.oldestCreatedAt,
        last_seen_at: p.lastSeenAt,
      }));
    case 'attention':
      return report.attention.map((a) => ({
        scope: a.outlet,
        sale_id: a.saleId,
        reference: a.reference,
        device: a.deviceName,
        outcome: a.outcome,
        message: a.message,
        at: a.at,
      }));
  }
}

function summary(t: DayTotals): Row {
  return {
    records: t.records,
    gross_cents: t.grossCents,
    net_cents: t.netCents,
    vat_cents: t.vatCents,
    discount_cents: t.discountCents,
    tip_cents: t.tipCents,
  };
}

/** One table of `report` as CSV text (a header row even when it has no rows). */
export function reportCsv(report: DayReport, table: CsvTable): string {
  const rows = tableRows(report, table);
  const header = rows[0] ? Object.keys(rows[0]) : ['scope'];
  const cell = (value: unknown) => {
    let text = value === null || value === undefined ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  // Times on the hotel's clock with their offset (clock/hotel-clock.ts), as people read the day.
  const value = (key: string, v: unknown) =>
    v && (key === 'at' || key.endsWith('_at')) ? hotelIsoTime(String(v)) : v;
  const lines = [
    header.join(','),
    ...rows.map((row) => header.map((key) => cell(value(key, row[key]))).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
