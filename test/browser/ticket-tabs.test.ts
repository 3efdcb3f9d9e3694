// Issue 14, the ticket as one record (problem 2), the quantity pad (problem 7) and counted texts
// (problem 13), in real Chromium against the test hotel (build first). Two pages of one browser
// context are two tabs of one tablet: they share the ticket, and a ticket is paid once, in cash or
// charged to a guest's room from the pay screen.

import type { Browser, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest as it, openTill, ROOM_CHARGE, type Server } from '../support/browser-test.ts';
import { chargedReference, itemsOfSale, putOnTicket, stayIn } from './front-desk.ts';
import { hotelDb, productTile, screenshot, ticketContents, ticketTotal } from './till.ts';

const receiptReference = (page: Page) => page.locator('.receipt-panel').getByTestId('receipt-reference');
const receiptStatus = (page: Page) => page.locator('.receipt-panel').getByTestId('receipt-status');

function invoiceCount(server: Server): number {
  return (hotelDb(server).prepare('SELECT COUNT(*) AS n FROM invoices').get() as { n: number }).n;
}

function invoicesWithReference(server: Server, reference: string) {
  return hotelDb(server)
    .prepare(
      `SELECT v.id, v.status, SUM(i.quantity) AS items FROM invoices v
       JOIN invoice_items i ON i.invoice_id = v.id WHERE v.reference = ? GROUP BY v.id`,
    )
    .all(reference) as { id: number; status: string; items: number }[];
}

/** Sales in this tablet's journal (IndexedDB), as the page sees them. */
function journalSales(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('hotel-till');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('sales').objectStore('sales').count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
        };
      }),
  );
}

/** A second tab of the same tablet, on the register. */
async function secondTab(page: Page, server: Server): Promise<Page> {
  const other = await page.context().newPage();
  await other.goto(server.url);
  await other.locator('nav a[href="/"]').click();
  await productTile(other, 'Pils 0,3 l').waitFor();
  return other;
}

/** Invoice items on a stay (room charges land there, not on a cash invoice). */
function itemsOnStay(server: Server, stayId: number): number {
  return (
    hotelDb(server)
      .prepare('SELECT COUNT(*) AS n FROM invoice_items WHERE room_reservation_id = ?')
      .get(stayId) as { n: number }
  ).n;
}

