// An open price above the outlet's limit on a till with staff (issue 14, problem 8), in Chromium
// against a server with the demo staff (Mia, waiter 1111; Anna, manager 9999) and a bar limit of
// €100.00: Mia types €250.00, a manager approves it with her PIN, and the sale reaches the PMS at
// that price exactly once, its approval accepted by the gateway. Cancelled, nothing is added. Who
// may approve: managers only (the dialog lists no waiter; the gateway refuses a line without an
// approval: test/server/staff/approvals.test.ts). The limit holds for the line's total (issue 21):
// €60.00 raised to 2 asks a manager for €120.00, and the sale goes through without attention; an
// approved open price paid as a part of its own is a sale of its own, approved for that sale.

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { type Server, tillTest } from '../support/browser-test.ts';
import { answerFloat, typePin as typePinOn } from '../support/staff.ts';
import { productTile, ticketContents } from './till.ts';

const it = tillTest({
  staff: true,
  policy: { openPriceLimitCents: 10_000, idleLockMinutes: 30 },
  tablet: { pair: { name: 'Bar 1' }, until: 'service-worker' },
});
let server: Server;
let page: Page;

it.beforeAll(async ({ tablet, server: started }) => {
  ({ page } = tablet);
  server = started;
});

const typePin = (pin: string) => typePinOn(page, pin);
/** Leaves the last sale's receipt for a new ticket, when one shows. */
async function newSale() {
  const button = page.getByRole('button', { name: 'New sale' });
  if (await button.isVisible()) await button.click();
}
const approvalDialog = () => page.getByTestId('approval-dialog');
const openPriceDialog = () => page.getByRole('dialog', { name: 'Open-price item' });

async function typeOpenPrice(amount: string) {
  if (!(await openPriceDialog().isVisible())) await productTile(page, 'Ladestation').click();
  await openPriceDialog().getByLabel('Amount').fill(amount);
  await openPriceDialog().getByRole('button', { name: 'Add to ticket' }).click();
}

