// The lock screen's PIN step and the manager-approval dialog fit a bar tablet (1024×768, 768×1024)
// and an iPad's Safari (less height: 1024×660 and 768×950 once its bars are drawn), in English and
// German, without scrolling: the 0 key, the message line and Back or Cancel are on screen (issue 22,
// major 2); the pad's digits sit in the middle of their keys, with no fieldset border around them. Screenshots go to test-results/screenshots/fit-*.png.

import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { staffBrowserTest as it, openTill } from '../support/browser-test.ts';
import { approvalDialog, signIn } from '../support/staff.ts';
import { hotelProduct } from './front-desk.ts';
import { productTile, screenshot } from './till.ts';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 1024, height: 660 },
  { width: 768, height: 950 },
];
const LANGUAGES = [
  {
    locale: 'en-GB',
    complete: 'Complete sale',
    newSale: 'New sale',
    mia: 'Mia',
    back: 'Back',
    cancel: 'Cancel',
    voidMenu: 'Void…',
    reason: 'Reason for voiding',
    voidSale: 'Void sale',
  },
  {
    locale: 'de-DE',
    complete: 'Verkauf abschließen',
    newSale: 'Neuer Verkauf',
    mia: 'Mia',
    back: 'Zurück',
    cancel: 'Abbrechen',
    voidMenu: 'Stornieren …',
    reason: 'Grund für die Stornierung',
    voidSale: 'Verkauf stornieren',
  },
] as const;

/** Whether `element` lies wholly inside the viewport. */
async function onScreen(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const viewport = page.viewportSize()!;
  return (
    box !== null &&
    box.y >= 0 &&
    box.y + box.height <= viewport.height + 0.5 &&
    box.x + box.width <= viewport.width + 0.5
  );
}

/** Whether the page, or `scroller` when given, has more content than room (it would scroll). */
async function scrolls(within: Page | Locator): Promise<boolean> {
  if ('evaluate' in within && 'goto' in within)
    return within.evaluate(() => document.scrollingElement!.scrollHeight > window.innerHeight + 1);
  return within.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
}

describe('the PIN pads fit the screen without scrolling', () => {
  for (const words of LANGUAGES) {
    it(`on the lock screen and in the approval dialog (${words.locale})`, async ({ browser, server }) => {
      const { context, page } = await openTill(browser, server, {
        locale: words.locale,
        pair: { name: `Fit ${words.locale}` },
        until: 'service-worker',
      });
      const lang = words.locale.slice(0, 2);

      await page.locator('.lock-person', { hasText: words.mia }).click();
      const problems: string[] = [];
      // each digit sits in the middle of its key, and no fieldset border boxes the pad
      const offCentre = await page.locator('.pin-key').evaluateAll((keys) =>
        keys.map((key) => {
          const range = document.createRange();
          range.selectNodeContents(key);
          const text = range.getBoundingClientRect();
          const box = key.getBoundingClientRect();
          return Math.round(text.left + text.width / 2 - (box.left + box.width / 2));
        }),
      );
      expect(offCentre.every((dx) => Math.abs(dx) <= 1)).toBe(true);
      expect(await page.locator('.pin-pad').evaluate((pad) => getComputedStyle(pad).borderTopWidth)).toBe(
        '0px',
      );
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.locator('.pin-key', { hasText: /^0$/ }).waitFor();
        await screenshot(page, `fit-lock-${lang}-${size.width}x${size.height}`);
        const where = `lock screen ${size.width}x${size.height}`;
        if (!(await onScreen(page, page.locator('.pin-key', { hasText: /^0$/ }))))
          problems.push(`${where}: 0 key`);
        if (!(await onScreen(page, page.getByRole('button', { name: words.back }))))
          problems.push(`${where}: Back`);
        if (!(await onScreen(page, page.locator('.lock-message')))) problems.push(`${where}: message line`);
        if (await scrolls(page))
          problems.push(
            `${where}: scrolls ${await page.evaluate(
              () =>
                `${document.scrollingElement!.scrollHeight} > ${window.innerHeight} ${[
                  ...document.querySelectorAll('body *'),
                ]
                  .filter((e) => e.getBoundingClientRect().bottom > window.innerHeight)
                  .slice(0, 6)
                  .map((e) => `${e.tagName}.${e.className}:${Math.round(e.getBoundingClientRect().bottom)}`)
                  .join(' ')}`,
            )}`,
          );
      }
      await page.setViewportSize(SIZES[0]!);
      await page.getByRole('button', { name: words.back }).click();
      await signIn(page, words.mia, '1111');
      const status = page.getByTestId('refresh-status');
      await expect.poll(() => status.getAttribute('data-refreshed'), { timeout: 15_000 }).toBe('true');

      // a sale made while the till server is down waits unsent, so it can be voided: the approval opens
      await context.route(
        (url) => url.pathname !== '/' && !url.pathname.includes('.'),
        (route) => route.abort('connectionrefused'),
      );
      await productTile(page, hotelProduct(server, 'B-100').name).click();
      await page.locator('.pay-button').click();
      await page.getByRole('button', { name: words.complete }).click();
      const reference =
        (await page.locator('.receipt-panel').getByTestId('receipt-reference').textContent()) ?? '';
      await page.getByRole('button', { name: words.newSale }).click();
      await page.locator('nav a[href="/sync"]').click();
      const card = page.locator(`article.sync-sale[data-reference="${reference}"]`);
      await card.getByRole('button', { name: words.voidMenu }).click({ timeout: 15_000 });
      await card.getByLabel(words.reason).fill('x');
      await card.getByRole('button', { name: words.voidSale }).click();
      const dialog = approvalDialog(page);
      await dialog.waitFor();
      const modal = page.locator('dialog.dialog[open]');
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.waitForTimeout(100);
        await screenshot(page, `fit-approval-${lang}-${size.width}x${size.height}`);
        const where = `approval ${size.width}x${size.height}`;
        if (!(await onScreen(page, dialog.locator('.pin-key', { hasText: /^0$/ }))))
          problems.push(`${where}: 0 key`);
        if (!(await onScreen(page, dialog.getByRole('button', { name: words.cancel, exact: true }))))
          problems.push(`${where}: Cancel`);
        if (!(await onScreen(page, dialog.locator('.lock-message')))) problems.push(`${where}: message line`);
        if (await scrolls(modal)) problems.push(`${where}: scrolls`);
      }
      expect(problems).toEqual([]);
    });
  }
});
