// A German till signs each sent round of a table as an order (issue 31, item 7): table 10 gets two
// rounds and a cancellation and is paid. The test TSE then holds Bestellung-V1 transactions whose
// signed log messages carry the orders' processData; the DSFinV-K export has them as AVBestellung
// Bons with their lines and TSE rows, the paying receipt refers to each, and the totals stay the Z's.
// A TSE outage while a round is sent does not stop it: the round is stored (the kitchen prints from
// it) and its order is signed late. A till signing under no law, or Austria's, signs no orders.
import { afterEach, describe, expect, it } from 'vitest';
import { APPROVAL_HEADER } from '../../../src/pms/staff-calls.ts';
import { adminCookieName } from '../../../src/server/admin/admin-access.ts';
import { createApp } from '../../../src/server/app.ts';
import { writeCsvFiles } from '../../../src/server/fiscal/de/dsfinvk/writer.ts';
import { orderKey } from '../../../src/server/fiscal/de/order-data.ts';
import { txIdForSale } from '../../../src/server/fiscal/de/signing-service.ts';
import { createFiscalControl, type FiscalControl } from '../../../src/server/fiscal/fiscal-control.ts';
import { ledgerClosings } from '../../../src/server/fiscal/ledger-fiscal.ts';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { type PrinterDouble, startPrinterDouble } from '../../../src/server/printing/printer-double.ts';
import { createPrinting, type Printing } from '../../../src/server/printing/printing.ts';
import { readTableOrders } from '../../../src/server/tables/table-order-records.ts';
import { createTableStore, type TableStore } from '../../../src/server/tables/table-store.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { GERMAN_BUSINESS } from '../../support/business.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { printerAt } from '../../support/printers.ts';
import { checkDsfinvkStructure } from '../fiscal/dsfinvk-structure.ts';
import { ledgerLine, postSale, saleBody } from '../ledger/ledger-support.ts';
import { csvRows } from '../ledger/reckoning/till.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { signedApprovalFor } from './table-approvals.ts';
import { newLine, opMaker } from './table-support.ts';

let hotel: TestHotel;
let fiscal: FiscalControl;
let printing: Printing | undefined;
let printer: PrinterDouble | undefined;
afterEach(async () => {
  await printing?.stop();
  await printer?.close();
  printing = undefined;
  printer = undefined;
  fiscal.close();
  hotel.close();
});

async function till(country: 'DE' | 'AT' | 'none', orderPrinter?: PrinterDouble) {
  hotel = pinnedHotel(country === 'AT' ? 'AT' : 'DE');
  fiscal = createFiscalControl({ dataDir: null, defaultCountry: country, testMode: true });
  if (country === 'DE') {
    fiscal.setBusiness(GERMAN_BUSINESS);
    await fiscal.german()!.setUp('HOTEL-TILL BAR 1');
  }
  let tables!: TableStore;
  const app: TabletApp = tabletApp(
    (hub) => {
      tables = createTableStore({ db: hub.db });
      tables.setPlan('bar', [
        { areaId: 'room', name: 'Stube', tables: [{ tableId: 't10', name: '10', seats: 4, x: 0, y: 0 }] },
      ]);
      if (!orderPrinter) return { hotel, fiscal, tables };
      printing = createPrinting({
        db: hub.db,
        outlets: () => hub.outlets.list().map((o) => o.id),
        retryMs: 50,
        timeoutMs: 1000,
      });
      printing.printers.add(printerAt(orderPrinter, { outlet: 'bar', role: 'order', name: 'Bar' }));
      return { hotel, fiscal, tables, printing };
    },
    { staffKeyRounds: 100_000 },
  );
  const products = (
    (await (await app.request('/api/get/products/available')).json()) as {
      data: { id: number; number: string; price: number }[];
    }
  ).data;
  const product = (number: string) => {
    const found = products.find((p) => p.number === number)!;
    return { id: found.id, price: Math.round(found.price * 100) }; // the PMS says euros
  };
  const ops = opMaker('Mia', Date.now());
  const send = async (list: ReturnType<typeof ops>[], headers: Record<string, string> = {}) => {
    const answer = await app.request('/till/tables/ops', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ ops: list }),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
  };
  const pils = product('B-100');
  const schmarrn = product('K-302');
  const beer = newLine('Pils 0,3 l', 3, { productId: String(pils.id), unitCents: pils.price });
  const dessert = newLine('Kaiserschmarrn', 2, {
    productId: String(schmarrn.id),
    unitCents: schmarrn.price,
    course: 1,
    modifiers: [{ name: 'mit "Apfelmus"', priceCents: 0 }],
  });
  /** Round 1: 3 beers; round 2: 2 Kaiserschmarrn; then one of them cancelled (a manager's void). */
  const twoRoundsAndACancel = async () => {
    await send([
      ops({ kind: 'open', tableId: 't10', covers: 2 }),
      ops({ kind: 'add_line', tableId: 't10', line: beer }),
      ops({ kind: 'send', tableId: 't10', roundId: 'r1', lines: [{ lineId: beer.lineId, quantity: 3 }] }),
    ]);
    await send([
      ops({ kind: 'add_line', tableId: 't10', line: dessert }),
      ops({
        kind: 'send',
        tableId: 't10',
        roundId: 'r2',
        lines: [
          { lineId: beer.lineId, quantity: 3 },
          { lineId: dessert.lineId, quantity: 2 },
        ],
      }),
    ]);
    const approval = await signedApprovalFor(app.hub, app.device.id, dessert.lineId);
    await send([ops({ kind: 'void', lineId: dessert.lineId, quantity: 1, reason: 'zu viel' })], {
      [APPROVAL_HEADER]: approval,
    });
  };
  return { app, tables, ops, send, beer, dessert, pils, schmarrn, twoRoundsAndACancel };
}

const waitForSignatures = async (count: number) => {
  const german = fiscal.german()!;
  await expect
    .poll(() => german.store.waiting().length === 0 && readOrdersSigned() >= count, { timeout: 5000 })
    .toBe(true);
};
let readOrdersSigned = () => 0;

describe('orders of a German table', () => {
  it('signs two rounds and a cancellation as Bestellung-V1; the export has AVBestellung Bons the receipt refers to', async () => {
    const { app, tables, send, ops, beer, dessert, pils, schmarrn, twoRoundsAndACancel } = await till('DE');
    const german = fiscal.german()!;
    readOrdersSigned = () =>
      readTableOrders(app.hub.db).filter((o) => german.store.get(orderKey(o.orderId))?.status === 'signed')
        .length;
    await twoRoundsAndACancel();
    await waitForSignatures(3);

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

  it('a TSE outage while a round is sent: the round is stored at once and its order signed late', async () => {
    printer = await startPrinterDouble();
    const { app, send, ops, beer } = await till('DE', printer);
    const german = fiscal.german()!;
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

  it.each(['AT', 'none'] as const)(
    'a till under %s signs no orders; its tables work as before',
    async (country) => {
      const { app, twoRoundsAndACancel, dessert } = await till(country);
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
