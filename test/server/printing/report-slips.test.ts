// X and Z reports on paper (issue 24 on issue 19): a manager's "Print" on the day closing prints the
// outlet's part of the ledger's report at its receipt printer, from the tablet (`POST
// /till/print/report`, a manager's close_day approval) or the admin page (`POST /admin/day/print`).
// Nobody else: an unpaired caller 401, a waiter's or no approval 403, the admin page unsigned 401;
// nothing printed. A Z prints once per outlet however often it is asked for.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_CLOSING_SUBJECT } from '../../../src/pms/closing-wire.ts';
import { printDayReport } from '../../../src/pms/print-calls.ts';
import { APPROVAL_HEADER, type StaffCard } from '../../../src/pms/staff-calls.ts';
import { dayBefore } from '../../../src/server/ledger/closing/business-day.ts';
import { localDate } from '../../../src/server/ledger/closing/day-closing.ts';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { type PrinterDouble, startPrinterDouble } from '../../../src/server/printing/printer-double.ts';
import { createPrinting, type Printing } from '../../../src/server/printing/printing.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { printerAt } from '../../support/printers.ts';
import { line, recordFixture, recordShiftWithPils } from '../ledger/ledger-fixtures.ts';
import { addAnnaAndMia, STAFF_KEY_ROUNDS, signedApproval } from '../staff/staff-support.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';

/** A Z closes today's business day or the day before (business-day.ts). */
const YESTERDAY = dayBefore(localDate(new Date()));

let hotel: TestHotel;
let app: TabletApp;
let printing: Printing;
let printer: PrinterDouble;
let anna: StaffCard; // manager, PIN 9999
let mia: StaffCard; // waiter, PIN 1111

beforeEach(async () => {
  hotel = pinnedHotel('DE'); // German rates: the server prices lines by the hotel's catalogue
  printer = await startPrinterDouble();
  app = tabletApp(
    (hub) => {
      printing = createPrinting({ db: hub.db, retryMs: 50, timeoutMs: 1000 });
      return { hotel, printing, adminKey: 'admin-key-for-tests' };
    },
    { staffKeyRounds: STAFF_KEY_ROUNDS },
  );
  printing.printers.add(printerAt(printer));
  ({ anna, mia } = await addAnnaAndMia(app));
  await recordShiftWithPils(app.hub, app.device, mia.id, { outcomes: ['done'] });
  await recordFixture(app.hub, app.device, {
    saleId: 'S2',
    kind: 'sale',
    staffId: mia.id,
    outcomes: ['done'],
    lines: [line('Wein', 1, 650, 1900, 'Wine')],
    payments: [{ method: 'card', amountCents: 650 }],
  });
  // The two sales' receipts (the ledger's hook printed them) are not what these tests count.
  await printer.waitForSlips(2);
  printer.clear();
});
afterEach(async () => {
  await printing.stop();
  await printer.close();
  hotel.close();
});

const dayApproval = (card: StaffCard, pin: string) =>
  signedApproval(app, card, pin, { action: 'close_day', subject: DAY_CLOSING_SUBJECT, amountCents: null });

function tablet(path: string, token: string | null, body: unknown) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { [APPROVAL_HEADER]: token } : {}) },
    body: JSON.stringify(body),
  });
}
const reportJobs = () =>
  app.hub.db.prepare("SELECT job_key AS key FROM print_jobs WHERE kind = 'report' ORDER BY id").all();

async function closeTheDay(): Promise<number> {
  const token = await dayApproval(anna, '9999');
  const x = await (await app.request('/till/closing', { headers: { [APPROVAL_HEADER]: token } })).json();
  // 50 + 5 + 2 + 0.50 + 0.10 = 57.60, as expected.
  const counted = await tablet('/till/closing/counts', token, {
    outlet: 'bar',
    drawer: 'Bar',
    denominations: { '5000': 1, '500': 1, '200': 1, '50': 1, '10': 1 },
  });
  expect(counted.status).toBe(200);
  const answer = await tablet('/till/closing/z', token, {
    upToSeq: x.report.upToSeq,
    businessDay: YESTERDAY,
  });
  expect(answer.status).toBe(200);
  return (await answer.json()).zId;
}

