// One VAT rule for the books (issue 30; docs/ledger.md, "VAT"): generated days of sales, parts of
// equal splits and partial refunds recorded through the ledger; the VAT each receipt prints is
// reckoned here from the receipts' own lines (exact integer arithmetic, one rounding per rate, half
// away from zero), and the Z's VAT per rate, its net, and the DSFinV-K export's VAT per Bon and per
// rate must be the sum of the receipts' to the cent, as must each receipt's VAT lines (`vatByRate`).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerRecordOf } from '../../../src/outbox/intents/ledger-body.ts';
import type { LedgerLine, LedgerRecord } from '../../../src/pms/ledger-wire.ts';
import { equalShareSale } from '../../../src/rules/equal-share.ts';
import { createHub, type Device, type Hub } from '../../../src/server/hub/hub.ts';
import { ledgerDsfinvkClosings } from '../../../src/server/ledger/closing/dsfinvk-source.ts';
import { linesNetAndVat, vatByRate } from '../../../src/shared/vat.ts';
import type { SaleLine } from '../../../src/storage/records.ts';
import { approvalToken, fixtureDevice } from './ledger-fixtures.ts';

interface GeneratedLine {
  priceCents: number;
  quantity: number;
  rateBp: 1900 | 700;
}
type Op =
  | { t: 'sale'; lines: GeneratedLine[] }
  | { t: 'split'; lines: GeneratedLine[]; parts: number }
  | { t: 'refund'; of: number; take: number[] };

const line = fc.record({
  priceCents: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 5000 })),
  quantity: fc.integer({ min: 1, max: 5 }),
  rateBp: fc.constantFrom<1900 | 700>(1900, 700),
});
const lines = fc.array(line, { minLength: 1, maxLength: 6 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ t: fc.constant('sale' as const), lines }) },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('split' as const), lines, parts: fc.integer({ min: 2, max: 4 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('refund' as const),
      of: fc.nat({ max: 100 }),
      take: fc.array(fc.nat({ max: 5 }), { minLength: 6, maxLength: 6 }),
    }),
  },
);

/** The VAT in `grossCents` at `rateBp`, half away from zero, in exact integers (independent of src/). */
function vatOf(grossCents: number, rateBp: number): number {
  const gross = BigInt(Math.abs(grossCents));
  const divisor = BigInt(10_000 + rateBp);
  const vat = Number((2n * gross * BigInt(rateBp) + divisor) / (2n * divisor));
  return grossCents < 0 && vat !== 0 ? -vat : vat;
}

/** What one receipt says: its gross and VAT per rate, reckoned from its lines. */
function receiptVat(receiptLines: readonly { grossCents: number; rateBp: number }[]) {
  const gross = new Map<number, number>();
  for (const l of receiptLines) gross.set(l.rateBp, (gross.get(l.rateBp) ?? 0) + l.grossCents);
  return new Map(
    [...gross].map(([rateBp, cents]) => [rateBp, { grossCents: cents, vatCents: vatOf(cents, rateBp) }]),
  );
}

let hub: Hub;
let device: Device;
let anna: string;
beforeAll(async () => {
  hub = createHub({ dbFile: ':memory:', staffKeyRounds: 1000 });
  device = fixtureDevice(hub, 'bar', 'Bar');
  anna = (await hub.staff.add({ name: 'Anna', role: 'manager', pin: '9999' })).id;
});
afterAll(() => hub.db.close());

const saleLine = (l: GeneratedLine, index: number): SaleLine => ({
  productId: index + 1,
  name: `P${index + 1}`,
  quantity: l.quantity,
  unitPriceCents: l.priceCents,
  cataloguePriceCents: l.priceCents,
  taxClassId: l.rateBp === 1900 ? 1 : 2,
  vatRateBp: l.rateBp,
  commodityGroupId: 1,
  commodityGroupName: 'Bar',
});

/** A recorded sale or part: its lines as its receipt shows them, and what is left to refund of each. */
interface Sold {
  saleId: string;
  lines: LedgerLine[];
  left: number[];
}

