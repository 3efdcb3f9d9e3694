// The printers on the admin page: only a manager or hotel IT (an admin session) sets them up; a
// paired tablet cannot change them. A wrong field is refused naming it, with nothing saved; the
// test print says what happened: printed, the printer's state, or unreachable.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminCookieName } from '../../../src/server/admin/admin-access.ts';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { printerAt } from '../../support/printers.ts';
import { type PrintSetup, printSetup } from './printing-support.ts';

let setup: PrintSetup;
let adminCookie: string;
beforeEach(async () => {
  setup = await printSetup();
  adminCookie = `${adminCookieName(setup.hub)}=${setup.hub.createAdminSession(null)}`;
});
afterEach(() => setup.close());

const fields = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    outlet: 'restaurant',
    role: 'order',
    name: 'Küche',
    host: '192.168.1.60',
    port: '9100',
    widthMm: '58',
    codepage: 'cp858',
    groups: '3, 4',
    ...overrides,
  }).toString();

async function post(path: string, cookie: string, body = '') {
  const response = await setup.app.request(path, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      'accept-language': 'de-DE',
    },
    body,
  });
  return { status: response.status, text: await response.text() };
}

describe('who may set up printers', () => {
  it('refuses a paired tablet: it can neither see, add, change, remove nor test printers', async () => {
    const before = JSON.stringify(setup.printing.printers.list());
    const page = await setup.app.request('/admin/printers', { headers: { cookie: setup.cookie } });
    expect(page.status).toBe(401);
    const id = setup.receiptPrinter.id;
    for (const [path, body] of [
      ['/admin/printers', fields()],
      [`/admin/printers/${id}`, fields({ host: '10.0.0.99' })],
      [`/admin/printers/${id}/remove`, ''],
      [`/admin/printers/${id}/test`, ''],
    ] as const) {
      expect((await post(path, setup.cookie, body)).status).toBe(401);
    }
    expect(JSON.stringify(setup.printing.printers.list())).toBe(before);
    expect(setup.printer.printed).toHaveLength(0);
  });

  it('lets an admin add an order printer with its routing, and refuses a wrong port naming the field', async () => {
    const added = await post('/admin/printers', adminCookie, fields());
    expect(added.status).toBe(303);
    const kitchen = setup.printing.printers.list('restaurant')[0];
    expect(kitchen).toMatchObject({ name: 'Küche', role: 'order', port: 9100, widthMm: 58, groups: [3, 4] });
    expect(setup.hub.audit.list({ kind: 'printer_added' })).toHaveLength(1);

    const wrong = await post('/admin/printers', adminCookie, fields({ name: 'Bar 2', port: '99999' }));
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('port: the port is from 1 to 65535');
    expect(setup.printing.printers.list('restaurant')).toHaveLength(1);

    const second = await post('/admin/printers', adminCookie, fields({ outlet: 'bar', role: 'receipt' }));
    expect(second.status).toBe(409);
    expect(setup.printing.printers.list('bar')).toHaveLength(1);

    // An outlet added on the admin page gets printers too; an outlet the hotel does not have, none.
    setup.hub.outlets.add({
      id: 'spa',
      name: 'Spa',
      drawers: 'Spa',
      cashDifferenceLimitCents: 500,
      retentionDays: 30,
    });
    const spa = await post(
      '/admin/printers',
      adminCookie,
      fields({ outlet: 'spa', name: 'Spa', role: 'receipt' }),
    );
    expect(spa.status).toBe(303);
    expect(setup.printing.printers.list('spa')).toHaveLength(1);
    const nowhere = await post('/admin/printers', adminCookie, fields({ outlet: 'nowhere', name: 'X' }));
    expect(nowhere.status).toBe(400);
    expect(setup.printing.printers.list('nowhere')).toHaveLength(0);
  });
});

describe('the test print', () => {
  it('says printed, the printer’s state, or unreachable', async () => {
    const path = `/admin/printers/${setup.receiptPrinter.id}/test`;
    const printed = await post(path, adminCookie);
    expect(printed.text).toContain('Der Testbon wurde gedruckt.');
    expect(slipText(setup.printer.printed[0]!)).toContain('TESTDRUCK');

    setup.printer.setState('paper_out');
    expect((await post(path, adminCookie)).text).toContain('kann aber nicht drucken: Papier leer');
    setup.printer.setState('off');
    expect((await post(path, adminCookie)).text).toContain('Der Drucker ist nicht erreichbar');
    expect(setup.printer.printed).toHaveLength(1);

    const page = await setup.app.request('/admin', {
      headers: { cookie: adminCookie, 'accept-language': 'de' },
    });
    expect(await page.text()).toContain('Bar receipts: nicht erreichbar');
  });
});

