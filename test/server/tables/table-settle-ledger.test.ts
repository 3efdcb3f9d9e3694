// A table's settle is checked against the sales ledger, as someone holding a paired tablet of the
// restaurant would try it: an invented sale id, the bar's sale, a sale smaller than the bill, a sale
// used twice and a worth written into the settle by the tablet free nothing; the table stays owed. A
// settle that comes before its sale is held, and decided when the sale is recorded.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '../../../src/pms/till-headers.ts';
import type { NewLine } from '../../../src/shared/table-ops.ts';
import { ledgerLine, PILS, postSale, recordSale, SCHNITZEL, saleBody } from '../ledger/ledger-support.ts';
import { newLine, tableSetup } from './table-support.ts';

const pils = (quantity: number): NewLine =>
  newLine('Pils', quantity, { productId: String(PILS), unitCents: 420 });
const schnitzel = (quantity: number): NewLine =>
  newLine('Schnitzel', quantity, { productId: String(SCHNITZEL), unitCents: 2450, course: 2 });

/** The restaurant with table 10 owing 2 Pils and a Schnitzel (32.90), and each tablet's ledger. */
async function owedTable() {
  const setup = tableSetup();
  const tabletOf = (cookie: string) => ({
    request: (path: string, init: RequestInit = {}) =>
      setup.app.request(path, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), cookie, [REQUEST_ID_HEADER]: randomUUID() },
      }),
  });
  const lines = [pils(2), schnitzel(1)];
  const { one } = setup;
  const added = await one.call('/till/tables/ops', {
    ops: lines.map((line) => one.ops({ kind: 'add_line', tableId: 't10', line })),
  });
  expect(added.status).toBe(200);
  const settle = (saleId: string, final = true, tableId = 't10', more: object = {}) =>
    one.ops({
      kind: 'settle',
      tableId,
      saleId,
      lines: lines.map((line) => ({ lineId: line.lineId, quantity: line.quantity })),
      final,
      ...more,
    });
  const owed = async (tableId = 't10') =>
    (await one.call('/till/tables/floor')).body.tables.find(
      (t: { tableId: string }) => t.tableId === tableId,
    );
  return {
    ...setup,
    lines,
    settle,
    owed,
    ledgerOne: tabletOf(one.cookie),
    ledgerBar: tabletOf(setup.bar.cookie),
  };
}

const wholeBill = () =>
  saleBody([ledgerLine(PILS, 2, 420), ledgerLine(SCHNITZEL, 1, 2450, { vatRateBp: 1000 })]);

