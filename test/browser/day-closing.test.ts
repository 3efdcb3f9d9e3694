// The day closing on a tablet in Chromium, on a server with the demo staff: a waiter signed in sees
// no figures and cannot open it without a manager's PIN (cancelled, nothing is read; the server
// refuses the tablet without a manager's approval); a manager (Anna) signed in reads the X report,
// counts the drawer by denomination (short shown before saving and stored on the server) and
// closes the day: the Z number shows, and the server's z_closings holds that Z with the sale.

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { staffBrowserTest as it, openTill } from '../support/browser-test.ts';
import { approvalDialog, MIA, signIn } from '../support/staff.ts';
import { sellForCash } from './chaos-ui.ts';

describe('day closing', () => {
  it('a waiter cannot read or close the Z; a manager counts the drawer and closes it', async ({
    browser,
    server,
  }) => {
    const { context, page } = await openTill(browser, server, { pair: { name: 'Bar 7' }, signIn: MIA });

    await page.locator('nav a[href="/"]').click();
    await sellForCash(page, server, ['B-100']);
    const db = server.hub.db;
    const ledgerGross = () =>
      (
        db.prepare(`SELECT TOTAL(total_cents) AS cents FROM ledger_sales WHERE kind = 'sale'`).get() as {
          cents: number;
        }
      ).cents;
    await expect.poll(ledgerGross, { timeout: 15_000 }).toBeGreaterThan(0);
    const gross = ledgerGross();

    // The waiter: the panel offers only a manager's approval; cancelled, no figure is shown.
    await page.locator('nav a[href="/report"]').click();
    const panel = page.getByTestId('day-closing');
    await panel.getByRole('button', { name: 'Open the day closing' }).click();
    const dialog = approvalDialog(page);
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Day closing');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await panel.getByTestId('day-by-payment').count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Close the day (Z)' }).count()).toBe(0);
    // Without a manager's approval the server refuses this tablet, to read and to close.
    const refused = await page.evaluate(async () => {
      const read = await fetch('/till/closing', { headers: { 'x-till-request-id': crypto.randomUUID() } });
      const close = await fetch('/till/closing/z', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-till-request-id': crypto.randomUUID() },
        body: JSON.stringify({ upToSeq: 1 }),
      });
      return [read.status, close.status];
    });
    expect(refused.every((code) => code === 403 || code === 400)).toBe(true);
    expect(refused[0]).toBe(403);
    expect(db.prepare('SELECT count(*) AS n FROM z_closings').get()).toEqual({ n: 0 });

    // The manager signs in: no PIN asked again; the X report shows the sale.
    await page.locator('.app-staff-lock').click();
    await signIn(page, 'Anna', '9999');
    await page.locator('nav a[href="/report"]').click();
    await panel.getByRole('button', { name: 'Open the day closing' }).click();
    await panel.getByTestId('day-by-payment').waitFor({ timeout: 15_000 });
    expect(await approvalDialog(page).count()).toBe(0);
    const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
    expect(await panel.getByTestId('day-gross').textContent()).toBe(euros(gross));
    expect(await panel.locator('[data-method="cash"] td').nth(1).textContent()).toBe(euros(gross));
    expect(await panel.getByTestId('day-by-vat').locator('tbody tr').count()).toBeGreaterThan(0);
    // No receipt printer at the bar: nothing to print the X at.
    expect(await panel.getByTestId('print-x').count()).toBe(0);

    // Count the drawer one euro short: the panel says so before saving, the server keeps it.
    const drawer = panel.getByTestId('day-drawer').first();
    expect(await drawer.getByTestId('drawer-expected').textContent()).toBe(euros(gross));
    expect(await drawer.getByTestId('drawer-counted').textContent()).toBe('Not counted yet');
    await drawer.getByRole('button', { name: /^Count / }).click();
    const short = gross - 100;
    let rest = short;
    for (const cents of [50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50, 20, 10, 5, 2, 1]) {
      const n = Math.floor(rest / cents);
      rest -= n * cents;
      if (n > 0) await drawer.locator(`input[data-cents="${cents}"]`).fill(String(n));
    }
    expect(await drawer.getByTestId('count-preview').textContent()).toContain('Short €1.00');
    await drawer.getByRole('button', { name: 'Save count' }).click();
    await expect
      .poll(() => drawer.getByTestId('drawer-counted').textContent(), { timeout: 15_000 })
      .toBe(`Counted ${euros(short)} · Short €1.00`);
    expect(
      db.prepare('SELECT counted_cents AS counted, difference_cents AS difference FROM cash_counts').all(),
    ).toEqual([{ counted: short, difference: -100 }]);

    // It fits a tablet either way round: nothing wider than the screen (a picture of each in the temp folder).
    for (const [width, height] of [
      [1024, 768],
      [768, 1024],
    ] as const) {
      await page.setViewportSize({ width, height });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await panel.screenshot({ path: join(tmpdir(), `day-closing-${width}x${height}.png`) });
    }

    // Close the day: the Z number shows, and the server has the Z with the sale.
    await panel.getByRole('button', { name: 'Close the day (Z)' }).click();
    await panel.getByRole('button', { name: 'Yes, close the day' }).click();
    await expect
      .poll(() => panel.getByTestId('z-number').textContent(), { timeout: 15_000 })
      .toBe('Day closed: Z 1');
    expect(
      db
        .prepare(
          `SELECT z_number AS z, gross_cents AS gross, closed_by_name AS who FROM z_closings WHERE scope = '*'`,
        )
        .all(),
    ).toEqual([{ z: 1, gross, who: 'Anna' }]);
    await context.close();
  });
});
