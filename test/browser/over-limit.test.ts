// A sale above the outlet's limit on a till with staff (issue 30), in Chromium against a server with
// the demo staff (Mia, waiter 1111; Anna, manager 9999) and a bar sale limit of €20.00 set on the
// server: paying €31.00 asks a manager for an over_limit approval in the approval dialog before
// anything is recorded; cancelled, the ticket stays and nothing is recorded; approved, the till
// server's ledger takes the sale with Anna's over_limit approval (before, the tablet recorded it and
// the server refused it with limit_exceeded, after the guest had paid).

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/ledger/bounds.ts';
import { type Server, tillTest } from '../support/browser-test.ts';
import { answerFloat, approvalDialog, typePin } from '../support/staff.ts';
import { productTile, ticketContents } from './till.ts';

const it = tillTest({
  staff: true,
  setUp: (server) => {
    server.hub.ledger.limits.set('bar', { ...DEFAULT_LIMITS, saleLimitCents: 2_000 });
  },
  tablet: { pair: { name: 'Bar 1' }, until: 'service-worker' },
});
let server: Server;
let page: Page;

it.beforeAll(async ({ tablet, server: started }) => {
  ({ page } = tablet);
  server = started;
});

const ledgerApprovals = (reference: string) =>
  server.hub.db
    .prepare(
      `SELECT a.action, a.amount_cents AS amountCents, a.manager_name AS manager FROM ledger_approvals a
         JOIN ledger_sales s ON s.seq = a.sale_seq WHERE s.reference = ?`,
    )
    .all(reference);
const recordedCount = () =>
  (
    server.hub.db.prepare('SELECT COUNT(*) AS n FROM ledger_sales WHERE kind = ?').get('sale') as {
      n: number;
    }
  ).n;

describe('a sale above the outlet’s limit, with staff', () => {
  it('signs Mia in and rings up €31.00', async () => {
    await page.locator('.lock-person', { hasText: 'Mia' }).click({ timeout: 15_000 });
    await typePin(page, '1111');
    await expect.poll(() => page.locator('.app-staff-name').textContent()).toBe('Mia');
    await answerFloat(page, null);
    await page.locator('nav a[href="/"]').click();
    await productTile(page, 'Club Sandwich').click();
    await productTile(page, 'Club Sandwich').click();
    expect(await page.getByTestId('ticket-total').textContent()).toBe('€31.00');
  });

  it('asks a manager before recording; cancelled, the ticket stays and nothing is recorded', async () => {
    const before = recordedCount();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('radio', { name: 'Bar / Cash' }).check();
    await page.getByRole('button', { name: 'Complete sale' }).click();
    await expect.poll(() => approvalDialog(page).isVisible()).toBe(true);
    expect(await approvalDialog(page).locator('.approval-what').textContent()).toMatch(
      /^€31\.00 is above this outlet’s limit of €20\.00: a manager approves it\./,
    );
    await approvalDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() =>
        page.locator('.pay-panel').getByText('Not approved: the sale is above this outlet’s limit.').count(),
      )
      .toBe(1);
    await page.getByRole('button', { name: 'Back to ticket' }).first().click();
    expect(await ticketContents(page)).toEqual([['Club Sandwich', '2']]);
    expect(recordedCount()).toBe(before);
  });

  it('records it once Anna approves, and the ledger takes it with her over_limit approval', async () => {
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('radio', { name: 'Bar / Cash' }).check();
    await page.getByRole('button', { name: 'Complete sale' }).click();
    await approvalDialog(page).locator('.lock-person', { hasText: 'Anna' }).click();
    await typePin(approvalDialog(page), '9999');
    const referenceText = page.locator('.receipt-panel').getByTestId('receipt-reference');
    await referenceText.waitFor({ timeout: 15_000 });
    const reference = (await referenceText.textContent()) ?? '';
    await expect
      .poll(() => ledgerApprovals(reference), { timeout: 30_000 })
      .toEqual([{ action: 'over_limit', amountCents: 3_100, manager: 'Anna' }]);
  });
});
