// A web page staff happen to open on a paired tablet tries to use the tablet's pairing: an <img>
// that would close an invoice, a no-cors fetch with a text/plain body that mentions
// application/json, a form post, and a cross-origin fetch with the till's header. All of it runs in
// real Chromium with the device cookie in the jar; none of it reaches the PMS.

import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { openFreshContext } from '../support/browser.ts';
import { browserTest as it, pairContext } from '../support/browser-test.ts';
import { hotelDb } from './till.ts';

let evil: HttpServer;
let evilOrigin: string;

beforeAll(async () => {
  evil = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(page);
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilOrigin = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => evil?.close(resolve));
});

let page = '';

describe('a page on another site, opened on a paired tablet', () => {
  it('closes no invoice and charges no room through the tablet’s pairing', async ({ browser, server }) => {
    const db = hotelDb(server);
    const invoice = db
      .prepare("SELECT id FROM invoices WHERE status = 'open' ORDER BY id LIMIT 1")
      .pluck()
      .get();
    const stay = db
      .prepare("SELECT id FROM room_reservations WHERE status = 'CHECKED_IN' LIMIT 1")
      .pluck()
      .get();
    const items = () => db.prepare('SELECT COUNT(*) FROM invoice_items').pluck().get();
    const before = items();
    const till = server.url;
    const charge = JSON.stringify({ room_reservation_id: stay, products: [{ id: 1, quantity: 1 }] });
    page = `<!doctype html><body>
      <img src="${till}/api/set/invoice/paid/${invoice}/1/1/no">
      <form id="f" method="post" action="${till}/api/set/add/products" enctype="text/plain">
        <input name='${charge.slice(0, -1)},"x":"' value='"}'></form>
      <script>
        const send = () => Promise.allSettled([
          fetch('${till}/api/set/add/products', { method: 'POST', mode: 'no-cors', credentials: 'include',
            headers: { 'content-type': 'text/plain; x=application/json' }, body: '${charge}' }),
          fetch('${till}/api/set/add/products', { method: 'POST', credentials: 'include',
            headers: { 'content-type': 'application/json', 'x-till-request-id': 'evil-0000-0001' }, body: '${charge}' }),
        ]).then((results) => { document.title = results.map((r) => r.status).join(','); });
        send().then(() => document.getElementById('f').submit());
      </script></body>`;

    const context = await openFreshContext(browser);
    await pairContext(context, server);
    const tab = await context.newPage();
    await tab.goto(evilOrigin);
    await tab.waitForURL(/\/api\/set\/add\/products/); // the form post went, and was answered
    // the no-cors fetch goes out but is refused; the CORS fetch never gets past the preflight
    expect(tab.url()).toContain(`${till}/api/set/add/products`);
    expect(await tab.textContent('body')).toMatch(/"success":false/);
    await context.close();

    expect(db.prepare('SELECT status FROM invoices WHERE id = ?').pluck().get(invoice)).toBe('open');
    expect(items()).toBe(before);
  });
});
