// Printing tests' setup: the server app with a paired bar tablet, printing on a fast-retrying
// queue, and a printer double; the tablet's requests carry its cookie and a request id.
import { randomUUID } from 'node:crypto';
import type { LedgerRecord } from '../../../src/pms/ledger-wire.ts';
import type { PrintableReceipt } from '../../../src/pms/print-calls.ts';
import { REQUEST_ID_HEADER } from '../../../src/pms/till-headers.ts';
import { createApp } from '../../../src/server/app.ts';
import type { FiscalControl } from '../../../src/server/fiscal/fiscal-control.ts';
import { type PrinterDouble, startPrinterDouble } from '../../../src/server/printing/printer-double.ts';
import type { Printer } from '../../../src/server/printing/printers.ts';
import { createPrinting, type Printing } from '../../../src/server/printing/printing.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { printerAt } from '../../support/printers.ts';
import { ledgerLine, saleBody } from '../ledger/ledger-support.ts';
import { pairedHub } from '../tablet-app.ts';

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  body: any;
}

export interface PrintSetup {
  app: ReturnType<typeof createApp>;
  printing: Printing;
  printer: PrinterDouble;
  receiptPrinter: Printer;
  /** A request as the paired bar tablet sends it. */
  tablet: (path: string, body?: unknown) => Promise<Answer>;
  /** The same request from another tablet of the bar, paired on its own. */
  otherTablet: (path: string, body?: unknown) => Promise<Answer>;
  /** The same request without the device cookie. */
  stranger: (path: string, body?: unknown) => Promise<Answer>;
  hub: ReturnType<typeof pairedHub>['hub'];
  cookie: string;
  close: () => Promise<void>;
}

/** `fiscal`: the fiscal country and driver the app signs with (none: no fiscal signing). */
export async function printSetup(options: { fiscal?: FiscalControl } = {}): Promise<PrintSetup> {
  const { hub, cookie } = pairedHub('bar');
  const printing = createPrinting({
    db: hub.db,
    outlets: () => hub.outlets.list().map((outlet) => outlet.id),
    retryMs: 50,
    timeoutMs: 1000,
  });
  const hotel = pinnedHotel('DE'); // receipts in German with German rates (the server prices lines)
  const printer = await startPrinterDouble();
  const app = createApp({
    hub,
    hotel,
    printing,
    printerDouble: printer,
    ...(options.fiscal ? { fiscal: options.fiscal } : {}),
  });
  const receiptPrinter = printing.printers.add(printerAt(printer));
  const other = hub.redeemPairingCode(
    hub.createPairingCode({ outlet: 'bar', name: 'Other tablet' }).code,
    '127.0.0.1',
  );
  const send = (withCookie: string | null) => async (path: string, body?: unknown) => {
    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: randomUUID() };
    if (withCookie) headers.cookie = withCookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await app.request(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  };
  return {
    app,
    printing,
    printer,
    receiptPrinter,
    tablet: send(cookie),
    otherTablet: send(`${hub.cookieName}=${other.token}`),
    stranger: send(null),
    hub,
    cookie,
    close: async () => {
      await printing.stop();
      await printer.close();
      hotel.close();
      hub.close();
    },
  };
}

/** A receipt of two lines, 12.80 EUR, paid in cash with 20.00. */
export function cashReceipt(saleId: string, overrides: Partial<PrintableReceipt> = {}): PrintableReceipt {
  return {
    saleId,
    reference: `B-${saleId}`,
    createdAt: Date.parse('2026-11-22T10:00:00+01:00'),
    tillName: 'Bar 1',
    outletName: 'Bar',
    staffName: 'Mia',
    header: {
      hotelName: 'Hotel Grüner Baum',
      hotelAddress: 'Hauptstraße 1, 80331 München',
      vatId: 'DE123456789',
    },
    lines: [
      { name: 'Pils 0,5 l', quantity: 2, unitPriceCents: 450, totalCents: 900 },
      { name: 'Apfelschorle', quantity: 1, unitPriceCents: 380, totalCents: 380 },
    ],
    note: '',
    grossCents: 1280,
    taxes: [{ name: '19 %', ratePercent: 19, grossCents: 1280, taxCents: 204, netCents: 1076 }],
    paymentMethodName: 'Bar',
    isCash: true,
    tenderedCents: 2000,
    changeCents: 720,
    currency: 'EUR',
    ...overrides,
  };
}

/**
 * Records a sale in the ledger as the bar tablet does (`POST /till/sales`): 2 × Pils 0,5 l at 4.50
 * and 1 × Apfelschorle at 3.80, 19 %, reference `B-<saleId>`, paid in cash with 20.00 (or by card).
 * The ledger's hook queues its receipt where the bar has a receipt printer.
 */
export async function recordBarSale(
  setup: PrintSetup,
  saleId: string,
  fields: Partial<LedgerRecord> & { card?: boolean } = {},
): Promise<Answer> {
  const { card, ...rest } = fields;
  const lines = [
    ledgerLine(1, 2, 450, { name: 'Pils 0,5 l' }),
    ledgerLine(2, 1, 380, { name: 'Apfelschorle' }),
  ];
  return setup.tablet(
    '/till/sales',
    saleBody(lines, {
      saleId,
      reference: `B-${saleId}`,
      payments: card
        ? [{ method: 'card', amountCents: 1280 }]
        : [{ method: 'cash', amountCents: 1280, tenderedCents: 2000, changeCents: 720 }],
      ...rest,
    }),
  );
}
