// A bill paid in equal parts (issue 30): each part is recorded as a share of the one bill, and the
// books hold each item once, at its price, with no discount: the parts' gross adds up to the bill's
// to the cent, each line's thousandths over the parts to its quantity, the report's item counts to
// the bill's. A part that does not fit its bill is refused naming the field, with nothing written.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerRecordOf } from '../../../src/outbox/intents/ledger-body.ts';
import type { LedgerRecord } from '../../../src/pms/ledger-wire.ts';
import { REQUEST_ID_HEADER } from '../../../src/pms/till-headers.ts';
import { equalShareSale } from '../../../src/rules/equal-share.ts';
import type { SaleLine } from '../../../src/storage/records.ts';
import type { CatalogueItem } from './reckoning/day-model.ts';
import { startTill } from './reckoning/till.ts';

let till: Awaited<ReturnType<typeof startTill>>;
let sellable: CatalogueItem[];
beforeAll(async () => {
  till = await startTill();
  sellable = till.catalogue.filter((item) => !item.openPrice && item.groupName !== 'Minibar');
});
afterAll(() => till.close());

async function post(body: unknown): Promise<Response> {
  return till.server.request('http://localhost/till/sales', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: till.devices.bar.cookie,
      [REQUEST_ID_HEADER]: randomUUID(),
    },
    body: JSON.stringify(body),
  });
}

const billLine = (item: CatalogueItem, quantity: number): SaleLine => ({
  productId: item.id,
  name: item.name,
  quantity,
  unitPriceCents: item.priceCents,
  cataloguePriceCents: item.priceCents,
  taxClassId: item.taxClassId,
  vatRateBp: item.vatRateBp,
  commodityGroupId: item.groupId,
  commodityGroupName: item.groupName,
});

/** Part `part` of `parts` of the bill as the tablet records it (rules/equal-share.ts, outbox/intents/ledger-body.ts). */
function partRecord(bill: SaleLine[], billId: string, part: number, parts: number): LedgerRecord {
  const share = equalShareSale(bill, { billId, part, parts }, 'Anteil');
  const totalCents = share.lines.reduce((sum, line) => sum + line.unitPriceCents, 0);
  const at = till.clock.now.getTime();
  return ledgerRecordOf(
    {
      id: randomUUID(),
      reference: `P${part}`,
      kind: 'cash-sale',
      status: 'pending',
      createdAt: at,
      updatedAt: at,
      staff: 'Mia',
      staffId: till.staffIds.Mia,
      till: 'bar',
      lines: share.lines,
      notes: [],
      totalCents,
      tender: { method: 'cash', tenderedCents: totalCents, changeCents: 0 },
      split: true,
      share: share.share,
    },
    'sale',
  );
}

/** Per product: gross, thousandths and discount the ledger holds of the sales `saleIds`. */
function ledgerLinesOf(saleIds: string[]) {
  return till.hub.db
    .prepare(
      `SELECT l.product_id AS productId, SUM(l.gross_cents) AS gross, SUM(l.quantity_milli) AS milli,
              SUM(l.discount_cents) AS discount
         FROM ledger_lines l JOIN ledger_sales s ON s.seq = l.sale_seq
        WHERE s.sale_id IN (SELECT value FROM json_each(?)) GROUP BY l.product_id ORDER BY l.product_id`,
    )
    .all(JSON.stringify(saleIds)) as { productId: number; gross: number; milli: number; discount: number }[];
}

/** Items per commodity group on the day's report so far (the X; the Z adds up the same). */
function itemsByGroup(): Map<number | null, number> {
  return new Map(till.hub.closing.xReport().hotel.byGroup.map((g) => [g.groupId, g.quantityMilli]));
}

const recordsCount = () =>
  (till.hub.db.prepare('SELECT COUNT(*) AS n FROM ledger_sales').get() as { n: number }).n;