describe('who gives up a print job (issue 30)', () => {
  it('a tablet only its own outlet’s, a manager on the admin page any outlet’s', async () => {
    setup.printer.setState('paper_out');
    const restaurantPrinter = setup.printing.printers.add(
      printerAt(setup.printer, { outlet: 'restaurant', name: 'Restaurant receipts' }),
    );
    const enqueue = (printer: typeof restaurantPrinter, title: string) =>
      setup.printing.queue.enqueue({
        key: `test:${title}`,
        printer,
        title,
        document: { kind: 'test', printerName: printer.name, language: 'de' },
      });
    const theirs = enqueue(restaurantPrinter, 'Receipt R-1');
    const ours = enqueue(setup.receiptPrinter, 'Receipt B-1');
    const giveUpOnTablet = async (id: number) => {
      const answer = await setup.app.request(`/till/print/jobs/${id}/give-up`, {
        method: 'POST',
        headers: {
          cookie: setup.cookie,
          'x-till-request-id': crypto.randomUUID(),
          'content-type': 'application/json',
        },
        body: '{}',
      });
      return { status: answer.status, body: (await answer.json()) as { field?: string } };
    };

    // The bar's tablet: the restaurant's job is no job of its (404, as if there were none), left waiting.
    const refused = await giveUpOnTablet(theirs.id);
    expect(refused).toEqual({ status: 404, body: expect.objectContaining({ field: 'id' }) });
    expect(setup.printing.queue.job(theirs.id)).toMatchObject({ givenUpBy: null });
    expect(setup.printing.queue.job(theirs.id)?.state).not.toBe('given_up');
    // its own outlet's job it may give up
    expect((await giveUpOnTablet(ours.id)).status).toBe(200);
    expect(setup.printing.queue.job(ours.id)).toMatchObject({ state: 'given_up', givenUpBy: 'Test tablet' });

    // A manager signed in on the admin page gives up the restaurant's job, named as who did it.
    const anna = await setup.hub.staff.add({ name: 'Anna', role: 'manager', pin: '9999' });
    const manager = `${adminCookieName(setup.hub)}=${setup.hub.createAdminSession(anna.id)}`;
    expect((await post(`/admin/printers/jobs/${theirs.id}/give-up`, manager)).status).toBe(303);
    expect(setup.printing.queue.job(theirs.id)).toMatchObject({ state: 'given_up', givenUpBy: 'Anna' });
    expect(
      setup.hub.audit
        .list({ kind: 'print_job_given_up' })
        .map((row) => [row.subject, row.staffName ?? row.deviceName]),
    ).toEqual([
      [String(theirs.id), 'Anna'], // newest first
      [String(ours.id), 'Test tablet'],
    ]);
  });
});

describe('the queue on the admin page', () => {
  it('gives up a waiting job with who did it, and shows what the demo printer printed as a picture', async () => {
    setup.printer.setState('paper_out');
    const job = setup.printing.queue.enqueue({
      key: 'test:1',
      printer: setup.receiptPrinter,
      title: 'Receipt T-1',
      document: { kind: 'test', printerName: 'Bar receipts', language: 'de' },
    });
    const given = await post(`/admin/printers/jobs/${job.id}/give-up`, adminCookie);
    expect(given.status).toBe(303);
    expect(setup.printing.queue.job(job.id)).toMatchObject({ state: 'given_up', givenUpBy: 'admin key' });
    expect(setup.hub.audit.list({ kind: 'print_job_given_up' })).toHaveLength(1);
    expect((await post(`/admin/printers/jobs/${job.id}/give-up`, adminCookie)).status).toBe(409);
    expect((await post(`/admin/printers/jobs/${job.id}/give-up`, setup.cookie)).status).toBe(401);

    setup.printer.setState('ok');
    await post(`/admin/printers/${setup.receiptPrinter.id}/test`, adminCookie);
    const page = await setup.app.request('/admin/printers', { headers: { cookie: adminCookie } });
    const html = await page.text();
    expect(html).toContain('data-testid="printed-slip"');
    expect(html).toContain('TESTDRUCK'); // the test print was asked for in German
    expect(html).toContain('partial cut');
  });
});

describe('removing a printer', () => {
  it('is refused while jobs wait for it, and done once none do', async () => {
    setup.printer.setState('off');
    const job = setup.printing.queue.enqueue({
      key: 'test:2',
      printer: setup.receiptPrinter,
      title: 'Receipt T-2',
      document: { kind: 'test', printerName: 'Bar receipts', language: 'de' },
    });
    const refused = await post(`/admin/printers/${setup.receiptPrinter.id}/remove`, adminCookie);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('es warten noch Aufträge');
    expect(setup.printing.printers.list('bar')).toHaveLength(1);
    setup.printing.queue.giveUp(job.id, 'Anna');
    expect((await post(`/admin/printers/${setup.receiptPrinter.id}/remove`, adminCookie)).status).toBe(303);
    expect(setup.printing.printers.list('bar')).toHaveLength(0);
    expect(setup.hub.audit.list({ kind: 'printer_removed' })).toHaveLength(1);
  });
});
