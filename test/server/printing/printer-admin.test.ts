// The printers on the admin page: only a manager or hotel IT (an admin session) sets them up; a
// paired tablet cannot change them. A wrong field is refused naming it, with nothing saved; the
// test print says what happened: printed, the printer's state, or unreachable.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminCookieName } from '../../../src/server/admin/admin-access.ts';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
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
