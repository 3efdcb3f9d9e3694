// Product names on the tiles never break mid-word (issue 22, minor: "Frühstücksbuff|et"): at
// 1024×768 and 768×1024, in English and German, every word of every name in the grid and the quick
// keys stays on one line (a tile whose name has a long word is two columns wide; a browser with a
// hyphenation dictionary may also hyphenate, the names carry `lang`), in a font of 12 px or more; a
// break after a hyphen ("Room-Service-|Zuschlag") is a fine place.
import { describe, expect } from 'vitest';
import { browserTest as it, openTill, type Server } from '../support/browser-test.ts';
import { hotelDb, screenshot } from './till.ts';

const LONG_NAMES = ['Frühstücksbuffet / Breakfast', 'Apfelschorle 0,5 l Flasche'];

/** A product with a long German name in the hotel's catalogue (once). */
function addLongName(server: Server): void {
  hotelDb(server)
    .prepare(
      `INSERT INTO products (number, name, price_cents, commodity_group_id, tax_class_id, created_at)
       SELECT 'T-APFEL', 'Apfelschorle 0,5 l Flasche', 450, commodity_group_id, tax_class_id, created_at
         FROM products WHERE number = 'B-141' AND NOT EXISTS (SELECT 1 FROM products WHERE number = 'T-APFEL')`,
    )
    .run();
}

describe('product names on the tiles', () => {
  for (const [width, height, locale] of [
    [1024, 768, 'de-DE'],
    [768, 1024, 'de-DE'],
    [768, 1024, 'en-GB'],
  ] as const) {
    it(`keep every word on one line, 12 px or larger, at ${width}×${height} (${locale})`, async ({
      browser,
      server,
    }) => {
      addLongName(server);
      const { page } = await openTill(browser, server, { viewport: { width, height }, locale });
      await page.locator('.product-name').first().waitFor();
      for (const name of LONG_NAMES)
        await expect.poll(() => page.locator('.product-name', { hasText: name }).count()).toBeGreaterThan(0);
      // lay out every tile, not only those in view (the grid skips tiles out of view)
      await page.evaluate(() => {
        for (const tile of document.querySelectorAll<HTMLElement>('.product-grid > li'))
          tile.style.contentVisibility = 'visible';
      });
      await screenshot(page, `product-names-${locale.slice(0, 2)}-${width}x${height}`);
      const broken = await page.locator('.product-name').evaluateAll((names) =>
        names.flatMap((name) => {
          const text = name.firstChild;
          if (!text || text.nodeType !== Node.TEXT_NODE) return [];
          const value = text.textContent ?? '';
          const found: string[] = [];
          for (const match of value.matchAll(/[^\s/-]+/g)) {
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (lines.size > 1) found.push(match[0]);
          }
          return found;
        }),
      );
      expect(broken).toEqual([]);
      const small = await page
        .locator('.product-name')
        .evaluateAll((names) =>
          names
            .map((name) => [name.textContent, Number.parseFloat(getComputedStyle(name).fontSize)] as const)
            .filter(([, size]) => size < 12),
        );
      expect(small).toEqual([]);
    });
  }
});
