// Steps of the hand-count browser test (hand-count.test.ts): a manager's approval on the tablet, a
// cash payment with the change shown, and the reads of what the day left on the till server's ledger
// and in the PMS's invoices.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Server } from '../support/browser-test.ts';
import { approvalDialog, typePin } from '../support/staff.ts';

/** A manager approves what the approval dialog asks, with their PIN. */
export async function approveAs(page: Page, manager: { name: string; pin: string }): Promise<void> {
  const dialog = approvalDialog(page);
  await dialog.locator('.lock-person', { hasText: manager.name }).click();
  await typePin(dialog, manager.pin);
}

/**
 * Pays cash on the open pay screen: `given` typed (the change shown must be `change`), or exact;
 * `approved`: Anna approves what Complete asks (a ticket discount). Answers the receipt's reference.
 */
export async function payCash(
  page: Page,
  options: { given?: string | undefined; change?: string | undefined; approved?: boolean },
): Promise<string> {
  await page.getByRole('radio', { name: 'Bar / Cash' }).check();
  if (options.given) {
    await page.getByLabel('Cash tendered').fill(options.given);
    expect(await page.getByTestId('change-due').textContent()).toBe(`Change: ${options.change}`);
  }
  await page.getByRole('button', { name: 'Complete sale' }).click();
  if (options.approved) await approveAs(page, { name: 'Anna', pin: '9999' });
  const shown = page.locator('.receipt-panel').getByTestId('receipt-reference');
  await shown.waitFor({ timeout: 20_000 });
  const reference = (await shown.textContent()) ?? '';
  await page.getByRole('button', { name: /^(New sale|Back to the rest of the ticket)$/ }).click();
  return reference;
}

/**
 * The PMS invoices of a sale, each with its payment method and items; in Germany the invoice's
 * reference names the sale's TSE transaction too ("553M-2 TSE-TA 1"): `signed` says it does.
 */
export function pmsInvoicesOf(server: Server, reference: string) {
  const db = server.hotel!.db;
  const invoices = db
    .prepare(
      `SELECT id, reference, status, payment_method_id AS method FROM invoices
        WHERE reference = ? OR reference LIKE ? || ' %'`,
    )
    .all(reference, reference) as { id: number; reference: string; status: string; method: number }[];
  return invoices.map(({ id, reference: named, ...invoice }) => ({
    ...invoice,
    signed: new RegExp(`^${reference} TSE-TA \\d+$`).test(named),
    items: db
      .prepare(
        'SELECT name, quantity, price_cents AS cents FROM invoice_items WHERE invoice_id = ? ORDER BY id',
      )
      .all(id),
  }));
}

/** The ledger's records of a sale kind, counted by kind (shift events left out). */
export function ledgerKinds(server: Server) {
  return server.hub.db
    .prepare(
      `SELECT kind, count(*) AS n FROM ledger_sales
        WHERE kind IN ('sale', 'room-charge', 'void', 'take-back', 'refund') GROUP BY kind ORDER BY kind`,
    )
    .all();
}

/** The managers' approvals the ledger spent on the sale `reference`, by action. */
export function ledgerApprovals(server: Server, reference: string) {
  return server.hub.db
    .prepare(
      `SELECT a.action, a.manager_name AS manager FROM ledger_approvals a
         JOIN ledger_sales s ON s.seq = a.sale_seq WHERE s.reference = ? ORDER BY a.action`,
    )
    .all(reference);
}
