// The DSFinV-K export from the ledger's Z closings: a fixture day recorded through the real
// recording path (a paired tablet's `POST /till/sales` over HTTP, signed by the test TSE), closed
// with a Z, downloaded from `/admin/fiscal/dsfinvk.zip`: its totals equal the Z report's (revenue per
// VAT id, cash and card), every signed sale has its transactions_tse row, BON_TYP per kind, and
// the references (the refund's original with its Z number, the room charge's reservation). Only the
// admin page's users may download it.
import { hostname } from 'node:os';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayReport } from '../../../src/pms/closing-wire.ts';
import { dayBefore } from '../../../src/server/ledger/closing/business-day.ts';
import { localDate } from '../../../src/server/ledger/closing/day-closing.ts';
import { type RunningServer, startServer } from '../../../src/server/listen.ts';
import { requestWithHost } from '../../support/host-request.ts';
import { CHOCOLATE, KAISERSCHMARRN, ledgerLine, PILS, saleBody } from '../ledger/ledger-support.ts';
import { tabletFetch } from '../tablet-app.ts';

/** A Z closes today's business day or the day before (business-day.ts). */
const YESTERDAY = dayBefore(localDate(new Date()));

const TILL = 'HOTEL-TILL BAR 1';
let server: RunningServer;
let z: { zNumber: number; report: DayReport };
const bodies = {
  cash: saleBody([ledgerLine(PILS, 2, 420), ledgerLine(CHOCOLATE, 1, 350, { vatRateBp: 700 })], {
    payments: [{ method: 'cash', amountCents: 1190, tenderedCents: 2000, changeCents: 810 }],
  }),
  card: saleBody([ledgerLine(PILS, 3, 500)], {
    payments: [{ method: 'card', amountCents: 1500, standalone: { receiptNumber: '41' } }],
  }),
  charge: saleBody([ledgerLine(KAISERSCHMARRN, 1, 1290, { vatRateBp: 700 })], {
    kind: 'room-charge',
    payments: [{ method: 'room', amountCents: 1290 }],
    room: { roomReservationId: 4711, roomNumber: '12', guestName: 'Paul Weber' },
  }),
};
const refund = saleBody([ledgerLine(PILS, -3, 500)], {
  kind: 'refund',
  refersTo: bodies.card.saleId,
  // a card taken on a stand-alone terminal is given back there (issue 30)
  payments: [{ method: 'card', amountCents: -1500, standalone: { receiptNumber: '42' } }],
  reason: 'wrong table',
});
const late = saleBody([ledgerLine(KAISERSCHMARRN, 1, 1290, { vatRateBp: 700 })], {
  kind: 'late-charge',
  refersTo: bodies.charge.saleId,
  payments: [],
});

beforeAll(async () => {
  server = await startServer({
    dbFile: ':memory:',
    staticDir: 'none',
    serveAppOverHttp: true,
    fiscal: { dataDir: null, testMode: true, defaultCountry: 'DE' },
    demoRegion: 'DE', // the server prices lines by the hotel's catalogue: German rates
  });
  await server.fiscal.german()!.setUp(TILL);
  server.fiscal.setBusiness({
    name: 'Hotel Zur Linde',
    street: 'Lindenstraße 1',
    postalCode: '10115',
    city: 'Berlin',
    country: 'DEU',
    vatId: 'DE123456789',
  });
  const tablet = tabletFetch(server);
  for (const body of [bodies.cash, bodies.card, bodies.charge, refund, late]) {
    const answer = await tablet(`${server.url}/till/sales`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { fiscal?: { status: string } }).fiscal?.status).toBe('signed');
  }
  const x = server.hub.closing.xReport();
  const closer = { staffId: null, staffName: 'Anna' };
  for (const drawer of x.drawers.filter((d) => d.expectedCents !== 0 || d.cashSalesCents !== 0)) {
    let left = drawer.expectedCents;
    const denominations: Record<string, number> = {};
    for (const unit of [5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1]) {
      if (left >= unit) denominations[String(unit)] = Math.floor(left / unit);
      left %= unit;
    }
    server.hub.closing.countDrawer(
      { outlet: drawer.outlet, drawer: drawer.drawer, denominations },
      closer,
      null,
    );
  }
  z = server.hub.closing.closeDay({ upToSeq: x.upToSeq, businessDay: YESTERDAY }, closer);
});
afterAll(() => server.close());

/** The rows of a DSFinV-K CSV file as objects by column name (text unquoted, numbers as written). */
function table(files: Record<string, Uint8Array>, name: string): Record<string, string>[] {
  const text = new TextDecoder().decode(files[name]!);
  const [head, ...rows] = text.split('\r\n').filter(Boolean);
  const split = (row: string) => {
    const out: string[] = [];
    let cell = '';
    let quoted = false;
    for (const char of row) {
      if (char === '"') quoted = !quoted;
      else if (char === ';' && !quoted) {
        out.push(cell);
        cell = '';
      } else cell += char;
    }
    return [...out, cell];
  };
  const names = split(head!);
  return rows.map((row) => Object.fromEntries(split(row).map((cell, i) => [names[i], cell])));
}
const centsOf = (value: string) => Math.round(Number(value.replace(',', '.')) * 100);

