// A till for the tests of table orders (issue 31, item 7): the server app with the embedded test
// hotel (German or Austrian prices), a fiscal country (Germany with its test TSE set up), table 10
// in the bar's plan, and optionally an order printer; the bar tablet's operations as it makes them,
// a beer and a Kaiserschmarrn at the catalogue's prices, and two rounds with a cancellation.
import { expect } from 'vitest';
import { APPROVAL_HEADER } from '../../../src/pms/staff-calls.ts';
import { createFiscalControl } from '../../../src/server/fiscal/fiscal-control.ts';
import type { PrinterDouble } from '../../../src/server/printing/printer-double.ts';
import { createPrinting, type Printing } from '../../../src/server/printing/printing.ts';
import { createTableStore, type TableStore } from '../../../src/server/tables/table-store.ts';
import { GERMAN_BUSINESS } from '../../support/business.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { printerAt } from '../../support/printers.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { signedApprovalFor } from './table-approvals.ts';
import { newLine, opMaker } from './table-support.ts';

export async function orderTill(country: 'DE' | 'AT' | 'none', orderPrinter?: PrinterDouble) {
  const hotel = pinnedHotel(country === 'AT' ? 'AT' : 'DE');
  let printing: Printing | undefined;
  const fiscal = createFiscalControl({ dataDir: null, defaultCountry: country, testMode: true });
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
  const close = async () => {
    await printing?.stop();
    fiscal.close();
    hotel.close();
  };
  return { app, tables, hotel, fiscal, ops, send, beer, dessert, pils, schmarrn, twoRoundsAndACancel, close };
}

export type OrderTill = Awaited<ReturnType<typeof orderTill>>;