describe('a Z slip from the tablet', () => {
  it('prints the outlet’s part of the Z once, with its sales, VAT, payments and the cash expected', async () => {
    const zId = await closeTheDay();
    const token = await dayApproval(anna, '9999');
    const first = await tablet('/till/print/report', token, { zId, language: 'de' });
    const again = await tablet('/till/print/report', token, { zId, language: 'de' });
    expect(first.status).toBe(200);
    const job = (await first.json()).job;
    expect(job.printerName).toBe('Bar receipts');
    expect((await again.json()).job.id).toBe(job.id);
    const [slip] = await printer.waitForSlips(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(printer.printed).toHaveLength(1);
    const text = slipText(slip!);
    expect(text).toContain('Z-BERICHT');
    expect(text).toContain('Nr. 1');
    expect(text).toMatch(/Umsätze \(2\)\s+14,10 €/);
    expect(text).toMatch(/Bar \(1\)\s+7,60 €/);
    expect(text).toMatch(/Karte \(1\)\s+6,50 €/);
    // 14.10 gross at 19 %: VAT 2.25 once for the rate, net 11.85.
    expect(text).toMatch(/MwSt\. 19 %\s+11,85 € \+ 2,25 €/);
    expect(text).toContain(`Bar · ${YESTERDAY}`);
    // The float 50.00 and the cash sale 7.60.
    expect(text).toMatch(/Bargeld in der Kasse \(Soll\)\s+57,60 €/);
    expect(slip!.items.some((item) => item.kind === 'drawer')).toBe(false);
    expect(reportJobs()).toEqual([{ key: `report:z:${zId}:bar` }]);
  });

  it('prints the X report now, in English when asked, through the tablet’s call', async () => {
    const token = await dayApproval(anna, '9999');
    // As the tablet's call (src/pms/print-calls.ts) sends it.
    const fetcher = async (url: string, init: RequestInit) => app.request(url, init);
    const job = await printDayReport('', { language: 'en' }, token, fetcher);
    expect(job.printerName).toBe('Bar receipts');
    const [slip] = await printer.waitForSlips(1);
    const text = slipText(slip!);
    expect(text).toContain('X REPORT');
    expect(text).toMatch(/Sales \(2\)\s+€14\.10/);
  });

  it('refuses an unpaired caller, a waiter, no approval, and a Z that does not exist; prints nothing', async () => {
    const zId = await closeTheDay();
    const stranger = await app.server.request('/till/print/report', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-till-request-id': randomUUID() },
      body: JSON.stringify({ zId }),
    });
    expect(stranger.status).toBe(401);
    const waiter = await tablet('/till/print/report', await dayApproval(mia, '1111'), { zId });
    expect(waiter.status).toBe(403);
    const none = await tablet('/till/print/report', null, { zId });
    expect(none.status).toBe(403);
    expect((await none.json()).code).toBe('approval_required');
    const missing = await tablet('/till/print/report', await dayApproval(anna, '9999'), { zId: 99 });
    expect(missing.status).toBe(404);
    const bad = await tablet('/till/print/report', await dayApproval(anna, '9999'), { zId: 'one' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).field).toBe('zId');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reportJobs()).toEqual([]);
    expect(printer.printed).toHaveLength(0);
  });
});

describe('a Z slip from the admin page', () => {
  const form = (path: string, fields: Record<string, string>, cookie?: string) =>
    app.server.request(`http://localhost${path}`, {
      method: 'POST',
      headers: {
        host: 'localhost',
        'accept-language': 'de-DE',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });

  it('prints for a signed-in manager, and for nobody who is not signed in', async () => {
    const zId = await closeTheDay();
    const unsigned = await form('/admin/day/print', { outlet: 'bar', zId: String(zId) });
    expect(unsigned.status).toBe(401);
    expect(reportJobs()).toEqual([]);

    // The admin page takes a manager's admin password, never a PIN (issue 20).
    const anna = app.hub.staff.list().find((member) => member.name === 'Anna')!;
    await app.hub.staff.setAdminPassword(anna.id, 'anna keeps the books');
    const signIn = await form('/admin/login', { name: 'Anna', password: 'anna keeps the books' });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const page = await app.server.request(`http://localhost/admin/z/${zId}`, {
      headers: { host: 'localhost', 'accept-language': 'de-DE', cookie },
    });
    expect(await page.text()).toContain('data-print="bar"');
    const printed = await form('/admin/day/print', { outlet: 'bar', zId: String(zId) }, cookie);
    expect(printed.status).toBe(303);
    expect(printed.headers.get('location')).toBe(`/admin/z/${zId}?printed=Bar%20receipts`);
    const [slip] = await printer.waitForSlips(1);
    expect(slipText(slip!)).toContain('Z-BERICHT');
    const noPrinter = await form('/admin/day/print', { outlet: 'restaurant', zId: String(zId) }, cookie);
    expect(noPrinter.status).toBe(409);
    expect(reportJobs()).toEqual([{ key: `report:z:${zId}:bar` }]);
  });
});
