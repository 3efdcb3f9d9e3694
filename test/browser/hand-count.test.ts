// The walkthrough's hand count (issue 30) as one story in Chromium on a German till server (test
// TSE, business data, ZVT terminal double, demo staff): Mia opens the shift with a €150.00 float and
// makes a day through the UI (cash with change, a card sale with a tip added on the terminal, a room
// charge, a minibar count, a split by items, a line and a ticket discount and an open price with
// Anna's approval, a sale voided after the server recorded it, a refund); Anna counts the drawer and
// closes the Z on the tablet. The Z must equal the hand count of hand-count-figures.ts, item by item,
// and the PMS must hold each sale once. A card is taken on the stand-alone terminal while the till
// server is down (its tip typed), and a bill is paid in two equal parts.

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { type Server, tillTest } from '../support/browser-test.ts';
import { GERMAN_BUSINESS } from '../support/business.ts';
import { ANNA, answerFloat, typePin } from '../support/staff.ts';
import { chargeMinibar, chooseMinibarGuest } from './chaos-ui.ts';
import { chargedReference, chooseGuest, itemsOfSale, stayIn } from './front-desk.ts';
import { DAY } from './hand-count-figures.ts';
import { approveAs, ledgerApprovals, ledgerKinds, payCash, pmsInvoicesOf } from './hand-count-steps.ts';
import { productTile } from './till.ts';

const it = tillTest({
  staff: true,
  server: {
    fiscal: { dataDir: null, testMode: true, defaultCountry: 'DE' },
    demoRegion: 'DE',
    terminalDouble: { stepMs: 300, tipCents: 200 },
  },
  policy: { idleLockMinutes: 120 },
  setUp: async (server) => {
    await server.fiscal.german()!.setUp('HOTEL-TILL BAR 1');
    server.fiscal.setBusiness(GERMAN_BUSINESS);
  },
  tablet: { pair: { name: 'Bar 1' }, until: 'service-worker', timezoneId: 'Europe/Berlin' },
});
let server: Server;
let page: Page;
let errors: string[];
/** The references the receipts showed, by sale of the hand count. */
const ref: Record<string, string> = {};

it.beforeAll(async ({ tablet, server: started }) => {
  ({ page, errors } = tablet);
  server = started;
});

const receipt = () => page.locator('.receipt-panel');
const nav = (path: string) => page.locator(`nav a[href="${path}"]`).click();
const tap = async (...names: string[]) => {
  for (const name of names) await productTile(page, name).click();
};
const openPay = () => page.getByRole('button', { name: /^Pay/ }).click();
const approveAsAnna = () => approveAs(page, ANNA);
const completeCash = (given?: string, change?: string, approved = false) =>
  payCash(page, { given, change, approved });
const invoicesOf = (reference: string) => pmsInvoicesOf(server, reference);
const recordedKinds = () => ledgerKinds(server);

