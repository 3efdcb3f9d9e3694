// The printers page as a manager meets it (issue 33): a refused "Add printer" shows the form again
// with what was typed, the queue lists its jobs' times in the hotel's time (the server's zone), not
// UTC, and no column header is empty nor a heading skips a level.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminCookieName } from '../../../src/server/admin/admin-access.ts';
import { cashReceipt, type PrintSetup, printSetup } from './printing-support.ts';

let setup: PrintSetup;
let adminCookie: string;
const zone = process.env.TZ;
beforeEach(async () => {
  process.env.TZ = 'Europe/Vienna'; // the demo hotel's
  setup = await printSetup();
  adminCookie = `${adminCookieName(setup.hub)}=${setup.hub.createAdminSession(null)}`;
});
afterEach(async () => {
  await setup.close();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const headers = () => ({
  cookie: adminCookie,
  'content-type': 'application/x-www-form-urlencoded',
  'sec-fetch-site': 'same-origin',
  'accept-language': 'de-DE',
});

describe('the printers page', () => {
  it('shows a refused new printer’s fields again as typed', async () => {
    const typed = {
      outlet: 'restaurant',
      role: 'order',
      name: 'Küche hinten',
      host: '192.168.1.61',
      port: '99999', // refused: no such port
      widthMm: '58',
      codepage: 'cp858',
      groups: '3, 4',
    };
    const response = await setup.app.request('/admin/printers', {
      method: 'POST',
      headers: headers(),
      body: new URLSearchParams(typed).toString(),
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    const form = page.slice(page.lastIndexOf('<form method="post" action="/admin/printers">'));
    expect(form).toContain('value="Küche hinten"');
    expect(form).toContain('value="192.168.1.61"');
    expect(form).toContain('value="99999"');
    expect(form).toContain('value="3, 4"');
    expect(form).toMatch(/<option value="restaurant" selected>/);
    expect(form).toMatch(/<option value="order" selected>/);
    expect(form).toMatch(/<option value="58" selected>/);
  });

  it('lists the queue’s times in the hotel’s time, not UTC', async () => {
    setup.printing.printReceipt('bar', { receipt: cashReceipt('t1'), language: 'de' });
    await setup.printer.waitForSlips(1);
    const page = await (await setup.app.request('/admin/printers', { headers: headers() })).text();
    const row = page.slice(page.indexOf('id="jobs"'));
    const times = [...row.matchAll(/<td>(\d\d:\d\d:\d\d)<\/td>/g)].map((match) => match[1]);
    expect(times.length).toBeGreaterThan(0);
    const utcNow = new Date().toISOString().slice(11, 13);
    const viennaNow = new Date().toLocaleTimeString('de-DE', { timeZone: 'Europe/Vienna', hour: '2-digit' });
    expect(times[0]!.slice(0, 2)).toBe(viennaNow.slice(0, 2));
    expect(times[0]!.slice(0, 2)).not.toBe(utcNow);
  });

  it('has no empty column header and no heading that skips a level (axe: empty-table-header, heading-order)', async () => {
    setup.printing.printReceipt('bar', { receipt: cashReceipt('h1'), language: 'de' });
    await setup.printer.waitForSlips(1);
    const page = await (await setup.app.request('/admin/printers', { headers: headers() })).text();
    expect(page).toContain('id="jobs"');
    expect(page).not.toMatch(/<th[^>]*><\/th>/);
    const levels = [...page.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
    const skips = levels.filter((level, index) => index > 0 && level > levels[index - 1]! + 1);
    expect(skips).toEqual([]);
  });
});