describe('a settle as a paired tablet of the restaurant might send it', () => {
  it('frees nothing with an invented sale id: held for a sale that never comes, the table still owed', async () => {
    const { one, settle, owed } = await owedTable();
    const invented = settle(randomUUID());
    const answer = await one.call('/till/tables/ops', { ops: [invented] });
    expect(answer.status).toBe(200);
    expect(answer.body.stored).toEqual([{ opId: invented.opId, duplicate: false, held: true }]);
    expect(await owed()).toMatchObject({ state: 'open', amountCents: 3290 });
    // Not in the log the other tablets fold, and a resend is still only held.
    const log = (await one.call('/till/tables/ops?since=0')).body.ops;
    expect(log.some((op: { body: { kind: string } }) => op.body.kind === 'settle')).toBe(false);
    expect((await one.call('/till/tables/ops', { ops: [invented] })).body.stored[0]).toMatchObject({
      held: true,
    });
    expect(await owed()).toMatchObject({ amountCents: 3290 });
  });

  it('refuses the bar’s sale, a sale smaller than the bill, and a worth the tablet wrote in itself', async () => {
    const { one, settle, owed, ledgerOne, ledgerBar } = await owedTable();
    const barSale = await recordSale(ledgerBar, wholeBill());
    const other = await one.call('/till/tables/ops', { ops: [settle(barSale.saleId)] });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'sale_other_outlet', field: 'ops.0.body.saleId' });
    const beer = await recordSale(ledgerOne, saleBody([ledgerLine(PILS, 1, 420)]));
    const small = await one.call('/till/tables/ops', { ops: [settle(beer.saleId)] });
    expect(small.status).toBe(409);
    expect(small.body).toMatchObject({ code: 'sale_too_small', field: 'ops.0.body.saleId' });
    const claimed = await one.call('/till/tables/ops', {
      ops: [settle(beer.saleId, true, 't10', { coveredCents: 1_000_000 })],
    });
    expect(claimed.status).toBe(409);
    expect(claimed.body.code).toBe('sale_too_small');
    expect(await owed()).toMatchObject({ state: 'open', amountCents: 3290 });
    expect((await one.call('/till/tables/ops?since=0')).body.ops).toHaveLength(2);
  });

  it('takes the sale of the whole bill once: the table is free, and the same sale frees no other table', async () => {
    const { one, settle, owed, ledgerOne } = await owedTable();
    const paid = await recordSale(ledgerOne, wholeBill());
    expect((await one.call('/till/tables/ops', { ops: [settle(paid.saleId)] })).status).toBe(200);
    expect(await owed()).toMatchObject({ state: 'free', amountCents: 0 });
    const table11 = pils(1);
    await one.call('/till/tables/ops', {
      ops: [one.ops({ kind: 'add_line', tableId: 't11', line: table11 })],
    });
    const again = await one.call('/till/tables/ops', {
      ops: [
        one.ops({
          kind: 'settle',
          tableId: 't11',
          saleId: paid.saleId,
          lines: [{ lineId: table11.lineId, quantity: 1 }],
          final: true,
        }),
      ],
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('sale_used');
    expect(await owed('t11')).toMatchObject({ state: 'open', amountCents: 420 });
  });

  it('holds a settle that came before its sale, and frees the table when the sale is recorded', async () => {
    const { one, settle, owed, ledgerOne } = await owedTable();
    const sale = wholeBill();
    const early = settle(sale.saleId);
    expect((await one.call('/till/tables/ops', { ops: [early] })).body.stored[0].held).toBe(true);
    expect(await owed()).toMatchObject({ amountCents: 3290 });
    expect((await postSale(ledgerOne, sale)).status).toBe(200);
    expect(await owed()).toMatchObject({ state: 'free', amountCents: 0 });
    // Its resend is now the stored operation's duplicate.
    expect((await one.call('/till/tables/ops', { ops: [early] })).body.stored).toEqual([
      { opId: early.opId, duplicate: true },
    ]);
  });

  it('refuses a held settle for good when its sale, once recorded, does not cover the bill', async () => {
    const { one, settle, owed, ledgerOne } = await owedTable();
    const sale = saleBody([ledgerLine(PILS, 1, 420)]);
    const early = settle(sale.saleId);
    await one.call('/till/tables/ops', { ops: [early] });
    expect((await postSale(ledgerOne, sale)).status).toBe(200);
    expect(await owed()).toMatchObject({ state: 'open', amountCents: 3290 });
    const resend = await one.call('/till/tables/ops', { ops: [early] });
    expect(resend.status).toBe(409);
    expect(resend.body).toMatchObject({ code: 'sale_too_small', field: 'ops.0.body.saleId' });
  });

  it('counts equal parts: each names its sale and no line, the last settles the table', async () => {
    const { one, lines, owed, ledgerOne } = await owedTable();
    // Two parts of the bill, each its own sale (a part of an equal split carries the split's prices).
    const first = await recordSale(
      ledgerOne,
      saleBody([ledgerLine(SCHNITZEL, 1, 2450, { vatRateBp: 1000 })]),
    );
    const second = await recordSale(ledgerOne, saleBody([ledgerLine(PILS, 2, 420)]));
    const part = one.ops({ kind: 'settle', tableId: 't10', saleId: first.saleId, lines: [], final: false });
    expect((await one.call('/till/tables/ops', { ops: [part] })).status).toBe(200);
    expect(await owed()).toMatchObject({ amountCents: 3290 });
    const last = one.ops({
      kind: 'settle',
      tableId: 't10',
      saleId: second.saleId,
      lines: lines.map((line) => ({ lineId: line.lineId, quantity: line.quantity })),
      final: true,
    });
    expect((await one.call('/till/tables/ops', { ops: [last] })).status).toBe(200);
    expect(await owed()).toMatchObject({ state: 'free', amountCents: 0 });
  });
});
