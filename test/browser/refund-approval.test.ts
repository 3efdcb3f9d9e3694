// Refunding a confirmed cash sale on a till with staff (issue 14, problem 9 refund part), in
// Chromium (run `npx vite build` first), against a server with the demo staff (Mia, waiter 1111;
// Anna, manager 9999): a waiter's refund waits for a manager's PIN; cancelling the approval refunds
// nothing; with Anna's PIN the slip shows, and the tablet's queued audit report carries the approval,
// which the server checks and records once, approved by Anna.

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { type Server, tillTest } from '../support/browser-test.ts';
import { answerFloat, typePin as typePinOn } from '../support/staff.ts';
import { productTile } from './till.ts';

const it = tillTest({ staff: true, tablet: { pair: { name: 'Bar 1' }, until: 'service-worker' } });
let server: Server;
let page: Page;
let errors: string[];

it.beforeAll(async ({ tablet, server: started }) => {
  ({ page, errors } = tablet);
  server = started;
});

const typePin = (pin: string) => typePinOn(page, pin);

describe('a refund on a till with staff', () => {
  it('needs a manager’s PIN, refunds nothing when cancelled, and reaches the audit log with the approval', async () => {
    await page.locator('.lock-person', { hasText: 'Mia' }).click({ timeout: 15_000 });
    await typePin('1111');
    await answerFloat(page, null);
    await productTile(page, 'Pils 0,3 l').click();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('radio', { name: 'Bar / Cash' }).check();
    await page.getByRole('button', { name: 'Complete sale' }).click();
    const reference =
      (await page.locator('.receipt-panel').getByTestId('receipt-reference').textContent()) ?? '';
    await page.getByRole('button', { name: 'New sale' }).click();

    await page.getByRole('navigation').getByRole('link', { name: 'Report', exact: true }).click();
    const row = page.getByTestId('shift-receipts').locator(`li[data-reference="${reference}"]`);
    await row.getByRole('button', { name: 'Refund…' }).click({ timeout: 15_000 });
    await page.getByLabel('Why is the sale refunded?').fill('Spilled');
    const confirm = page.getByRole('button', { name: 'Refund €4.20 and print the slip' });
    await confirm.click();
    const dialog = page.getByTestId('approval-dialog');
    expect(await dialog.locator('.approval-what').textContent()).toBe(`Refund sale ${reference} (€4.20)`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await row.textContent()).not.toContain('Refunded');
    expect(await page.getByTestId('cancellation-slip').count()).toBe(0);

    await confirm.click();
    await dialog.locator('.lock-person', { hasText: 'Anna' }).click();
    await typePin('9999');
    await page.locator('.report-slip [data-testid="cancellation-slip"]').waitFor();
    await expect.poll(() => row.textContent()).toContain('Refunded');

    // The refund is a record of the sales ledger (its one step): the server checks the approval and
    // spends it there, once, approved by Anna.
    const refunds = () =>
      server.hub.audit.list({ kind: 'sale_recorded' }).filter((row) => row.note?.startsWith('refund '));
    await expect.poll(() => refunds().length, { timeout: 15_000 }).toBe(1);
    expect(refunds()[0]).toMatchObject({ staffName: 'Mia', approvedBy: 'Anna', amountCents: -420 });
    const used = server.hub.audit.list({ kind: 'approval_used' });
    expect(used.filter((row) => row.subject === refunds()[0]?.subject)).toMatchObject([
      { approvedBy: 'Anna' },
    ]);
    expect(server.hub.audit.list({ kind: 'approval_refused' })).toEqual([]);
    expect(errors).toEqual([]);
  });
});