/** A tab of the same tablet that hears nothing from the others (no BroadcastChannel), on the register. */
async function deafTab(page: Page, server: Server): Promise<Page> {
  const deaf = await page.context().newPage();
  await deaf.addInitScript(() => {
    delete (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel;
  });
  await deaf.goto(server.url);
  await deaf.locator('nav a[href="/"]').click();
  return deaf;
}

/** On the pay screen: Room transfer, room 104, Antje Bauer's surname confirmed; answers the charge button. */
async function openRoomCharge(page: Page) {
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('radio', { name: 'Überweisung aufs Zimmer / Room transfer' }).check();
  await page.getByLabel('Room number or guest name').fill('104');
  await page.getByRole('button', { name: /^Room 104\b/ }).click();
  await page.getByLabel('Guest’s surname (ask the guest)').fill('Bauer');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  return page.getByRole('button', { name: /^Charge €12\.00 to room 104$/ });
}

/** What the pay screen says after "Charge … to room": the refusal, or that it was charged. */
async function chargeOutcome(page: Page): Promise<string> {
  const said = page.locator('.pay-room [role="alert"], [data-testid="charge-done"]').first();
  await said.waitFor();
  return (await said.textContent()) ?? '';
}

/** A tablet with the guest list, on the register with Pils ×2 and one €3.60 line (€12.00) on the ticket. */
async function tabletWithTicket(browser: Browser, server: Server): Promise<Page> {
  const { page } = await openTill(browser, server, ROOM_CHARGE);
  await putOnTicket(page, server, [
    { number: 'B-100', quantity: 2 },
    { number: 'B-142', quantity: 1 },
  ]);
  await page.getByRole('link', { name: 'Register', exact: true }).click();
  return page;
}

async function openCashPayment(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('radio', { name: 'Bar / Cash' }).check();
}

describe('one ticket, however many tabs', () => {
  it('shows the ticket in both tabs; paid in one, the other is refused and one invoice reaches the PMS', async ({
    browser,
    server,
  }) => {
    const { page: first } = await openTill(browser, server);
    const second = await secondTab(first, server);
    await productTile(first, 'Pils 0,3 l').click();
    await productTile(first, 'Pils 0,3 l').click();
    await productTile(second, 'Hugo').click();
    const both = [
      ['Pils 0,3 l', '2'],
      ['Hugo', '1'],
    ];
    await expect.poll(() => ticketContents(first)).toEqual(both);
    await expect.poll(() => ticketContents(second)).toEqual(both);

    const invoicesBefore = invoiceCount(server);
    const salesBefore = await journalSales(first);
    // Both tabs are on the pay screen for the same ticket; the first completes the sale.
    await openCashPayment(first);
    await openCashPayment(second);
    await first.getByRole('button', { name: 'Complete sale' }).click();
    const reference = (await receiptReference(first).textContent()) ?? '';
    expect(reference).not.toBe('');

    await second.getByRole('button', { name: 'Complete sale' }).click();
    await expect
      .poll(() => second.getByRole('alert').filter({ hasText: 'already paid' }).textContent())
      .toMatch(/^This ticket was already paid at \d\d:\d\d\.$/);
    await screenshot(second, 'ticket-paid-in-other-tab-768x1024');
    expect(await receiptReference(second).count()).toBe(0);

    await expect
      .poll(() => receiptStatus(first).textContent(), { timeout: 15_000 })
      .toBe('Confirmed by the PMS');
    expect(await journalSales(first)).toBe(salesBefore + 1);
    expect(invoicesWithReference(server, reference)).toEqual([
      { id: expect.any(Number), status: 'closed', items: 3 },
    ]);
    // Sync now in the refused tab sends nothing more: it recorded nothing.
    await second.reload();
    await second.locator('nav a[href="/sync"]').click();
    await second.getByRole('button', { name: 'Sync now' }).click();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(invoiceCount(server)).toBe(invoicesBefore + 1);
  });

  it('refuses the second payment in the sale’s own transaction, even in a tab that heard nothing of the first', async ({
    browser,
    server,
  }) => {
    const { page: first } = await openTill(browser, server);
    await productTile(first, 'Gin Tonic').click();
    await expect.poll(() => ticketContents(first)).toEqual([['Gin Tonic', '1']]);
    // A tab without BroadcastChannel hears nothing from the others: only the record can stop it.
    const deaf = await first.context().newPage();
    await deaf.addInitScript(() => {
      delete (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel;
    });
    await deaf.goto(server.url);
    await deaf.locator('nav a[href="/"]').click();
    await expect.poll(() => ticketContents(deaf)).toEqual([['Gin Tonic', '1']]);

    const salesBefore = await journalSales(first);
    await openCashPayment(first);
    await openCashPayment(deaf);
    await first.getByRole('button', { name: 'Complete sale' }).click();
    const reference = (await receiptReference(first).textContent()) ?? '';
    expect(await deaf.getByTestId('pay-total').textContent()).toBe('€10.50'); // it still asks for it
    await deaf.getByRole('button', { name: 'Complete sale' }).click();
    await expect
      .poll(() => deaf.getByRole('alert').filter({ hasText: 'already paid' }).textContent())
      .toMatch(/^This ticket was already paid at \d\d:\d\d\.$/);
    expect(await journalSales(first)).toBe(salesBefore + 1);
    await expect
      .poll(() => receiptStatus(first).textContent(), { timeout: 15_000 })
      .toBe('Confirmed by the PMS');
    expect(invoicesWithReference(server, reference)).toEqual([
      { id: expect.any(Number), status: 'closed', items: 1 },
    ]);
  });

  it('refuses a ticket paid cash in one tab as a room charge in another (that heard nothing): one invoice, nothing on the room', async ({
    browser,
    server,
  }) => {
    const first = await tabletWithTicket(browser, server);
    const deaf = await deafTab(first, server);
    await expect.poll(async () => (await ticketContents(deaf)).length).toBe(2);
    const stay = stayIn(server, '104');
    const itemsBefore = itemsOnStay(server, stay.id);
    const invoicesBefore = invoiceCount(server);
    const salesBefore = await journalSales(first);

    await openCashPayment(first);
    const charge = await openRoomCharge(deaf);
    await first.getByRole('button', { name: 'Complete sale' }).click();
    const reference = (await receiptReference(first).textContent()) ?? '';
    expect(reference).not.toBe('');
    await charge.click();
    expect(await chargeOutcome(deaf)).toMatch(/^This ticket was already paid at \d\d:\d\d\.$/);
    await screenshot(deaf, 'room-charge-of-ticket-paid-in-other-tab-768x1024');

    await expect
      .poll(() => receiptStatus(first).textContent(), { timeout: 15_000 })
      .toBe('Confirmed by the PMS');
    expect(await journalSales(first)).toBe(salesBefore + 1);
    expect(invoicesWithReference(server, reference)).toEqual([
      { id: expect.any(Number), status: 'closed', items: 3 },
    ]);
    // Sync now sends nothing more: the refused charge was never recorded.
    await deaf.locator('nav a[href="/sync"]').click();
    await deaf.getByRole('button', { name: 'Sync now' }).click();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(itemsOnStay(server, stay.id)).toBe(itemsBefore);
    expect(invoiceCount(server)).toBe(invoicesBefore + 1);
  });

  it('charges a ticket to the room once when two tabs charge it, the other one hearing nothing: it is told it was paid', async ({
    browser,
    server,
  }) => {
    const first = await tabletWithTicket(browser, server);
    const second = await deafTab(first, server);
    await expect.poll(async () => (await ticketContents(second)).length).toBe(2);
    const stay = stayIn(server, '104');
    const itemsBefore = itemsOnStay(server, stay.id);
    const salesBefore = await journalSales(first);

    const firstCharge = await openRoomCharge(first);
    const secondCharge = await openRoomCharge(second);
    await firstCharge.click();
    const reference = await chargedReference(first);
    await secondCharge.click();
    expect(await chargeOutcome(second)).toMatch(/^This ticket was already paid at \d\d:\d\d\.$/);

    await expect.poll(() => itemsOfSale(server, stay.id, reference).length, { timeout: 15_000 }).toBe(2);
    expect(await journalSales(first)).toBe(salesBefore + 1);
    await second.locator('nav a[href="/sync"]').click();
    await second.getByRole('button', { name: 'Sync now' }).click();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(itemsOnStay(server, stay.id)).toBe(itemsBefore + 2);
    // The first tab starts afresh, as after a cash sale.
    await first.getByRole('button', { name: 'New sale' }).click();
    await first.getByText('Tap a product to add it.').waitFor();
  });

  it('shows a ticket paid in another tab as paid, and a tap there starts from the shared new ticket', async ({
    browser,
    server,
  }) => {
    const { page: first } = await openTill(browser, server);
    const second = await secondTab(first, server);
    await productTile(first, 'Espresso').click();
    await expect.poll(() => ticketContents(second)).toEqual([['Espresso', '1']]);
    await openCashPayment(first);
    await first.getByRole('button', { name: 'Complete sale' }).click();
    await receiptReference(first).waitFor();

    await expect
      .poll(() => second.locator('.ticket-ended').textContent())
      .toMatch(/^This ticket was already paid at \d\d:\d\d\./);
    await productTile(second, 'Cappuccino').click();
    await expect.poll(() => ticketContents(second)).toEqual([['Cappuccino', '1']]);
    await first.getByRole('button', { name: 'New sale' }).click();
    await expect.poll(() => ticketContents(first)).toEqual([['Cappuccino', '1']]);
  });

  it('recalls a parked tab in one tab only: the other is told, and shows the recalled tab', async ({
    browser,
    server,
  }) => {
    const { page: first } = await openTill(browser, server);
    const second = await secondTab(first, server);
    await productTile(first, 'Aperol Spritz').click();
    await first.getByRole('button', { name: 'Park', exact: true }).click();
    const park = first.getByRole('dialog', { name: 'Park ticket' });
    await park.getByLabel('Name (table, guest)').fill('Table 7');
    await park.getByRole('button', { name: 'Park ticket' }).click();
    await expect.poll(() => ticketContents(second)).toEqual([]);

    // Both tabs open the list of parked tabs; the first recalls Table 7, then the second tries.
    const tabsIn = (page: Page) => page.getByRole('dialog', { name: 'Parked tickets' });
    await second.getByRole('button', { name: /^Tabs/ }).click();
    await tabsIn(second).getByRole('button', { name: 'Recall Table 7' }).waitFor();
    await first.getByRole('button', { name: /^Tabs/ }).click();
    await tabsIn(first).getByRole('button', { name: 'Recall Table 7' }).click();
    await expect.poll(() => ticketContents(first)).toEqual([['Aperol Spritz', '1']]);

    await tabsIn(second).getByRole('button', { name: 'Recall Table 7' }).click();
    await expect
      .poll(() => tabsIn(second).getByRole('alert').textContent())
      .toBe('This tab is already open on another screen.');
    await second.keyboard.press('Escape');
    await expect.poll(() => ticketContents(second)).toEqual([['Aperol Spritz', '1']]);
    expect(await second.getByRole('heading', { name: 'Tab “Table 7”' }).isVisible()).toBe(true);
    // Still one Table 7, open, and no parked copy of it.
    await second.getByRole('button', { name: /^Tabs/ }).click();
    await expect
      .poll(() =>
        tabsIn(second)
          .getByRole('button', { name: /^Recall/ })
          .count(),
      )
      .toBe(0);
  });
});

describe('the quantity pad', () => {
  it('takes 30 in one entry, says the most a line takes at a typed 1000 and at the 1000th +', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server, { viewport: { width: 1024, height: 768 } });
    await productTile(page, 'Pils 0,3 l').click();
    await page.getByRole('button', { name: 'Quantity: Pils 0,3 l' }).click();
    const pad = page.getByRole('dialog', { name: 'Quantity of Pils 0,3 l' });
    await pad.getByRole('button', { name: '3', exact: true }).click();
    await pad.getByRole('button', { name: '0', exact: true }).click();
    await screenshot(page, 'quantity-pad-1024x768');
    await pad.getByRole('button', { name: 'OK' }).click();
    expect(await ticketContents(page)).toEqual([['Pils 0,3 l', '30']]);
    expect(await ticketTotal(page)).toBe('€126.00');

    await page.getByRole('button', { name: 'Quantity: Pils 0,3 l' }).click();
    for (const key of ['1', '0', '0', '0']) await pad.getByRole('button', { name: key, exact: true }).click();
    expect(await pad.locator('.number-refusal').textContent()).toBe(
      'At most 999 per line (the PMS’s limit).',
    );
    expect(await pad.locator('.quantity-typed').textContent()).toBe('100');
    await pad.getByRole('button', { name: 'Delete' }).click();
    await pad.getByRole('button', { name: 'Delete' }).click();
    await pad.getByRole('button', { name: 'Delete' }).click();
    for (const key of ['9', '9', '9']) await pad.getByRole('button', { name: key, exact: true }).click();
    await pad.getByRole('button', { name: 'OK' }).click();
    expect(await ticketContents(page)).toEqual([['Pils 0,3 l', '999']]);

    await page.getByRole('button', { name: 'One more: Pils 0,3 l' }).click();
    await expect
      .poll(() => page.getByTestId('toast').textContent())
      .toBe('A line takes at most 999 items (the PMS’s limit).');
    expect(await ticketContents(page)).toEqual([['Pils 0,3 l', '999']]);

    // 30 in one entry reaches the PMS as one line of 30.
    await page.getByRole('button', { name: 'Quantity: Pils 0,3 l' }).click();
    for (const key of ['3', '0']) await pad.getByRole('button', { name: key, exact: true }).click();
    await pad.getByRole('button', { name: 'OK' }).click();
    await openCashPayment(page);
    await page.getByRole('button', { name: 'Complete sale' }).click();
    const reference = (await receiptReference(page).textContent()) ?? '';
    await expect
      .poll(() => receiptStatus(page).textContent(), { timeout: 15_000 })
      .toBe('Confirmed by the PMS');
    expect(invoicesWithReference(server, reference)).toEqual([
      { id: expect.any(Number), status: 'closed', items: 30 },
    ]);
  });
});

describe('counted texts', () => {
  it('says 1 item and 2 items in English, 1 Artikel and 2 Artikel in German', async ({ browser, server }) => {
    const { page } = await openTill(browser, server);
    await productTile(page, 'Espresso').click();
    expect(await page.locator('.total-items').textContent()).toBe('1 item');
    await productTile(page, 'Espresso').click();
    expect(await page.locator('.total-items').textContent()).toBe('2 items');
    await page.locator('nav a[href="/catalogue"]').click();
    await expect.poll(() => page.locator('.ticket-summary span').first().textContent()).toContain('2 items');

    const { page: german } = await openTill(browser, server, { locale: 'de-DE' });
    await productTile(german, 'Espresso').click();
    expect(await german.locator('.total-items').textContent()).toBe('1 Artikel');
    await productTile(german, 'Espresso').click();
    expect(await german.locator('.total-items').textContent()).toBe('2 Artikel');
  });
});