describe('a day at the bar, counted by hand', () => {
  it('Mia signs in and opens the shift with €150.00 in the drawer', async () => {
    await page.locator('.lock-person', { hasText: 'Mia' }).click({ timeout: 15_000 });
    await typePin(page, '1111');
    await answerFloat(page, '150,00');
    const status = page.getByTestId('refresh-status');
    await expect
      .poll(
        async () => [await status.getAttribute('data-refreshed'), await status.getAttribute('data-running')],
        {
          timeout: 20_000,
        },
      )
      .toEqual(['true', 'false']);
    await nav('/');
    await expect
      .poll(() => server.hub.closing.xReport().drawers[0]?.floatCents, { timeout: 15_000 })
      .toBe(DAY.floatCents);
  });

  it('sells for cash with change', async () => {
    await tap('Pils 0,3 l', 'Pils 0,3 l', 'Cola 0,33 l', 'Club Sandwich');
    await openPay();
    ref.cash1 = await completeCash('50', '€22.50');
    await tap('Aperol Spritz', 'Espresso');
    await openPay();
    ref.cash2 = await completeCash('20', '€8.70');
  });

  it('takes a card with a tip the guest adds on the terminal', async () => {
    server.terminalDouble!.next('tip');
    await tap('Gin Tonic', 'Käsespätzle');
    await openPay();
    await page.getByRole('radio', { name: 'EC-Karte / Girocard' }).check();
    await page.getByRole('radio', { name: 'Guest adds it on the terminal' }).check();
    await page.getByRole('button', { name: 'Pay €27.40 by card' }).click();
    const shown = receipt().getByTestId('receipt-reference');
    await shown.waitFor({ timeout: 30_000 });
    ref.card = (await shown.textContent()) ?? '';
    expect(await receipt().getByTestId('receipt-tip').textContent()).toBe('€2.00');
    await page.getByRole('button', { name: 'New sale' }).click();
  });

  it('takes a card on the stand-alone terminal while the till server is down, the guest’s tip typed', async () => {
    // The till server stops answering (connection refused) for the page and its service worker.
    const context = page.context();
    const noted = errors.length;
    await context.route(
      (url) => url.pathname !== '/' && !url.pathname.includes('.'),
      (route) => route.abort('connectionrefused'),
    );
    await tap('Kaiserschmarrn');
    await openPay();
    await page.getByRole('radio', { name: 'EC-Karte / Girocard' }).check();
    await page.getByTestId('card-standalone').waitFor({ timeout: 15_000 });
    await page.getByLabel('Terminal receipt number').fill('4711');
    await page.getByLabel('Tip the guest added on the terminal (optional)').fill('1.50');
    await page.getByRole('button', { name: 'Approved on the terminal: record €12.50' }).click();
    const shown = receipt().getByTestId('receipt-reference');
    await shown.waitFor({ timeout: 30_000 });
    ref.standalone = (await shown.textContent()) ?? '';
    expect(await receipt().getByTestId('receipt-tip').textContent()).toBe('€1.50');
    await context.unrouteAll();
    await page.getByRole('button', { name: 'New sale' }).click();
    await nav('/sync');
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect
      .poll(
        () => server.hub.db.prepare('SELECT 1 FROM ledger_sales WHERE reference = ?').all(ref.standalone),
        {
          timeout: 30_000,
        },
      )
      .toHaveLength(1);
    await nav('/');
    // Only the refused connections of the outage itself are left out of the page's errors.
    const outage = errors
      .splice(noted)
      .filter((error) => !/ERR_CONNECTION_REFUSED|Failed to fetch/.test(error));
    errors.push(...outage);
  });

  it('charges a ticket to room 104 and counts room 201’s minibar', async () => {
    await tap('Weißbier 0,5 l', 'Kaiserschmarrn');
    await chooseGuest(page, '104', 'Bauer');
    await page.getByRole('button', { name: 'Charge €17.70 to room 104' }).click();
    ref.room = await chargedReference(page);
    await page.getByRole('button', { name: 'Choose another guest' }).click();
    await chooseMinibarGuest(page, ['201', 'Huber']);
    ref.minibar = (await chargeMinibar(page, server, ['M-202', 'M-205', 'M-204'], ref.room)).reference;
    await nav('/');
  });

  it('splits a bill by items', async () => {
    await tap('Pils 0,3 l', 'Pils 0,3 l', 'Pils 0,3 l', 'Gin Tonic');
    await openPay();
    await page.getByRole('button', { name: 'By lines' }).click();
    await page.getByRole('button', { name: 'One more Pils 0,3 l in this part' }).click();
    await page.getByRole('button', { name: 'One more Gin Tonic in this part' }).click();
    ref.splitA = await completeCash('20', '€5.30');
    await openPay();
    ref.splitB = await completeCash();
  });

  it('splits a bill into two equal parts, each paid in cash', async () => {
    await tap('Weißbier 0,5 l', 'Espresso');
    await openPay();
    await page.getByRole('button', { name: 'Equal parts' }).click();
    expect(await page.getByTestId('pay-total').textContent()).toBe('€4.00');
    ref.equalA = await completeCash();
    await openPay();
    expect(await page.getByTestId('pay-total').textContent()).toBe('€4.00');
    ref.equalB = await completeCash();
  });

  it('gives a line discount and a ticket discount, each approved by Anna', async () => {
    await tap('Espresso', 'Cola 0,33 l');
    await page.getByRole('button', { name: 'Discount: Cola 0,33 l' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discount on Cola 0,33 l' });
    for (const digit of '30')
      await dialog.locator('.number-key', { hasText: new RegExp(`^${digit}$`) }).click();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await approveAsAnna();
    await expect.poll(() => page.getByTestId('ticket-total').textContent()).toBe('€5.32');
    await openPay();
    ref.lineDiscount = await completeCash();

    await tap('Espresso', 'Club Sandwich', 'Cola 0,33 l');
    await openPay();
    await page.getByLabel('Discount on the ticket').fill('30');
    expect(await page.getByTestId('pay-total').textContent()).toBe('€15.33');
    ref.ticketDiscount = await completeCash('20', '€4.67', true);
  });

  it('sells an open price of €150.00 with Anna’s approval', async () => {
    await productTile(page, 'Ladestation').click();
    const dialog = page.getByRole('dialog', { name: 'Open-price item' });
    await dialog.getByLabel('Amount').fill('150');
    await dialog.getByRole('button', { name: 'Add to ticket' }).click();
    await approveAsAnna();
    await expect.poll(() => page.getByTestId('ticket-total').textContent()).toBe('€150.00');
    await openPay();
    ref.openPrice = await completeCash('200', '€50.00');
  });

  it('voids a sale the till server recorded and the PMS refused, with Anna’s approval', async () => {
    const bookable = (on: 0 | 1) =>
      server.hotel!.db.prepare('UPDATE products SET bookable_via_api = ? WHERE number = ?').run(on, 'B-115');
    bookable(0);
    await tap('Champagner');
    await openPay();
    ref.voided = await completeCash('100', '€11.00');
    const recorded = () =>
      server.hub.db.prepare('SELECT count(*) AS n FROM ledger_sales WHERE reference = ?').get(ref.voided);
    await expect.poll(recorded, { timeout: 20_000 }).toEqual({ n: 1 });
    await nav('/sync');
    const card = page.locator(`article.sync-sale[data-reference="${ref.voided}"]`);
    await card.getByRole('button', { name: 'Void…' }).click({ timeout: 30_000 });
    await card.getByLabel('Reason for voiding').fill('Guest changed their mind');
    await card.getByRole('button', { name: 'Void sale' }).click();
    await approveAsAnna();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 15_000 }).toBe('voided');
    bookable(1);
  });

  it('refunds the second cash sale with Anna’s approval', async () => {
    await nav('/report');
    const row = page.getByTestId('shift-receipts').locator(`li[data-reference="${ref.cash2}"]`);
    await row.getByRole('button', { name: 'Refund…' }).click({ timeout: 20_000 });
    await page.getByLabel('Why is the sale refunded?').fill('Spilled');
    await page.getByRole('button', { name: 'Refund €11.30 and print the slip' }).click();
    await approveAsAnna();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Refunded');
  });

  it('Anna counts the drawer and closes the day on the tablet', { timeout: 120_000 }, async () => {
    await expect.poll(recordedKinds, { timeout: 30_000 }).toEqual(DAY.recordedKinds);
    await page.locator('.app-staff-lock').click();
    await page.locator('.lock-person', { hasText: 'Anna' }).click();
    await typePin(page, '9999');
    await answerFloat(page, null);
    await nav('/report');
    const panel = page.getByTestId('day-closing');
    await panel.getByRole('button', { name: 'Open the day closing' }).click();
    await panel.getByTestId('day-by-payment').waitFor({ timeout: 15_000 });
    const drawer = panel.getByTestId('day-drawer').first();
    expect(await drawer.getByTestId('drawer-expected').textContent()).toBe('€379.25');
    await drawer.getByRole('button', { name: /^Count / }).click();
    for (const [cents, pieces] of Object.entries(DAY.countedPieces))
      await drawer.locator(`input[data-cents="${cents}"]`).fill(String(pieces));
    await drawer.getByRole('button', { name: 'Save count' }).click();
    await expect
      .poll(() => drawer.getByTestId('drawer-counted').textContent(), { timeout: 15_000 })
      .toMatch(/^Counted €379\.25/);
    await panel.getByRole('button', { name: 'Close the day (Z)' }).click();
    await panel.getByRole('button', { name: 'Yes, close the day' }).click();
    await expect
      .poll(() => panel.getByTestId('z-number').textContent(), { timeout: 20_000 })
      .toBe('Day closed: Z 1');
  });

  it('the Z equals the hand count, item by item', async () => {
    const [closing] = server.hub.closing.closings();
    const z = server.hub.closing.closed(closing!.zId)!.report;
    expect(z.closedBy).toBe('Anna');
    const day = z.hotel;
    expect({
      records: day.records,
      gross: day.grossCents,
      tips: day.tipCents,
      discounts: day.discountCents,
    }).toEqual({
      records: DAY.records,
      gross: DAY.grossCents,
      tips: DAY.tipCents,
      discounts: DAY.discountCents,
    });
    const byMethod = [...day.byPayment].sort((a, b) => a.method.localeCompare(b.method));
    expect(byMethod).toEqual([...DAY.byPayment].sort((a, b) => a.method.localeCompare(b.method)));
    expect([...day.byVat].sort((a, b) => (b.vatRateBp ?? 0) - (a.vatRateBp ?? 0))).toEqual(DAY.byVat);
    expect(day.netCents + day.vatCents).toBe(DAY.grossCents);
    expect([...day.byGroup].sort((a, b) => (a.groupId ?? 0) - (b.groupId ?? 0))).toEqual(DAY.byGroup);
    expect([...day.roomCharges].sort((a, b) => a.room.localeCompare(b.room))).toEqual(DAY.roomCharges);
    expect(day.discounts.map((d) => [d.reference, d.amountCents, d.approvedBy])).toEqual([
      [ref.lineDiscount, 108, 'Anna'],
      [ref.ticketDiscount, 657, 'Anna'],
    ]);
    const referred = (reference: string | undefined) =>
      (
        server.hub.db
          .prepare('SELECT sale_id AS id FROM ledger_sales WHERE reference = ?')
          .get(reference) as { id: string }
      ).id;
    expect(day.corrections.map((c) => [c.kind, c.refersTo, c.amountCents, c.approvedBy, c.reason])).toEqual([
      ['void', referred(ref.voided), -8900, 'Anna', 'Guest changed their mind'],
      ['refund', referred(ref.cash2), -1130, 'Anna', 'Spilled'],
    ]);
    expect(day.byStaff.map((s) => [s.staffName, s.records, s.grossCents, s.tipCents])).toEqual([
      ['Mia', DAY.records, DAY.grossCents, DAY.tipCents],
    ]);
    // The refund's credit note is for the PMS by hand; the open price is listed with its approver (and
    // its approval is on its record).
    expect(z.refundsToBook?.map((r) => [r.refersTo, r.totalCents])).toEqual([[referred(ref.cash2), -1130]]);
    expect(day.openPrices?.map((o) => [o.reference, o.amountCents, o.approvedBy])).toEqual([
      [ref.openPrice, 15_000, 'Anna'],
    ]);
    expect(ledgerApprovals(server, ref.openPrice!)).toEqual([{ action: 'open_price', manager: 'Anna' }]);
    const [drawer] = z.drawers;
    expect(drawer).toMatchObject({ floatCents: DAY.floatCents, ...DAY.drawer });
    expect(drawer?.count).toMatchObject({
      countedCents: DAY.drawer.expectedCents,
      differenceCents: 0,
      countedBy: 'Anna',
    });
    expect(errors).toEqual([]);
  });

  it('the PMS holds each sale once: cash and card on their invoices, the charges on the rooms', async () => {
    const cash = 1;
    const card = 2;
    const paid = [
      ref.cash1,
      ref.cash2,
      ref.card,
      ref.standalone,
      ref.splitA,
      ref.splitB,
      ref.equalA,
      ref.equalB,
      ref.lineDiscount,
      ref.ticketDiscount,
      ref.openPrice,
    ];
    await expect
      .poll(
        () =>
          paid.map((reference) =>
            invoicesOf(reference!)
              .map((invoice) => invoice.status)
              .join(),
          ),
        {
          timeout: 30_000,
        },
      )
      .toEqual(paid.map(() => 'closed'));
    const item = (name: string, quantity: number, cents: number) => ({ name, quantity, cents });
    expect(invoicesOf(ref.cash1!)).toEqual([
      {
        status: 'closed',
        method: cash,
        signed: true,
        items: [item('Pils 0,3 l', 2, 420), item('Cola 0,33 l', 1, 360), item('Club Sandwich', 1, 1550)],
      },
    ]);
    expect(invoicesOf(ref.cash2!)).toEqual([
      {
        status: 'closed',
        method: cash,
        signed: true,
        items: [item('Aperol Spritz', 1, 850), item('Espresso', 1, 280)],
      },
    ]);
    expect(invoicesOf(ref.card!)).toEqual([
      {
        status: 'closed',
        method: card,
        signed: true,
        items: [item('Gin Tonic', 1, 1050), item('Käsespätzle', 1, 1690)],
      },
    ]);
    // paid on the stand-alone terminal: the invoice is closed by card, like the driven one's
    expect(invoicesOf(ref.standalone!)).toEqual([
      { status: 'closed', method: card, signed: true, items: [item('Kaiserschmarrn', 1, 1250)] },
    ]);
    expect(invoicesOf(ref.splitA!)).toEqual([
      {
        status: 'closed',
        method: cash,
        signed: true,
        items: [item('Pils 0,3 l', 1, 420), item('Gin Tonic', 1, 1050)],
      },
    ]);
    expect(invoicesOf(ref.splitB!)).toEqual([
      { status: 'closed', method: cash, signed: true, items: [item('Pils 0,3 l', 2, 420)] },
    ]);
    // an equal part: each bill line once at quantity 1, at the part's share of it (520 / 2, 280 / 2)
    for (const [reference, part] of [
      [ref.equalA, 1],
      [ref.equalB, 2],
    ] as const)
      expect(invoicesOf(reference!)).toEqual([
        {
          status: 'closed',
          method: cash,
          signed: true,
          items: [
            item(`Weißbier 0,5 l · share ${part}/2`, 1, 260),
            item(`Espresso · share ${part}/2`, 1, 140),
          ],
        },
      ]);
    expect(invoicesOf(ref.lineDiscount!)).toEqual([
      {
        status: 'closed',
        method: cash,
        signed: true,
        items: [item('Espresso', 1, 280), item('Cola 0,33 l', 1, 252)],
      },
    ]);
    expect(invoicesOf(ref.ticketDiscount!)).toEqual([
      {
        status: 'closed',
        method: cash,
        signed: true,
        items: [item('Espresso', 1, 196), item('Club Sandwich', 1, 1085), item('Cola 0,33 l', 1, 252)],
      },
    ]);
    expect(invoicesOf(ref.openPrice!)).toEqual([
      {
        status: 'closed',
        method: cash,
        signed: true,
        items: [item('Ladestation / Charging station', 1, 15_000)],
      },
    ]);
    expect(invoicesOf(ref.voided!).flatMap((invoice) => invoice.items)).toEqual([]);
    // The TSE finished one transaction per record of a sale kind: 14 sales and charges, the void, the refund.
    const german = server.fiscal.german()!;
    const finished = german
      .testTse!.logMessages(german.store.setup()!.tssId)
      .filter((log) => log.operation === 'FinishTransaction');
    expect(new Set(finished.map((log) => log.tx_id)).size).toBe(DAY.records);
    const folio = (room: string, reference: string) =>
      itemsOfSale(server, stayIn(server, room).id, reference).map((i) =>
        item(i.name, i.quantity, i.price_cents),
      );
    await expect
      .poll(() => folio('104', ref.room!), { timeout: 30_000 })
      .toEqual([item('Weißbier 0,5 l', 1, 520), item('Kaiserschmarrn', 1, 1250)]);
    // The minibar count posts in the catalogue's order (M-202, M-204, M-205).
    await expect
      .poll(() => folio('201', ref.minibar!), { timeout: 30_000 })
      .toEqual([
        item('Minibar Bier 0,33 l', 1, 450),
        item('Minibar Erdnüsse', 1, 400),
        item('Minibar Schokolade', 1, 350),
      ]);
  });
});