describe('the DSFinV-K export of the ledger', () => {
  it('has totals equal to the Z report, a TSE row per signed sale, BON_TYP per kind and the references', async () => {
    const answer = await fetch(`${server.url}/admin/fiscal/dsfinvk.zip?from=1&to=1`);
    expect(answer.status).toBe(200);
    const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    const hotel = z.report.hotel;

    // Revenue per VAT id (Umsatz) equals the Z's lines per rate; the late charge is not revenue again.
    const cases = table(files, 'businesscases.csv');
    const revenue = cases.filter((row) => row.GV_TYP === 'Umsatz');
    const byVatId = Object.fromEntries(
      revenue.map((row) => [row.UST_SCHLUESSEL, centsOf(row.Z_UMS_BRUTTO!)]),
    );
    const zByVat = Object.fromEntries(hotel.byVat.map((vat) => [vat.vatRateBp, vat.grossCents]));
    expect(byVatId).toEqual({ '1': zByVat[1900], '2': zByVat[700] });
    expect(Object.values(byVatId).reduce((a: number, b) => a + (b as number), 0)).toBe(hotel.grossCents);
    const net = revenue.reduce((sum, row) => sum + centsOf(row.Z_UMS_NETTO!), 0);
    expect(net).toBe(hotel.netCents);

    const paid = (method: string) => hotel.byPayment.find((p) => p.method === method)?.amountCents ?? 0;
    const [closing] = table(files, 'cashpointclosing.csv');
    expect(closing).toMatchObject({ Z_KASSE_ID: TILL, Z_NR: '1', NAME: 'Hotel Zur Linde' });
    expect(centsOf(closing!.Z_SE_BARZAHLUNGEN!)).toBe(paid('cash'));
    expect(centsOf(closing!.Z_SE_ZAHLUNGEN!)).toBe(paid('cash') + paid('card'));

    const txs = table(files, 'transactions.csv');
    expect(txs.map((tx) => [tx.BON_ID, tx.BON_TYP])).toEqual([
      [bodies.cash.saleId, 'Beleg'],
      [bodies.card.saleId, 'Beleg'],
      [bodies.charge.saleId, 'AVTransfer'],
      [refund.saleId, 'AVBelegstorno'],
      [late.saleId, 'AVRechnung'],
    ]);
    expect(txs.find((tx) => tx.BON_ID === bodies.card.saleId)!.BON_STORNO).toBe('1');

    const tse = table(files, 'transactions_tse.csv');
    expect(tse).toHaveLength(5);
    const german = server.fiscal.german()!;
    for (const row of tse) {
      const signed = german.store.get(row.BON_ID!)!.signature!;
      expect(Number(row.TSE_TANR)).toBe(signed.txNumber);
      expect(row.TSE_TA_SIG).toBe(signed.signature);
      expect(row.TSE_TA_FEHLER ?? '').toBe('');
    }

    const refs = table(files, 'references.csv');
    expect(refs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          BON_ID: refund.saleId,
          REF_TYP: 'Transaktion',
          REF_BON_ID: bodies.card.saleId,
          REF_Z_NR: '1',
        }),
        expect.objectContaining({
          BON_ID: bodies.charge.saleId,
          REF_TYP: 'ExterneSonstige',
          REF_NAME: 'reservation 4711',
        }),
      ]),
    );
    expect(files['tse-export.tar']?.length ?? 0).toBeGreaterThan(0);
  });

  it('a range with no Z closing is 404 naming the field; only the admin page users may download', async () => {
    const none = await fetch(`${server.url}/admin/fiscal/dsfinvk.zip?from=2&to=3`);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ field: 'from' });
    // Elsewhere on the network: a paired tablet's cookie is no admin session.
    const { code } = server.hub.createPairingCode({ outlet: 'bar', name: 'Bar 2' });
    const { token } = server.hub.redeemPairingCode(code, '127.0.0.1');
    const cookie = `${server.hub.cookieName}=${token}`;
    const elsewhere = await sendAs(
      `${hostname().toLowerCase()}:${server.port}`,
      '/admin/fiscal/dsfinvk.zip?from=1&to=1',
      {
        cookie,
      },
    );
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.type).not.toBe('application/zip');
  });

  it('keeps the business data from the admin form; a bad field is 400 naming it; nobody else may change it', async () => {
    const form = (fields: Record<string, string>, host = `localhost:${server.port}`) =>
      sendAs(host, '/admin/fiscal/business', {
        method: 'POST',
        'content-type': 'application/x-www-form-urlencoded',
        origin: `http://${host}`,
        body: new URLSearchParams(fields).toString(),
      });
    const good = {
      name: 'Hotel Linde',
      street: 'Weg 2',
      postalCode: '10117',
      city: 'Berlin',
      country: 'deu',
    };
    expect((await form({ ...good, country: 'Germany' })).status).toBe(400);
    expect(server.fiscal.business().name).toBe('Hotel Zur Linde');
    const lan = `${hostname().toLowerCase()}:${server.port}`;
    expect((await form(good, lan)).status).toBe(401);
    expect(server.fiscal.business().name).toBe('Hotel Zur Linde');
    expect((await form(good)).status).toBe(303);
    expect(server.fiscal.business()).toEqual({ ...good, country: 'DEU' });
  });
});

/** A request with the given Host header (the server tells its own machine from others by it). */
async function sendAs(
  host: string,
  path: string,
  headers: Record<string, string> & { method?: string; body?: string },
): Promise<{ status: number; type: string | undefined; text: string }> {
  const { method = 'GET', body, ...rest } = headers;
  const answer = await requestWithHost(server.port, path, {
    host,
    method,
    headers: rest,
    ...(body ? { body } : {}),
  });
  return { status: answer.status, type: answer.headers['content-type'], text: answer.body };
}
