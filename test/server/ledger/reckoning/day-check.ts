// The reckoning test's comparison: the model's reckoning of a played day (day-model.ts) against what
// the server closed - the Z (total, VAT, discounts, by payment, VAT rate, group, staff, drawer),
// the DSFinV-K files of that Z, and the TSE's signed amounts of every sale. Answers the differences
// in words (none: the books are right), so a failing day says what is wrong.

import type { PlayedDay, Till } from './day-driver.ts';
import { type DayPlan, reckon } from './day-model.ts';
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
  for (const row of revenue)
    byVatId[row.UST_SCHLUESSEL!] = (byVatId[row.UST_SCHLUESSEL!] ?? 0) + centsOf(row.Z_UMS_BRUTTO!);
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