describe('an open price above the outlet limit, with staff', () => {
  it('signs Mia in and opens the register', async () => {
    await page.locator('.lock-person', { hasText: 'Mia' }).click({ timeout: 15_000 });
    await typePin('1111');
    await expect.poll(() => page.locator('.app-staff-name').textContent()).toBe('Mia');
    await answerFloat(page, null);
    // the catalogue fetched from the PMS and cached (the refresh counts as running until it is cached)
    const status = page.getByTestId('refresh-status');
    await expect
      .poll(async () => [
        await status.getAttribute('data-refreshed'),
        await status.getAttribute('data-running'),
      ])
      .toEqual(['true', 'false']);
    await page.locator('nav a[href="/"]').click();
  });

  it('adds nothing when the approval is cancelled, and says why', async () => {
    await typeOpenPrice('250');
    await expect.poll(() => approvalDialog().isVisible()).toBe(true);
    expect(await approvalDialog().locator('.approval-what').textContent()).toMatch(/^Open price €250\.00/);
    const managers = await approvalDialog().locator('.lock-person').allTextContents();
    expect(managers).toEqual(['Anna']); // only managers may approve
    await approvalDialog().getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => openPriceDialog().getByRole('alert').textContent())
      .toBe('Not added: an open price above €100.00 needs a manager’s approval.');
    expect(await ticketContents(page)).toEqual([]);
  });

  it('adds it once a manager approves, and the PMS takes the line at that price, once', async () => {
    await typeOpenPrice('250');
    await approvalDialog().locator('.lock-person', { hasText: 'Anna' }).click();
    await typePin('9999');
    await expect.poll(() => ticketContents(page)).toEqual([['Ladestation / Charging station', '1']]);

    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('radio', { name: 'Bar / Cash' }).check();
    await page.getByRole('button', { name: 'Complete sale' }).click();
    const reference = page.locator('.receipt-panel').getByTestId('receipt-reference');
    const saleReference = (await reference.textContent()) ?? '';
    const items = () =>
      server
        .hotel!.db.prepare(
          `SELECT i.quantity, i.price_cents, v.status FROM invoice_items i JOIN invoices v ON v.id = i.invoice_id
           WHERE v.reference = ?`,
        )
        .all(saleReference);
    await expect
      .poll(items, { timeout: 15_000 })
      .toEqual([{ quantity: 1, price_cents: 25_000, status: 'closed' }]);
    expect(server.hub.audit.list({ kind: 'approval_refused' })).toEqual([]);
  });

  it('asks a manager when a quantity raises an open price past the limit, and the PMS takes the line at that total', async () => {
    await newSale();
    await typeOpenPrice('60'); // within the limit: added without asking
    await expect.poll(() => ticketContents(page)).toEqual([['Ladestation / Charging station', '1']]);
    expect(await approvalDialog().isVisible()).toBe(false);
    const oneMore = page.getByRole('button', { name: 'One more: Ladestation / Charging station' });

    await oneMore.click();
    await expect.poll(() => approvalDialog().isVisible()).toBe(true);
    expect(await approvalDialog().locator('.approval-what').textContent()).toBe(
      'Open price €120.00: 2 × Ladestation / Charging station',
    );
    await approvalDialog().getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => page.getByTestId('toast').textContent())
      .toBe('Quantity not changed: an open price above €100.00 needs a manager’s approval.');
    expect(await ticketContents(page)).toEqual([['Ladestation / Charging station', '1']]);

    await oneMore.click();
    await approvalDialog().locator('.lock-person', { hasText: 'Anna' }).click();
    await typePin('9999');
    await expect.poll(() => ticketContents(page)).toEqual([['Ladestation / Charging station', '2']]);

    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('radio', { name: 'Bar / Cash' }).check();
    await page.getByRole('button', { name: 'Complete sale' }).click();
    const reference = page.locator('.receipt-panel').getByTestId('receipt-reference');
    const saleReference = (await reference.textContent()) ?? '';
    const items = () =>
      server
        .hotel!.db.prepare(
          `SELECT i.quantity, i.price_cents, v.status FROM invoice_items i JOIN invoices v ON v.id = i.invoice_id
           WHERE v.reference = ?`,
        )
        .all(saleReference);
    await expect
      .poll(items, { timeout: 15_000 })
      .toEqual([{ quantity: 2, price_cents: 6_000, status: 'closed' }]);
    expect(server.hub.audit.list({ kind: 'approval_refused' })).toEqual([]);
  });

  it('asks a manager again when an approved open price is paid as a part of its own: the part is a sale of its own', async () => {
    await newSale();
    await typeOpenPrice('250');
    await approvalDialog().locator('.lock-person', { hasText: 'Anna' }).click();
    await typePin('9999');
    await productTile(page, 'Pils 0,3 l').click();
    await expect.poll(() => ticketContents(page)).toHaveLength(2);

    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('button', { name: 'By lines' }).click();
    await page.getByRole('button', { name: 'One more Ladestation / Charging station in this part' }).click();
    await page.getByRole('radio', { name: 'Bar / Cash' }).check();
    await page.getByRole('button', { name: 'Complete sale' }).click();
    const reference = page.locator('.receipt-panel').getByTestId('receipt-reference');
    // The ticket's approval names the ticket's sale, not this part's: a manager is asked for the part.
    await approvalDialog().or(reference).first().waitFor();
    const asked = await approvalDialog().isVisible();
    const what = asked ? await approvalDialog().locator('.approval-what').textContent() : null;
    if (asked) {
      await approvalDialog().locator('.lock-person', { hasText: 'Anna' }).click();
      await typePin('9999');
    }
    const saleReference = (await reference.textContent()) ?? '';
    const items = () =>
      server
        .hotel!.db.prepare(
          `SELECT i.quantity, i.price_cents, v.status FROM invoice_items i JOIN invoices v ON v.id = i.invoice_id
           WHERE v.reference = ?`,
        )
        .all(saleReference);
    await expect
      .poll(items, { timeout: 15_000 })
      .toEqual([{ quantity: 1, price_cents: 25_000, status: 'closed' }]);
    expect(server.hub.audit.list({ kind: 'approval_refused' })).toEqual([]);
    expect(what).toBe('Open price €250.00: Ladestation / Charging station');
  });
});
