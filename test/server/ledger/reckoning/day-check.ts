// The reckoning test's comparison: the model's reckoning of a played day (day-model.ts) against what
// the server closed - the Z (total, VAT, discounts, by payment, VAT rate, group, staff, drawer),
// the DSFinV-K files of that Z (revenue and VAT), the TSE's signed amounts of every sale, and the
// test hotel's invoices and folios. Answers the differences
// in words (none: the books are right), so a failing day says what is wrong.

import type { PlayedDay, Till } from './day-driver.ts';
import { type DayPlan, reckon } from './day-model.ts';
import { folioOf, grossByProduct, invoicesOf, type PmsItem } from './pms-side.ts';
import { centsOf, csvRows, dsfinvkFiles, signedOf } from './till.ts';

const VAT_ID: Record<string, number> = { '1900': 1, '700': 2, '1070': 3, '550': 4, '0': 5 };

function compare(out: string[], what: string, expected: unknown, actual: unknown) {
  const e = JSON.stringify(expected);
  const a = JSON.stringify(actual);
  if (e !== a) out.push(`${what}: reckoned ${e}, the server has ${a}`);
}
const sorted = <T>(record: Record<string, T>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

export async function dayDifferences(till: Till, plan: DayPlan, played: PlayedDay): Promise<string[]> {
  const want = reckon(played.records, plan.floats);
  const z = played.z.report.hotel;
  const out: string[] = [];
  compare(out, 'Z gross', want.grossCents, z.grossCents);
  compare(out, 'Z VAT', want.vatCents, z.vatCents);
  compare(out, 'Z discounts', want.discountCents, z.discountCents);
  compare(out, 'Z tips', want.tipCents, z.tipCents);
  compare(
    out,
    'Z by payment',
    sorted(want.byPayment),
    sorted(
      Object.fromEntries(
        z.byPayment.filter((p) => p.amountCents !== 0).map((p) => [p.method, p.amountCents]),
      ),
    ),
  );
  // Every card here is taken (and given back) on a stand-alone terminal: the Z lists all of it apart.
  compare(
    out,
    'Z stand-alone card',
    want.byPayment.card ?? 0,
    (played.z.report.standaloneCards ?? []).reduce((sum, p) => sum + p.amountCents, 0),
  );
  compare(
    out,
    'Z by VAT rate',
    sorted(want.byVat),
    sorted(
      Object.fromEntries(
        z.byVat.map((v) => [String(v.vatRateBp), { grossCents: v.grossCents, vatCents: v.vatCents }]),
      ),
    ),
  );
  compare(
    out,
    'Z by group',
    sorted(want.byGroup),
    sorted(
      Object.fromEntries(
        z.byGroup.map((g) => [String(g.groupId), { quantity: g.quantity, grossCents: g.grossCents }]),
      ),
    ),
  );
  const nameOf = Object.fromEntries(Object.entries(till.staffIds).map(([name, id]) => [id, name]));
  compare(
    out,
    'Z by staff',
    sorted(Object.fromEntries(Object.entries(want.byStaff).filter(([, cents]) => cents !== 0))),
    sorted(
      Object.fromEntries(
        z.byStaff
          .filter((s) => s.grossCents !== 0)
          .map((s) => [nameOf[s.staffId ?? ''] ?? String(s.staffName), s.grossCents]),
      ),
    ),
  );
  for (const [tablet, expected] of Object.entries(want.drawers)) {
    const drawer = played.z.report.drawers.find((d) => d.outlet === tablet);
    compare(out, `drawer of ${tablet}`, expected, drawer?.expectedCents ?? 0);
  }

  const files = await dsfinvkFiles(till, played.z.zNumber);
  const revenue = csvRows(files['businesscases.csv']!).filter((row) => row.GV_TYP === 'Umsatz');
  const byVatId: Record<string, number> = {};
  const vatByVatId: Record<string, number> = {};
  for (const row of revenue) {
    byVatId[row.UST_SCHLUESSEL!] = (byVatId[row.UST_SCHLUESSEL!] ?? 0) + centsOf(row.Z_UMS_BRUTTO!);
    vatByVatId[row.UST_SCHLUESSEL!] = (vatByVatId[row.UST_SCHLUESSEL!] ?? 0) + centsOf(row.Z_UST!);
  }
  compare(
    out,
    'DSFinV-K VAT by VAT id',
    sorted(
      Object.fromEntries(
        Object.entries(want.byVat)
          .filter(([, v]) => v.vatCents !== 0)
          .map(([rate, v]) => [String(VAT_ID[rate]), v.vatCents]),
      ),
    ),
    sorted(Object.fromEntries(Object.entries(vatByVatId).filter(([, cents]) => cents !== 0))),
  );
  compare(
    out,
    'DSFinV-K revenue by VAT id',
    sorted(
      Object.fromEntries(
        Object.entries(want.byVat)
          .filter(([, v]) => v.grossCents !== 0)
          .map(([rate, v]) => [String(VAT_ID[rate]), v.grossCents]),
      ),
    ),
    sorted(Object.fromEntries(Object.entries(byVatId).filter(([, cents]) => cents !== 0))),
  );
  // Items by group to the thousandth (MENGE has three decimals: a part of an equal split sells shares).
  const itemsByGroup: Record<string, number> = {};
  for (const row of csvRows(files['lines.csv']!).filter((r) => r.GV_TYP === 'Umsatz'))
    itemsByGroup[row.WARENGR_ID!] =
      (itemsByGroup[row.WARENGR_ID!] ?? 0) + Math.round(Number(row.MENGE!.replace(',', '.')) * 1000);
  compare(
    out,
    'DSFinV-K items by group (thousandths)',
    sorted(
      Object.fromEntries(
        Object.entries(want.byGroup)
          .filter(([, g]) => g.quantity !== 0)
          .map(([group, g]) => [group, g.quantity * 1000]),
      ),
    ),
    sorted(Object.fromEntries(Object.entries(itemsByGroup).filter(([, milli]) => milli !== 0))),
  );
  const [closing] = csvRows(files['cashpointclosing.csv']!);
  compare(out, 'DSFinV-K cash', want.byPayment.cash ?? 0, centsOf(closing!.Z_SE_BARZAHLUNGEN!));
  compare(
    out,
    'DSFinV-K payments',
    (want.byPayment.cash ?? 0) + (want.byPayment.card ?? 0) + want.tipCents,
    centsOf(closing!.Z_SE_ZAHLUNGEN!),
  );

  out.push(...pmsDifferences(till, played));

  for (const record of played.records) {
    const expected = want.signed[record.key]!;
    const signed = { byVatId: [0, 0, 0, 0, 0], cash: 0, nonCash: 0 };
    for (const saleId of played.saleIdsOf.get(record.key) ?? []) {
      const one = signedOf(till, saleId);
      if (!one) {
        out.push(`TSE: ${record.kind} ${record.key} is not signed`);
        continue;
      }
      one.byVatId.forEach((cents, i) => {
        signed.byVatId[i]! += cents;
      });
      const late = till.fiscal.german()!.store.get(saleId)!.signedLate;
      if (late !== played.late.has(saleId))
        out.push(`TSE: ${record.key} is ${late ? '' : 'not '}marked signed late`);
      signed.cash += one.cash;
      signed.nonCash += one.nonCash;
    }
    const byVatIdWanted = [0, 0, 0, 0, 0];
    for (const [rate, cents] of Object.entries(expected.byRate)) byVatIdWanted[VAT_ID[rate]! - 1]! += cents;
    byVatIdWanted[4]! += expected.tipCents; // a tip is signed at VAT id 5 (not taxable), as the Bon has it
    compare(
      out,
      `TSE of ${record.kind} ${record.key}`,
      { byVatId: byVatIdWanted, cash: expected.cash, nonCash: expected.nonCash },
      signed,
    );
  }
  return out;
}

/**
 * The PMS's books against the model: each sale paid at the till has exactly one invoice with its
 * reference, closed with its method, holding its items (a part of a bill its share of each: the
 * parts' gross per product is the bill's); each stay's folio gained the day's room charges to it,
 * once, less what voids and take-backs took back (a charge voided before its step went: nothing).
 * Sales whose steps waited for the PMS or an offline tablet are there too, once.
 */
function pmsDifferences(till: Till, played: PlayedDay): string[] {
  const out: string[] = [];
  const modelItems = (lines: (typeof played.records)[number]['lines']): PmsItem[] =>
    lines
      .map((l) => ({ productId: l.item.id, quantity: l.quantity, unitPriceCents: l.unitPriceCents }))
      .sort(
        (a, b) => a.productId - b.productId || a.unitPriceCents - b.unitPriceCents || a.quantity - b.quantity,
      );
  for (const record of played.records) {
    if (record.kind !== 'sale' && record.kind !== 'room-charge') continue;
    const sent = played.pms.filter((one) => one.key === record.key);
    if (sent.length === 0) {
      out.push(`PMS: ${record.kind} ${record.key} was never sent`);
      continue;
    }
    if (record.kind === 'room-charge') continue; // on its stay's folio, below
    const items: PmsItem[] = [];
    for (const one of sent) {
      const invoices = invoicesOf(till.hotel.db, one.sale, one.results);
      const method = one.sale.entry.tender?.method === 'card' ? 2 : 1;
      compare(
        out,
        `PMS invoices of ${record.key} (${one.sale.entry.reference})`,
        [{ ours: true, status: 'closed', method }],
        invoices.map((i) => ({ ours: i.ours, status: i.status, method: i.method })),
      );
      items.push(...invoices.flatMap((i) => i.items));
    }
    if (record.parts) {
      compare(
        out,
        `PMS items of the parts of ${record.key} (gross per product)`,
        grossByProduct(modelItems(record.lines)),
        grossByProduct(items),
      );
    } else compare(out, `PMS items of ${record.key}`, modelItems(record.lines), items);
  }
  // Each stay's folio gained the day's charges to it, less what voids and take-backs took back.
  const byKey = new Map(played.records.map((record) => [record.key, record]));
  for (const stay of till.stays) {
    const wanted: Record<string, number> = {};
    for (const record of played.records) {
      const charge = record.kind === 'room-charge' ? record : byKey.get(record.refersTo ?? '');
      if (record.kind === 'late-charge' || charge?.kind !== 'room-charge') continue;
      if (till.stays[charge.room! % till.stays.length] !== stay) continue;
      for (const line of record.lines) {
        const key = `${line.item.id}@${line.unitPriceCents}`;
        wanted[key] = (wanted[key] ?? 0) + line.quantity;
      }
    }
    const before = played.foliosBefore[stay.roomReservationId] ?? {};
    const after = folioOf(till.hotel.db, stay.roomReservationId);
    const gained: Record<string, number> = {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
      gained[key] = (after[key] ?? 0) - (before[key] ?? 0);
    const nonZero = (r: Record<string, number>) =>
      Object.fromEntries(
        Object.entries(r)
          .filter(([, n]) => n !== 0)
          .sort(([a], [b]) => a.localeCompare(b)),
      );
    compare(out, `PMS folio of stay ${stay.roomReservationId}`, nonZero(wanted), nonZero(gained));
  }
  return out;
}
