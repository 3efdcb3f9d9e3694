// Product names on the tiles never break mid-word (issue 22, minor: "Frühstücksbuff|et"): at
// 1024×768 and 768×1024, in English and German, every word of every name in the grid and the quick
// keys stays on one line (hyphenated where the browser can, else in a smaller font); a break after a
// hyphen ("Room-Service-|Zuschlag") is a fine place.

import { describe, expect } from 'vitest';
import { browserTest as it, openTill } from '../support/browser-test.ts';
import { screenshot } from './till.ts';

describe('product names on the tiles', () => {
  for (const [width, height, locale] of [
    [1024, 768, 'de-DE'],
    [768, 1024, 'de-DE'],
    [768, 1024, 'en-GB'],
  ] as const) {
    it(`keep every word on one line at ${width}×${height} (${locale})`, async ({ browser, server }) => {
      const { page } = await openTill(browser, server, { viewport: { width, height }, locale });
      await page.locator('.product-name').first().waitFor();
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
    });
  }
});
