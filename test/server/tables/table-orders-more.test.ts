// Table orders beyond the happy day (issue 31, item 7): a TSE outage while a round is sent does
// not stop it (the round is stored at once, its kitchen ticket prints, the order waits on the
// fiscal page and is signed late); a table paid in parts refers each sale to the orders it pays
// from; a till signing under no law, or Austria's, signs no orders.
import { afterEach, describe, expect, it } from 'vitest';
import { adminCookieName } from '../../../src/server/admin/admin-access.ts';
import { orderKey } from '../../../src/server/fiscal/de/order-data.ts';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { type PrinterDouble, startPrinterDouble } from '../../../src/server/printing/printer-double.ts';
import { ordersOfSale, readTableOrders } from '../../../src/server/tables/table-order-records.ts';
import { ledgerLine, postSale, saleBody } from '../ledger/ledger-support.ts';
import { type OrderTill, orderTill } from './order-till.ts';
import { newLine } from './table-support.ts';

let till: OrderTill | undefined;
let printer: PrinterDouble | undefined;
afterEach(async () => {
  await till?.close();
  await printer?.close();
  till = undefined;
  printer = undefined;
});

describe('orders of a table: outages, parts, other laws', () => {
  it('a TSE outage while a round is sent: the round is stored at once and its order signed late', async () => {
    printer = await startPrinterDouble();
    till = await orderTill('DE', printer);
    const { app, send, ops, beer } = till;
    const german = till.fiscal.german()!;
    german.testTse!.faults.inject({ kind: 'timeout', delayMs: 20_000 });
    const started = Date.now();
    await send([
      ops({ kind: 'open', tableId: 't10', covers: 2 }),
      ops({ kind: 'add_line', tableId: 't10', line: beer }),
      ops({ kind: 'send', tableId: 't10', roundId: 'r1', lines: [{ lineId: beer.lineId, quantity: 3 }] }),
    ]);
    expect(Date.now() - started).toBeLessThan(3000); // the kitchen's round did not wait for the TSE
    const [ticket] = await printer.waitForSlips(1);
    expect(slipText(ticket!)).toContain('3 x Pils 0,3 l');
    const floor = (await (await app.request('/till/tables/floor')).json()) as {
      lines: { lineId: string; sent: number }[];
    };
    expect(floor.lines.find((line) => line.lineId === beer.lineId)?.sent).toBe(3);
    const [order] = readTableOrders(app.hub.db);
    await expect
      .poll(() => german.store.get(orderKey(order!.orderId))?.status, { timeout: 8000 })
      .toBe('unsigned');
    expect(german.store.openOutage()).toBeDefined();
    // The fiscal page shows it waiting, with the outage.
    const manager = `${adminCookieName(app.hub)}=${app.hub.createAdminSession(null)}`;
    const page = await (await app.server.request('/admin/fiscal', { headers: { cookie: manager } })).text();
    expect(page).toContain('Sales and table orders waiting to be signed late');
    expect(page).toContain('data-testid="waiting">1<');
    // The TSE is back: the late-signing queue signs the order, marked late.
    german.testTse!.faults.clear();
    expect(await german.signing.recover()).toBe(true);
    const row = german.store.get(orderKey(order!.orderId))!;
    expect(row.status).toBe('signed');
    expect(row.signedLate).toBe(true);
    expect(row.signature!.processData).toBe(`3;"Pils 0,3 l";${(beer.unitCents / 100).toFixed(2)}`);
  });

  it('a table paid in two parts: each sale refers to the orders it pays from, the last to all left open', async () => {
    till = await orderTill('DE');
    const { app, send, ops, beer, dessert, pils, schmarrn } = till;
    await send([
      ops({ kind: 'open', tableId: 't10', covers: 2 }),
      ops({ kind: 'add_line', tableId: 't10', line: beer }),
      ops({ kind: 'send', tableId: 't10', roundId: 'r1', lines: [{ lineId: beer.lineId, quantity: 3 }] }),
      ops({ kind: 'add_line', tableId: 't10', line: dessert }),
    ]);
    await send([
      ops({ kind: 'send', tableId: 't10', roundId: 'r2', lines: [{ lineId: dessert.lineId, quantity: 2 }] }),
    ]);
    const [first, second] = readTableOrders(app.hub.db);
    const pay = async (
      lines: { lineId: string; quantity: number }[],
      sold: ReturnType<typeof ledgerLine>,
      final: boolean,
    ) => {
      const sale = saleBody([sold]);
      expect((await postSale(app, sale)).status).toBe(200);
      await send([ops({ kind: 'settle', tableId: 't10', saleId: sale.saleId, lines, final })]);
      return sale.saleId;
    };
    const beers = await pay(
      [{ lineId: beer.lineId, quantity: 3 }],
      ledgerLine(pils.id, 3, pils.price),
      false,
    );
    const desserts = await pay(
      [{ lineId: dessert.lineId, quantity: 2 }],
      ledgerLine(schmarrn.id, 2, schmarrn.price, { vatRateBp: 700 }),
      true,
    );
    expect(ordersOfSale(app.hub.db, beers).map((o) => o.orderId)).toEqual([first!.orderId]);
    expect(ordersOfSale(app.hub.db, desserts).map((o) => o.orderId)).toEqual([
      first!.orderId,
      second!.orderId,
    ]);
    // The table's next guests: their orders are theirs alone.
    const coffee = newLine('Espresso', 1, { productId: String(pils.id), unitCents: pils.price });
    await send([
      ops({ kind: 'open', tableId: 't10', covers: 1 }),
      ops({ kind: 'add_line', tableId: 't10', line: coffee }),
      ops({ kind: 'send', tableId: 't10', roundId: 'r3', lines: [{ lineId: coffee.lineId, quantity: 1 }] }),
    ]);
    const next = await pay(
      [{ lineId: coffee.lineId, quantity: 1 }],
      ledgerLine(pils.id, 1, pils.price),
      true,
    );
    expect(ordersOfSale(app.hub.db, next).map((o) => o.orderId)).toEqual([
      readTableOrders(app.hub.db)[2]!.orderId,
    ]);
  });

  it.each(['AT', 'none'] as const)(
    'a till under %s signs no orders; its tables work as before',
    async (country) => {
      till = await orderTill(country);
      const { app, twoRoundsAndACancel, dessert } = till;
      await twoRoundsAndACancel();
      expect(readTableOrders(app.hub.db)).toEqual([]);
      const floor = (await (await app.request('/till/tables/floor')).json()) as {
        lines: { lineId: string; sent: number; voided: number }[];
      };
      expect(floor.lines.find((line) => line.lineId === dessert.lineId)).toMatchObject({
        sent: 2,
        voided: 1,
      });
    },
  );
});