async function playDay(ops: Op[]) {
  const receipts = new Map<string, { grossCents: number; rateBp: number }[]>();
  const sold: Sold[] = [];
  const record = async (body: LedgerRecord, own: LedgerLine[]) => {
    await hub.ledger.record(device, body);
    receipts.set(
      body.saleId,
      own.map((l) => ({ grossCents: l.unitPriceCents * l.quantity, rateBp: l.vatRateBp! })),
    );
  };
  const entry = (saleLines: SaleLine[], extra: object = {}) => {
    const id = randomUUID();
    const at = Date.now();
    return {
      id,
      reference: id.slice(0, 6),
      kind: 'cash-sale' as const,
      status: 'pending' as const,
      createdAt: at,
      updatedAt: at,
      staff: 'Anna',
      staffId: anna,
      till: 'bar',
      lines: saleLines,
      notes: [],
      totalCents: saleLines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0),
      tender: { method: 'cash' as const },
      ...extra,
    };
  };
  for (const step of ops) {
    if (step.t === 'sale') {
      const body = ledgerRecordOf(entry(step.lines.map(saleLine)), 'sale');
      await record(body, body.lines);
      sold.push({ saleId: body.saleId, lines: body.lines, left: body.lines.map((l) => l.quantity) });
    } else if (step.t === 'split') {
      const bill = step.lines.map(saleLine);
      const billId = randomUUID();
      for (let part = 1; part <= step.parts; part++) {
        const share = equalShareSale(bill, { billId, part, parts: step.parts }, 'Anteil');
        const body = ledgerRecordOf(entry(share.lines, { split: true, share: share.share }), 'sale');
        // The part's receipt shows the part's own lines (one per bill line at the part's gross).
        const own = share.lines.map((l) => ({ ...l, vatRateBp: l.vatRateBp ?? null })) as LedgerLine[];
        await record(body, own);
        sold.push({ saleId: body.saleId, lines: own, left: own.map((l) => l.quantity) });
      }
    } else {
      const open = sold.filter((s) => s.left.some((q) => q > 0));
      const of = open[step.of % Math.max(1, open.length)];
      if (!of) continue;
      const taken = of.lines
        .map((l, i) => ({ l, i, quantity: (step.take[i] ?? 0) % (of.left[i]! + 1) }))
        .filter((t) => t.quantity > 0);
      if (taken.length === 0) continue;
      const refundLines = taken.map((t) => ({ ...t.l, quantity: -t.quantity }));
      const totalCents = refundLines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
      const saleId = randomUUID();
      const body: LedgerRecord = {
        v: 1,
        saleId,
        reference: saleId.slice(0, 6),
        kind: 'refund',
        createdAt: new Date().toISOString(),
        staffId: anna,
        refersTo: of.saleId,
        lines: refundLines,
        payments: [{ method: 'cash', amountCents: totalCents }],
        totalCents,
        reason: 'guest complaint',
        approvals: [
          await approvalToken(hub, device, saleId, {
            action: 'void_sale',
            manager: { id: anna, pin: '9999' },
            amountCents: -totalCents,
          }),
        ],
      };
      await record(body, refundLines);
      for (const t of taken) of.left[t.i]! -= t.quantity;
    }
  }
  return receipts;
}

/** Counts the drawers and closes a Z over the records since the last, if there are any. */
function closeDay() {
  const x = hub.closing.xReport();
  if (x.hotel.records === 0) return undefined;
  const closer = { staffId: anna, staffName: 'Anna' };
  for (const drawer of x.drawers)
    hub.closing.countDrawer(
      {
        outlet: drawer.outlet,
        drawer: drawer.drawer,
        denominations: { '1': Math.max(0, drawer.expectedCents) },
      },
      closer,
      { managerId: anna, managerName: 'Anna', approvalId: null },
    );
  return hub.closing.closeDay({ upToSeq: x.upToSeq }, closer);
}

