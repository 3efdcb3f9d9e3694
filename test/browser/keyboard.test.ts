// Keyboard and focus on the register (issue 22, the accessibility audit), in Chromium: Space presses
// the focused button (a product) instead of typing into the search; "Skip to the ticket" is the
// first Tab stop and reaches the ticket; a dialog opens with the focus on its field, not on its ×;
// the quantity pad takes typed digits; Escape leaves the pay screen; the focus ring is at least 3:1
// on white and not the quick keys' brass.

import { expect } from 'vitest';
import { browserTest as it, openTill } from '../support/browser-test.ts';
import { productTile } from './till.ts';

it('works from the keyboard: Space on a product, skip to the ticket, dialogs, the quantity pad, Escape', async ({
  browser,
  server,
}) => {
  const { page } = await openTill(browser, server, { viewport: { width: 1024, height: 768 } });
  const search = page.getByRole('searchbox');
  await productTile(page, 'Pils 0,3 l').focus();
  await page.keyboard.press('Space');
  await expect.poll(() => page.locator('.ticket-line').count()).toBe(1);
  expect(await search.inputValue()).toBe('');

  // the focus ring: 3:1 or more against white, and not the brass of the quick keys' border
  const ring = await productTile(page, 'Pils 0,3 l').evaluate((tile) => getComputedStyle(tile).outlineColor);
  const luminance = (rgb: string) => {
    const [r, g, b] = (rgb.match(/\d+/g) ?? []).slice(0, 3).map((value) => {
      const c = Number(value) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  expect(1.05 / (luminance(ring) + 0.05)).toBeGreaterThanOrEqual(3);
  expect(ring).not.toBe('rgb(217, 164, 65)');

  // "Skip to the ticket" comes first, and the next Tab lands in the ticket
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.getByRole('button', { name: 'Skip to the ticket' }).focus();
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.closest('.ticket-panel') !== null)).toBe(true);

  // the quantity pad: the dialog does not start on its ×, and typed digits count
  await page
    .getByRole('button', { name: /^Quantity/ })
    .first()
    .click();
  const dialog = page.locator('dialog[open]');
  await dialog.waitFor();
  expect(await page.evaluate(() => document.activeElement?.classList.contains('dialog-close'))).toBe(false);
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.ticket-line .line-qty').first().textContent()).toBe('3');

  // Escape leaves the pay screen; the focus follows each view into the ticket panel, never the body
  const focusInPanel = () =>
    page.evaluate(
      () =>
        document.activeElement?.closest('.ticket-panel') !== null && document.activeElement !== document.body,
    );
  await page.getByRole('button', { name: /^Pay/ }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Complete sale' }).waitFor();
  await expect.poll(focusInPanel).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('button', { name: /^Pay/ }).count()).toBe(1);
  await expect.poll(focusInPanel).toBe(true);
  // removing a line with the keyboard leaves the focus in the ticket
  await page
    .getByRole('button', { name: /^Remove/ })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.ticket-line').count()).toBe(0);
  expect(await focusInPanel()).toBe(true);
});