describe('a bill paid in equal parts', () => {
  it('for any bill and number of parts: the gross, each line’s items and the report’s counts are the bill’s', async () => {
    const bills = fc.record({
      picks: fc.uniqueArray(
        fc.record({ product: fc.nat(10_000), quantity: fc.integer({ min: 1, max: 12 }) }),
        {
          minLength: 1,
          maxLength: 6,
          selector: (pick) => pick.product % 1000,
        },
      ),
      parts: fc.integer({ min: 2, max: 10 }),
    });
    await fc.assert(
      fc.asyncProperty(bills, async ({ picks, parts }) => {
        const items = new Map<number, { item: CatalogueItem; quantity: number }>();
        for (const pick of picks) {
          const item = sellable[pick.product % sellable.length]!;
          items.set(item.id, { item, quantity: (items.get(item.id)?.quantity ?? 0) + pick.quantity });
        }
        const bill = [...items.values()].map(({ item, quantity }) => billLine(item, quantity));
        const before = itemsByGroup();
        const billId = randomUUID();
        const saleIds: string[] = [];
        for (let part = 1; part <= parts; part++) {
          const record = partRecord(bill, billId, part, parts);
          const answer = await post(record);
          expect(answer.status, await answer.clone().text()).toBe(200);
          saleIds.push(record.saleId);
        }
        // Reckoned from the bill alone: each item once, at its price, no discount.
        const wanted = [...bill]
          .sort((a, b) => a.productId - b.productId)
          .map((line) => ({
            productId: line.productId,
            gross: line.quantity * line.unitPriceCents,
            milli: line.quantity * 1000,
            discount: 0,
          }));
        expect(ledgerLinesOf(saleIds)).toEqual(wanted);
        const after = itemsByGroup();
        const byGroup = new Map<number, number>();
        for (const { item, quantity } of items.values())
          byGroup.set(item.groupId, (byGroup.get(item.groupId) ?? 0) + quantity * 1000);
        for (const [group, milli] of byGroup)
          expect((after.get(group) ?? 0) - (before.get(group) ?? 0)).toBe(milli);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('shows the items of a group paid in parts as the bill’s, whole once every part is paid', async () => {
    const pils = sellable[0]!;
    const before = till.hub.closing.xReport().hotel.byGroup.find((g) => g.groupId === pils.groupId);
    const bill = [billLine(pils, 2)];
    const billId = randomUUID();
    expect((await post(partRecord(bill, billId, 1, 3))).status).toBe(200);
    const partly = till.hub.closing.xReport().hotel.byGroup.find((g) => g.groupId === pils.groupId)!;
    expect(partly.quantityMilli - (before?.quantityMilli ?? 0)).toBe(667);
    expect(partly.quantity).toBe(partly.quantityMilli / 1000);
    for (const part of [2, 3]) expect((await post(partRecord(bill, billId, part, 3))).status).toBe(200);
    const whole = till.hub.closing.xReport().hotel.byGroup.find((g) => g.groupId === pils.groupId)!;
    expect(whole.quantity - (before?.quantity ?? 0)).toBe(2);
  });

  describe('refuses a part that does not fit its bill, naming the field, with nothing written', () => {
    const bill = () => [billLine(sellable[0]!, 3), billLine(sellable[1]!, 1)];
    const refused = async (body: unknown, status: number, field: string) => {
      const count = recordsCount();
      const answer = await post(body);
      expect(answer.status).toBe(status);
      expect(((await answer.json()) as { field: string }).field).toBe(field);
      expect(recordsCount()).toBe(count);
    };

    it('a part number above the parts', async () => {
      const record = partRecord(bill(), randomUUID(), 2, 3);
      await refused({ ...record, share: { ...record.share!, part: 4 } }, 400, 'share.part');
      await refused({ ...record, share: { ...record.share!, part: 0 } }, 400, 'share.part');
    });

    it('a bill total the lines do not come to', async () => {
      const record = partRecord(bill(), randomUUID(), 1, 3);
      await refused(
        { ...record, share: { ...record.share!, billCents: record.share!.billCents + 300 } },
        400,
        'share.billCents',
      );
    });

    it('a part worth more than its equal part (parts that would exceed the bill)', async () => {
      const record = partRecord(bill(), randomUUID(), 1, 3);
      const more = record.totalCents + 100;
      await refused(
        { ...record, totalCents: more, payments: [{ method: 'cash', amountCents: more }] },
        400,
        'totalCents',
      );
    });

    it('the same part of a bill twice, or a part of another bill under its id', async () => {
      const billId = randomUUID();
      expect((await post(partRecord(bill(), billId, 1, 3))).status).toBe(200);
      await refused(partRecord(bill(), billId, 1, 3), 409, 'share.part');
      await refused(partRecord(bill(), billId, 2, 4), 400, 'share.parts');
      const other = [billLine(sellable[0]!, 2), billLine(sellable[1]!, 1), billLine(sellable[2]!, 1)];
      await refused(partRecord(other, billId, 2, 3), 400, 'share.billCents');
      const sameTotal = partRecord(bill(), billId, 2, 3);
      const swapped = { ...sameTotal, lines: [...sameTotal.lines].reverse() };
      await refused(swapped, 400, 'lines');
    });

    it('a share on a record that is not a sale', async () => {
      const record = partRecord(bill(), randomUUID(), 1, 2);
      await refused(
        { ...record, kind: 'shift-open', lines: [], payments: [], totalCents: 0, shift: { shiftId: 's' } },
        400,
        'share',
      );
    });
  });

  it('records a split part without a share (an older tablet) as it was sent', async () => {
    const pils = sellable[0]!;
    const body = {
      ...partRecord([billLine(pils, 3)], randomUUID(), 1, 3),
      share: undefined,
      lines: [{ ...billLine(pils, 3), unitPriceCents: Math.floor(pils.priceCents / 3) }],
    };
    const total = 3 * Math.floor(pils.priceCents / 3);
    const answer = await post({
      ...body,
      totalCents: total,
      payments: [{ method: 'cash', amountCents: total }],
    });
    expect(answer.status).toBe(200);
    expect(ledgerLinesOf([body.saleId])).toEqual([
      {
        productId: pils.id,
        gross: total,
        milli: 3000,
        discount: 3 * (pils.priceCents - Math.floor(pils.priceCents / 3)),
      },
    ]);
  });
});
