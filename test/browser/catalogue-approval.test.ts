// The catalogue is a manager's section (issue 14), in Chromium against a server with the demo staff
// (Mia, waiter 1111; Anna, manager 9999): Mia may browse it, but a new product or commodity group
// asks for a manager's PIN; cancelled, the PMS gets nothing and the form says so; with Anna's PIN it
// is created once, and the audit log names Mia and Anna. Anna signed in creates without being
// asked. Who may approve: managers only (the dialog lists no waiter; the gateway refuses a change
// without an approval: test/server/staff/catalogue-approvals.test.ts).

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { type Server, type Tablet, tillTest } from '../support/browser-test.ts';
import { approvalDialog, signIn, typePin } from '../support/staff.ts';
import { searchField } from './till.ts';

const it = tillTest({
  staff: true,
  policy: { idleLockMinutes: 30 },
  tablet: { pair: { name: 'Bar 1' }, until: 'service-worker' },
});
let till: Tablet;
let server: Server;
let page: Page;

it.beforeAll(async ({ tablet, server: started }) => {
  till = tablet;
  ({ page } = tablet);
  server = started;
});

const productForm = () => page.getByRole('dialog', { name: 'New product' });
const groupForm = () => page.getByRole('dialog', { name: 'New commodity group' });
const productsNumbered = (number: string) =>
  server.hotel!.db.prepare('SELECT name, price_cents FROM products WHERE number = ?').all(number);
const groupsNamed = (name: string) =>
  server.hotel!.db.prepare('SELECT id FROM commodity_groups WHERE name = ?').all(name);
const catalogueChanges = () => server.hub.audit.list({ kind: 'catalogue_change' });

async function fillProduct() {
  await page.getByRole('button', { name: 'New product' }).click();
  const form = productForm();
  await form.getByLabel('Name').fill('Espresso Tonic');
  await form.getByLabel('Article number (optional)').fill('B-150');
  await form.getByLabel('Price (incl. VAT)').fill('6,40');
  await form.getByLabel('Commodity group').selectOption({ label: 'Bar' });
  await form.getByLabel('Tax class').selectOption({ label: 'USt 20 %' });
}

describe('the catalogue on a till with staff', () => {
  it('lets Mia, a waiter, browse it: after Report in the navigation, saying that changes are a manager’s', async () => {
    await signIn(page, 'Mia', '1111');
    const status = page.getByTestId('refresh-status');
    await expect.poll(() => status.getAttribute('data-refreshed'), { timeout: 15_000 }).toBe('true');
    const sections = await page
      .locator('nav.nav-bar a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(sections.indexOf('/catalogue')).toBe(sections.indexOf('/report') + 1);
    await page.locator('nav a[href="/catalogue"]').click();
    await page.locator('.catalogue-note').waitFor(); // the register has a search field too: wait for the catalogue's
    await searchField(page).fill('hugo');
    await expect.poll(() => page.locator('.product-name').allTextContents()).toEqual(['Hugo']);
    expect(await page.locator('.catalogue-note').textContent()).toBe(
      'New products and groups are a manager’s: a manager approves each with their PIN.',
    );
  });

  it('asks for a manager when Mia creates a product; cancelled, nothing is created and the form says so', async () => {
    await fillProduct();
    await productForm().getByRole('button', { name: 'Create product' }).click();
    const dialog = approvalDialog(page);
    await dialog.waitFor();
    expect(await dialog.locator('.approval-what').textContent()).toBe(
      'New product “Espresso Tonic” at €6.40',
    );
    expect(await dialog.locator('.lock-person').allTextContents()).toEqual(['Anna']);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => productForm().getByRole('alert').textContent())
      .toBe('Nothing was created: a manager did not approve it.');
    expect(productsNumbered('B-150')).toEqual([]);
  });

  it("creates it once with Anna's PIN, on record with Mia and Anna", async () => {
    await productForm().getByRole('button', { name: 'Create product' }).click();
    const dialog = approvalDialog(page);
    await dialog.waitFor();
    await typePin(dialog, '9999');
    await expect
      .poll(() => page.getByTestId('toast').textContent())
      .toBe('Product “Espresso Tonic” created.');
    expect(productsNumbered('B-150')).toEqual([{ name: 'Espresso Tonic', price_cents: 640 }]);
    await expect.poll(() => catalogueChanges().length, { timeout: 15_000 }).toBe(1);
    expect(catalogueChanges()[0]).toMatchObject({
      staffName: 'Mia',
      approvedBy: 'Anna',
      deviceId: till.deviceId,
      amountCents: 640,
    });
    expect(server.hub.audit.list({ kind: 'approval_refused' })).toEqual([]);
  });

  it('asks for a manager for a new group too; cancelled, there is no such group', async () => {
    await page.getByRole('button', { name: 'New group' }).click();
    await groupForm().getByLabel('Name', { exact: true }).fill('Cocktails');
    await groupForm().getByRole('button', { name: 'Create group' }).click();
    const dialog = approvalDialog(page);
    await dialog.waitFor();
    expect(await dialog.locator('.approval-what').textContent()).toBe('New commodity group “Cocktails”');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => groupForm().getByRole('alert').textContent())
      .toBe('Nothing was created: a manager did not approve it.');
    expect(groupsNamed('Cocktails')).toEqual([]);
    await groupForm().getByRole('button', { name: 'Close' }).click();
  });

  it('lets Anna, a manager, create a group without being asked', async () => {
    await page.getByRole('button', { name: /Lock/ }).click();
    await signIn(page, 'Anna', '9999');
    await page.locator('nav a[href="/catalogue"]').click();
    expect(await page.locator('.catalogue-note').count()).toBe(0);
    await page.getByRole('button', { name: 'New group' }).click();
    await groupForm().getByLabel('Name', { exact: true }).fill('Cocktails');
    await groupForm().getByRole('button', { name: 'Create group' }).click();
    await expect
      .poll(() => page.getByTestId('toast').textContent())
      .toBe('Commodity group “Cocktails” created.');
    expect(await approvalDialog(page).count()).toBe(0);
    expect(groupsNamed('Cocktails')).toHaveLength(1);
    await expect.poll(() => catalogueChanges().length, { timeout: 15_000 }).toBe(2);
    expect(catalogueChanges().find((row) => row.note?.includes('Cocktails'))).toMatchObject({
      staffName: 'Anna',
      approvedBy: 'Anna',
    });
    expect(till.errors).toEqual([]);
  });
});
