// axe on the admin pages (issue 33): `/admin`, `/admin/day` and `/admin/printers`, as a manager sees
// them on the server machine (a printer double as the bar's receipt printer and the demo's, a card terminal, one receipt printed, then
// paper out with one waiting, two sales on the day), run with axe-core in Chromium at 1024×768 and 768×1024; any violation fails, named with its nodes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { type PrinterDouble, startPrinterDouble } from '../../src/server/printing/printer-double.ts';
import { openFreshContext } from '../support/browser.ts';
import { openTill, tillTest } from '../support/browser-test.ts';
import { printerAt } from '../support/printers.ts';
import { terminalAt } from '../support/terminals.ts';
import { productTile } from './till.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The bar's receipt printer is the demo's double too: /admin/printers then shows its slips.
const receipts: PrinterDouble = await startPrinterDouble();
const it = tillTest({
  server: { printQueue: { retryMs: 200, timeoutMs: 1000 }, printerDouble: receipts },
  setUp: async (server) => {
    server.printing.printers.add(printerAt(receipts));
    // a card terminal (nothing listens on port 9): /admin lists it, /admin/day has its end-of-day section
    server.cards.terminals.add(terminalAt({ host: '127.0.0.1', port: 9 }, { name: 'Bar terminal' }));
    return () => receipts.close();
  },
});

/** Each violation as "rule: target, target" (axe's own evaluation, injected past the page's CSP). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe;
    return (await axe.run()).violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  });
  return violations;
}
interface AxeResults {
  violations: { id: string; nodes: { target: string[] }[] }[];
}

describe('the admin pages under axe', () => {
  it('have no violation on /admin, /admin/day and /admin/printers', async ({ browser, server }) => {
    // A day with a sale (the hours chart and the X report have rows) and a printed receipt (the jobs list).
    const { page: till } = await openTill(browser, server);
    await productTile(till, 'Pils 0,3 l').click();
    await till.getByRole('button', { name: /^Pay/ }).click();
    await till.getByRole('radio', { name: 'Bar / Cash' }).check();
    await till.getByRole('button', { name: 'Complete sale' }).click();
    await till.locator('.receipt-panel').getByTestId('receipt-reference').waitFor();
    await expect
      .poll(() => server.printing.queue.jobs({ state: 'printed' }).length, { timeout: 15_000 })
      .toBe(1);

    const context = await openFreshContext(browser, { locale: 'en-GB' });
    const admin = await context.newPage();
    const found: Record<string, string[]> = {};
    for (const [width, height] of [
      [1024, 768],
      [768, 1024],
    ] as const) {
      await admin.setViewportSize({ width, height });
      for (const path of ['/admin', '/admin/day', '/admin/printers']) {
        await admin.goto(`${server.url}${path}`);
        const violations = await axeViolations(admin);
        if (violations.length > 0) found[`${path} at ${width}×${height}`] = violations;
      }
    }
    expect(found).toEqual({});
    await context.close();
  });
});