describe('the VAT of the books is the sum of what the receipts print', () => {
  it('Z and DSFinV-K per rate, and each Bon, equal the receipts reckoned line by line', async () => {
    let z = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        closeDay(); // what a failed run left
        const receipts = await playDay(ops);
        const byRate = new Map<number, { grossCents: number; vatCents: number }>();
        for (const [saleId, receiptLines] of receipts) {
          const printed = receiptVat(receiptLines);
          // The receipt prints vatByRate of its lines; its lines' shares add up to the same.
          expect(
            new Map(
              vatByRate(receiptLines.map((l) => ({ grossCents: l.grossCents, vatRateBp: l.rateBp }))).map(
                (s) => [s.vatRateBp, { grossCents: s.grossCents, vatCents: s.vatCents }],
              ),
            ),
            `receipt ${saleId}`,
          ).toEqual(printed);
          for (const [rateBp, share] of printed) {
            const into = byRate.get(rateBp) ?? { grossCents: 0, vatCents: 0 };
            into.grossCents += share.grossCents;
            into.vatCents += share.vatCents;
            byRate.set(rateBp, into);
          }
        }
        const closed = closeDay();
        if (!closed) return; // nothing recorded (a refund with nothing to refund)
        z = closed.zNumber;
        const day = closed.report.hotel;
        const wanted = [...byRate]
          .filter(([, s]) => s.grossCents !== 0 || s.vatCents !== 0)
          .map(([rateBp, s]) => ({ vatRateBp: rateBp, ...s, netCents: s.grossCents - s.vatCents }))
          .sort((a, b) => b.vatRateBp - a.vatRateBp);
        const zByVat = day.byVat
          .filter((v) => v.grossCents !== 0 || v.vatCents !== 0)
          .map((v) => ({
            vatRateBp: v.vatRateBp,
            grossCents: v.grossCents,
            vatCents: v.vatCents,
            netCents: v.netCents,
          }));
        expect(zByVat).toEqual(wanted);
        expect(day.vatCents).toBe(wanted.reduce((sum, v) => sum + v.vatCents, 0));

        // The export: each Bon's VAT per rate is its receipt's; so its sums are the Z's.
        const [export_] = ledgerDsfinvkClosings(hub.db, z, z, 'test');
        for (const tx of export_!.transactions) {
          const perRate = new Map<number, { grossCents: number; vatCents: number }>();
          for (const l of tx.lines) {
            const into = perRate.get(l.vatId) ?? { grossCents: 0, vatCents: 0 };
            into.grossCents += l.grossCents;
            into.vatCents += l.grossCents - l.netCents;
            perRate.set(l.vatId, into);
          }
          const printed = receiptVat(receipts.get(tx.bonId)!);
          expect(perRate, `Bon ${tx.bonId}`).toEqual(
            new Map([...printed].map(([rateBp, s]) => [rateBp === 1900 ? 1 : 2, s])),
          );
        }
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('gives each line its share of its receipt’s VAT, negated exactly on a reversal', () => {
    // Pils 840 + Cola 360 at 19 %: per line 134.12 + 57.48 = 191, the receipt's 1200 × 19 / 119 = 191.60 → 192;
    // the cent left over goes to the larger fraction (Cola's .48).
    const receipt = [
      { grossCents: 840, vatRateBp: 1900 },
      { grossCents: 360, vatRateBp: 1900 },
      { grossCents: 1550, vatRateBp: 700 },
    ];
    expect(linesNetAndVat(receipt)).toEqual([
      { netCents: 706, vatCents: 134 },
      { netCents: 302, vatCents: 58 },
      { netCents: 1449, vatCents: 101 },
    ]);
    expect(linesNetAndVat(receipt.map((l) => ({ ...l, grossCents: -l.grossCents })))).toEqual([
      { netCents: -706, vatCents: -134 },
      { netCents: -302, vatCents: -58 },
      { netCents: -1449, vatCents: -101 },
    ]);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            grossCents: fc.integer({ min: -100_000, max: 100_000 }),
            vatRateBp: fc.constantFrom(1900, 700, 2000, 1000, 1300, 550, 0, null),
          }),
          { maxLength: 8 },
        ),
        (amounts) => {
          const shares = linesNetAndVat(amounts);
          for (const share of vatByRate(amounts)) {
            const ofRate = shares.filter((_, i) => amounts[i]!.vatRateBp === share.vatRateBp);
            expect(ofRate.reduce((sum, s) => sum + s.vatCents, 0)).toBe(
              share.vatRateBp === null ? 0 : vatOf(share.grossCents, share.vatRateBp),
            );
          }
          shares.forEach((s, i) => {
            const { grossCents, vatRateBp } = amounts[i]!;
            expect(s.netCents + s.vatCents).toBe(grossCents);
            // Each line within a cent of its exact VAT.
            const exact = vatRateBp === null ? 0 : (grossCents * vatRateBp) / (10_000 + vatRateBp);
            expect(Math.abs(s.vatCents - exact)).toBeLessThan(1);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
