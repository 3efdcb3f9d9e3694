// The register in portrait on a bar tablet (768×1024), in English and German (issue 22, minor): with
// five lines on the ticket the Pay button is on screen, nothing overlaps the totals, and every
// line's remove button is whole. Screenshots go to test-results/screenshots/portrait-*.png.

import { describe, expect } from 'vitest';
import { browserTest as it, openTill } from '../support/browser-test.ts';
import { productTile, screenshot } from './till.ts';

const PRODUCTS = ['Pils 0,3 l', 'Gin Tonic', 'Cola 0,33 l', 'Espresso', 'Cappuccino'];

describe('the register in portrait', () => {
  for (const locale of ['en-GB', 'de-DE']) {
    it(`shows Pay, the totals and whole lines with five lines on the ticket (${locale})`, async ({
      browser,
      server,
    }) => {
      const { page } = await openTill(browser, server, { viewport: { width: 768, height: 1024 }, locale });
      for (const name of PRODUCTS) await productTile(page, name).click();
      await expect.poll(() => page.locator('.ticket-line').count()).toBe(5);
      await page.evaluate(() => window.scrollTo(0, 0)); // as the screen is before any scrolling
      await screenshot(page, `portrait-register-${locale.slice(0, 2)}-768x1024`);
      const viewport = page.viewportSize()!;
      const pay = await page.locator('.pay-button').boundingBox();
      expect(pay && pay.y + pay.height <= viewport.height).toBe(true);
      // the totals box is the topmost element at its own centre: nothing lies over it
      const covering = await page.getByTestId('ticket-totals').evaluate((box) => {
        const r = box.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return top && box.contains(top) ? '' : `${top?.tagName}.${top?.className}`;
      });
      expect(covering).toBe('');
      const clipped = await page.locator('.ticket-line').evaluateAll((lines) =>
        lines.some((line) => {
          const box = line.getBoundingClientRect();
          return [...line.querySelectorAll('button')].some((button) => {
            const r = button.getBoundingClientRect();
            return r.right > box.right + 0.5 || r.left < box.left - 0.5 || r.right > window.innerWidth;
          });
        }),
      );
      expect(clipped).toBe(false);
      // the line just added is in view in the ticket's own list
      const last = await page.locator('.ticket-line').last().boundingBox();
      const list = await page.locator('.ticket-lines').boundingBox();
      expect(last && list && last.y + last.height <= list.y + list.height + 1).toBe(true);
    });
  }
});
