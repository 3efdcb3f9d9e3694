// One fiscal story per sale (issue 30, item 5): a sale that reaches the server later than its
// tablet's receipt waited for a signature (the tablet was cut off; its receipt said "TSE
// ausgefallen") is signed as late, with one closed row in the outage journal, and the export says
// so (TSE_TA_FEHLER); BON_ENDE is the sale's own time, not its arrival. A tip is signed as the Bon
// has it: in the payment and at VAT id 5; a refund's tip given back is a line of its own.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FiscalReceipt, SIGNED_LATER_LINE } from '../../../src/pms/fiscal-wire.ts';
import type { LedgerRecord } from '../../../src/pms/ledger-wire.ts';
import { writeCsvFiles } from '../../../src/server/fiscal/de/dsfinvk/writer.ts';
import { TABLET_CUT_OFF } from '../../../src/server/fiscal/de/signing-service.ts';
import { createFiscalControl, type FiscalControl } from '../../../src/server/fiscal/fiscal-control.ts';
import { fiscalSaleOf, ledgerClosings } from '../../../src/server/fiscal/ledger-fiscal.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { GERMAN_BUSINESS } from '../../support/business.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { ledgerLine, postSale, saleBody } from '../ledger/ledger-support.ts';
import { csvRows } from '../ledger/reckoning/till.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';

let hotel: TestHotel;
let fiscal: FiscalControl;
let app: TabletApp;
beforeEach(async () => {
  hotel = pinnedHotel();
  fiscal = createFiscalControl({ dataDir: null, defaultCountry: 'DE', testMode: true });
  fiscal.setBusiness(GERMAN_BUSINESS);
  await fiscal.german()!.setUp('HOTEL-TILL BAR 1');
  app = tabletApp({ hotel, fiscal });
});
afterEach(() => {
  fiscal.close();
  hotel.close();
});

async function record(body: LedgerRecord): Promise<FiscalReceipt> {
  const answer = await postSale(app, body);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { fiscal: FiscalReceipt }).fiscal;
}

async function exportOfFirstZ() {
  const x = app.hub.closing.xReport();
  for (const drawer of x.drawers.filter((d) => d.expectedCents > 0))
    app.hub.closing.countDrawer(
      { outlet: drawer.outlet, drawer: drawer.drawer, denominations: { '1': drawer.expectedCents } },
      { staffId: null, staffName: 'Anna' },
      null,
    );
  const z = app.hub.closing.closeDay({ upToSeq: x.upToSeq }, { staffId: null, staffName: 'Anna' });
  const german = fiscal.german()!;
  const certificate = (await german.client.getTss(german.store.setup()!.tssId)).certificate;
  const [closing] = ledgerClosings(app.hub, fiscal)(z.zNumber, z.zNumber, certificate);
  return writeCsvFiles(closing!);
}

describe('one fiscal story per sale', () => {
  it('a sale made while its tablet was cut off is signed late with TSE_TA_FEHLER and a journal row; BON_ENDE is its own time', async () => {
    const madeAt = new Date(Date.now() - 3 * 60_000).toISOString();
    const offline = saleBody([ledgerLine(7, 1, 420)], { createdAt: madeAt });
    const offlineToo = saleBody([ledgerLine(7, 2, 420)], { createdAt: madeAt });
    const online = saleBody([ledgerLine(7, 3, 420)]);
    const late = await record(offline);
    expect(late.status).toBe('signed');
    expect(late.tse!.signedLate).toBe(true);
    expect(late.lines).toContain(SIGNED_LATER_LINE);
    expect((await record(offlineToo)).tse!.signedLate).toBe(true);
    const now = await record(online);
    expect(now.tse!.signedLate).toBe(false);
    expect(now.lines).not.toContain(SIGNED_LATER_LINE);
    // One closed journal row for the arrival of the cut-off tablet's sales, from the first sale's time.
    const journal = fiscal.german()!.store.outages();
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({ startedAt: madeAt });
    expect(journal[0]!.cause.startsWith(TABLET_CUT_OFF)).toBe(true);
    expect(journal[0]!.endedAt).not.toBeNull();

    const files = await exportOfFirstZ();
    const tse = Object.fromEntries(csvRows(files['transactions_tse.csv']!).map((row) => [row.BON_ID, row]));
    expect(tse[offline.saleId]!.TSE_TA_FEHLER).not.toBe('');
    expect(tse[online.saleId]!.TSE_TA_FEHLER ?? '').toBe('');
    const bon = csvRows(files['transactions.csv']!).find((row) => row.BON_ID === offline.saleId)!;
    // The sale's own instant, on the hotel's clock with its offset (docs/fiscal.md).
    expect(bon.BON_ENDE).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(Date.parse(bon.BON_ENDE!)).toBe(Date.parse(`${madeAt.slice(0, 19)}Z`));
    expect(bon.BON_START).toBe(bon.BON_ENDE);
  });

  it('signs a tip as the Bon has it: in the card payment and at VAT id 5; a refund gives it back the same way', () => {
    const sale = saleBody([ledgerLine(7, 1, 1830)], {
      payments: [{ method: 'card', amountCents: 1830, tipCents: 170 }],
    });
    expect(fiscalSaleOf(sale, new Date().toISOString())).toMatchObject({
      grossCentsByVatId: { 1: 1830, 5: 170 },
      payments: { cashCents: 0, nonCashCents: 2000 },
    });
    const refund = saleBody([ledgerLine(7, -1, 1830)], {
      kind: 'refund',
      refersTo: sale.saleId,
      payments: [{ method: 'card', amountCents: -1830, tipCents: -170 }],
    });
    expect(fiscalSaleOf(refund, new Date().toISOString())).toMatchObject({
      grossCentsByVatId: { 1: -1830, 5: -170 },
      payments: { cashCents: 0, nonCashCents: -2000 },
    });
  });
});
