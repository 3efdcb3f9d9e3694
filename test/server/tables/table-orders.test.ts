// A German till signs each sent round of a table as an order (issue 31, item 7): table 10 gets two
// rounds and a cancellation and is paid. The test TSE then holds Bestellung-V1 transactions whose
// signed log messages carry the orders' processData; the DSFinV-K export, checked against the
// official structure, has them as AVBestellung Bons with their lines and TSE rows, the paying
// receipt refers to each, and the totals stay the Z's. A restart orders nothing twice.
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { writeCsvFiles } from '../../../src/server/fiscal/de/dsfinvk/writer.ts';
import { orderKey } from '../../../src/server/fiscal/de/order-data.ts';
import { txIdForSale } from '../../../src/server/fiscal/de/signing-service.ts';
import { ledgerClosings } from '../../../src/server/fiscal/ledger-fiscal.ts';
import { readTableOrders } from '../../../src/server/tables/table-order-records.ts';
import { checkDsfinvkStructure } from '../fiscal/dsfinvk-structure.ts';
import { ledgerLine, postSale, saleBody } from '../ledger/ledger-support.ts';
import { csvRows } from '../ledger/reckoning/till.ts';
import { type OrderTill, orderTill } from './order-till.ts';

let till: OrderTill | undefined;
afterEach(async () => {
  await till?.close();
  till = undefined;
});

describe('orders of a German table', () => {
  it('signs two rounds and a cancellation as Bestellung-V1; the export has AVBestellung Bons the receipt refers to', async () => {
    till = await orderTill('DE');
    const { app, tables, hotel, fiscal, send, ops, beer, dessert, pils, schmarrn, twoRoundsAndACancel } =
      till;
    const german = fiscal.german()!;
    await twoRoundsAndACancel();
    const signed = () =>
      readTableOrders(app.hub.db).filter((o) => german.store.get(orderKey(o.orderId))?.status === 'signed');
    await expect.poll(() => signed().length, { timeout: 5000 }).toBe(3);

    const orders = readTableOrders(app.hub.db);
    expect(orders.map((o) => [o.kind, o.roundId, o.tableId])).toEqual([
      ['order', 'r1', 't10'],
      ['order', 'r2', 't10'],
      ['cancel', null, 't10'],
    ]);
    const dessertText = 'Kaiserschmarrn, mit "Apfelmus"';
    const expected = [
      `3;"Pils 0,3 l";${(pils.price / 100).toFixed(2)}`,
      `2;"Kaiserschmarrn, mit ""Apfelmus""";${(schmarrn.price / 100).toFixed(2)}`,
      `-1;"Kaiserschmarrn, mit ""Apfelmus""";${(schmarrn.price / 100).toFixed(2)}`,
    ];
    // The test TSE signed each: its FinishTransaction log message holds processType and processData.
    const { tssId } = german.store.setup()!;
    const logs = german.testTse!.logMessages(tssId);
    orders.forEach((order, index) => {
      const txId = txIdForSale(orderKey(order.orderId));
      const finish = logs.find((log) => log.tx_id === txId && log.operation === 'FinishTransaction')!;
      expect(finish.message.includes(Buffer.from('Bestellung-V1'))).toBe(true);
      expect(finish.message.includes(Buffer.from(expected[index]!))).toBe(true);
      const signature = german.store.get(orderKey(order.orderId))!.signature!;
      expect(signature.processType).toBe('Bestellung-V1');
      expect(signature.processData).toBe(expected[index]);
      expect(signature.txNumber).toBe(finish.tx_number);
    });
    expect(orders[1]!.lines[0]!.text).toBe(dessertText);
    // A restart (the app made again on the same database) orders nothing twice.
    createApp({ hub: app.hub, hotel, fiscal, tables });
    expect(readTableOrders(app.hub.db)).toHaveLength(3);

    // Paid: 3 beers and the one Kaiserschmarrn left, cash.
    const sale = saleBody(
      [ledgerLine(pils.id, 3, pils.price), ledgerLine(schmarrn.id, 1, schmarrn.price, { vatRateBp: 700 })],
      {},
    );
    expect((await postSale(app, sale)).status).toBe(200);
    await send([
      ops({
        kind: 'settle',
        tableId: 't10',
        saleId: sale.saleId,
        lines: [
          { lineId: beer.lineId, quantity: 3 },
          { lineId: dessert.lineId, quantity: 1 },
        ],
        final: true,
      }),
    ]);

    const x = app.hub.closing.xReport();
    for (const drawer of x.drawers.filter((d) => d.expectedCents > 0))
      app.hub.closing.countDrawer(
        { outlet: drawer.outlet, drawer: drawer.drawer, denominations: { '1': drawer.expectedCents } },
        { staffId: null, staffName: 'Anna' },
        null,
      );
    const z = app.hub.closing.closeDay({ upToSeq: x.upToSeq }, { staffId: null, staffName: 'Anna' });
    const certificate = (await german.client.getTss(tssId)).certificate;
    const [closing] = ledgerClosings(app.hub, fiscal)(z.zNumber, z.zNumber, certificate);
    const files = writeCsvFiles(closing!);
    checkDsfinvkStructure(files);

    const bons = csvRows(files['transactions.csv']!);
    const orderIds = orders.map((o) => o.orderId);
    expect(bons.filter((bon) => bon.BON_TYP === 'AVBestellung').map((bon) => bon.BON_ID)).toEqual(orderIds);
    expect(bons.find((bon) => bon.BON_ID === sale.saleId)?.BON_TYP).toBe('Beleg');
    const lines = csvRows(files['lines.csv']!).filter((line) => orderIds.includes(line.BON_ID!));
    expect(files['lines.csv']).toContain('"Kaiserschmarrn, mit ""Apfelmus"""');
    const unquoted = dessertText.replace(/"/g, ''); // csvRows drops quote characters
    expect(lines.map((line) => [line.ARTIKELTEXT, line.MENGE, line.P_STORNO])).toEqual([
      ['Pils 0,3 l', '3,000', '0'],
      [unquoted, '2,000', '0'],
      [unquoted, '-1,000', '1'],
    ]);
    const tse = csvRows(files['transactions_tse.csv']!).filter((row) => orderIds.includes(row.BON_ID!));
    expect(tse.map((row) => row.TSE_TA_VORGANGSART)).toEqual([
      'Bestellung-V1',
      'Bestellung-V1',
      'Bestellung-V1',
    ]);
    const refs = csvRows(files['references.csv']!).filter((ref) => ref.BON_ID === sale.saleId);
    expect(refs.map((ref) => [ref.REF_TYP, ref.REF_BON_ID, ref.REF_Z_NR, ref.REF_Z_KASSE_ID])).toEqual(
      orderIds.map((id) => ['Transaktion', id, String(z.zNumber), 'HOTEL-TILL BAR 1']),
    );
    // The revenue is the receipt's alone: the business cases equal the Z's, the orders not counted again.
    const revenue = csvRows(files['businesscases.csv']!)
      .filter((row) => row.GV_TYP === 'Umsatz')
      .reduce((sum, row) => sum + Math.round(Number(row.Z_UMS_BRUTTO!.replace(',', '.')) * 100), 0);
    expect(revenue).toBe(z.report.hotel.grossCents);
    expect(revenue).toBe(3 * pils.price + schmarrn.price);
  });
});
