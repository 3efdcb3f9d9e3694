// Manager approvals in Chromium, on a server with the demo staff: a waiter cannot void a sale or
// close a shift with sales still pending without a manager's PIN on the same tablet, offline too;
// cancelled, nothing happens; a wrong PIN is refused and counted. Every sale, void and close reaches
// the audit log once, naming the waiter, the approving manager and the tablet. The sales voided
// here were refused by the PMS (a product no longer bookable through the interface), so they wait
// in "Needs attention", where staff void them.

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { staffBrowserTest as it, openTill, type Server } from '../support/browser-test.ts';
import { ANNA, approvalDialog, JONAS, MIA, typePin } from '../support/staff.ts';
import { sellForCash } from './chaos-ui.ts';

const saleCard = (page: Page, reference: string) =>
  page.locator(`article.sync-sale[data-reference="${reference}"]`);

async function startVoid(page: Page, reference: string) {
  await page.locator('nav a[href="/sync"]').click();
  const card = saleCard(page, reference);
  await card.getByRole('button', { name: 'Void…' }).click({ timeout: 20_000 });
  await card.getByLabel('Reason for voiding').fill('guest changed their mind');
  await card.getByRole('button', { name: 'Void sale' }).click();
  return card;
}

const audit = (server: Server, kind: string) => server.hub.audit.list({ kind });

/** The PMS stops taking `number` through the interface (the tablet still has it in its catalogue). */
const notBookable = (server: Server, number: string) =>
  server.hotel!.db.prepare('UPDATE products SET bookable_via_api = 0 WHERE number = ?').run(number);

describe('voiding a sale', () => {
  it("needs a manager's PIN when a waiter voids, offline too; cancelled or a wrong PIN, nothing is voided", async ({
    browser,
    server,
  }) => {
    const { context, page, deviceId } = await openTill(browser, server, {
      pair: { name: 'Bar 2' },
      signIn: MIA,
    });
    notBookable(server, 'B-101');
    await page.locator('nav a[href="/"]').click();
    const { reference } = await sellForCash(page, server, ['B-100', 'B-101']);
    await page.locator('nav a[href="/sync"]').click();
    await saleCard(page, reference).getByRole('button', { name: 'Void…' }).waitFor({ timeout: 20_000 });
    await context.setOffline(true); // the approval works offline: the PIN is checked on the tablet

    const card = await startVoid(page, reference);
    const dialog = approvalDialog(page);
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Void sale ${reference} (€9.40)`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await card.getAttribute('data-status')).toBe('needs-attention');

    await card.getByRole('button', { name: 'Void sale' }).click();
    await dialog.waitFor();
    await typePin(dialog, '0000');
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Wrong PIN. Try again.');
    expect(await card.getAttribute('data-status')).toBe('needs-attention');
    await typePin(dialog, '9999');
    await expect.poll(() => saleCard(page, reference).getAttribute('data-status')).toBe('voided');

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    // sent on 'online'; a send that met the network still coming back goes again with the 30 s
    // timer (staff-sync.ts REPORTS_EVERY_MS): failed once in a loaded whole run at 15 s
    await expect.poll(() => audit(server, 'void_sale').length, { timeout: 40_000 }).toBe(1);
    expect(audit(server, 'void_sale')[0]).toMatchObject({
      staffName: 'Mia',
      approvedBy: 'Anna',
      deviceId: deviceId,
      deviceName: 'Bar 2',
      amountCents: 940,
    });
    // the sale itself is a record of the sales ledger (its first step), no longer an audit report
    await expect
      .poll(() => audit(server, 'sale_recorded').filter((row) => row.note?.includes(` ${reference}:`)).length)
      .toBe(1);
    expect(audit(server, 'pin_failed').filter((row) => row.deviceId === deviceId)).toHaveLength(1);
    // Voided before it was sent: the PMS never saw it.
    expect(
      server
        .hotel!.db.prepare('SELECT count(*) AS n FROM invoice_items WHERE name LIKE ?')
        .get(`%${reference}%`),
    ).toEqual({ n: 0 });
  });

  it('a manager signed in voids without being asked again; the approval names them', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server, { pair: { name: 'Bar 3' }, signIn: ANNA });
    notBookable(server, 'B-102');
    await page.locator('nav a[href="/"]').click();
    const { reference } = await sellForCash(page, server, ['B-102']);
    await startVoid(page, reference);
    await expect.poll(() => saleCard(page, reference).getAttribute('data-status')).toBe('voided');
    expect(await approvalDialog(page).count()).toBe(0);
    await expect
      .poll(() => audit(server, 'void_sale').find((row) => row.note?.startsWith(reference))?.approvedBy, {
        timeout: 15_000,
      })
      .toBe('Anna');
  });
});

describe('closing the shift', () => {
  it("with sales not yet in the PMS needs a manager's PIN, and is on record with the approver", async ({
    browser,
    server,
  }) => {
    const { context, page, deviceId } = await openTill(browser, server, {
      pair: { name: 'Bar 4' },
      signIn: JONAS,
    });
    await context.setOffline(true);
    await page.locator('nav a[href="/"]').click();
    await sellForCash(page, server, ['B-100']);
    await page.locator('nav a[href="/report"]').click();
    await page.getByRole('button', { name: 'Close shift', exact: true }).click();
    await page.getByRole('button', { name: 'Close shift anyway' }).click();
    const dialog = approvalDialog(page);
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Close the shift with sales not yet in the PMS');
    await typePin(dialog, '9999');
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/closed/i);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    // the close is a record of the sales ledger, with its approval spent there
    const closes = () =>
      audit(server, 'sale_recorded').filter(
        (row) => row.deviceId === deviceId && row.note?.startsWith('shift-close '),
      );
    await expect.poll(() => closes(), { timeout: 15_000 }).toHaveLength(1);
    expect(closes()[0]).toMatchObject({ staffName: 'Jonas', approvedBy: 'Anna' });
  });
});
