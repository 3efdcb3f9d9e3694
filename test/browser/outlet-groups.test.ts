// The outlet's groups on the register (issue 33), in Chromium with the demo staff: the bar sells Bar
// and Kitchen and opens on Bar; Minibar, Spa and the rest are not offered, not as a tab and not
// under "All" or a search; a tab chosen by staff wins over the default after that.
import { describe, expect } from 'vitest';
import { openTill, tillTest } from '../support/browser-test.ts';
import { productTile } from './till.ts';

const it = tillTest({ staff: true, policy: { groupsSold: [1, 3], defaultGroup: 1 } });

describe('the outlet’s groups on the register', () => {
  it('opens on the default group and offers only the groups sold', async ({ browser, server }) => {
    const { page } = await openTill(browser, server, {
      locale: 'en-GB',
      settings: { language: 'en' },
      until: 'service-worker',
      signIn: { name: 'Mia', pin: '1111' },
    });
    const tabs = page.locator('.group-tabs button');
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['All', 'Bar', 'Küche / Kitchen']);
    await expect.poll(() => tabs.filter({ hasText: /^Bar$/ }).getAttribute('aria-pressed')).toBe('true');
    await productTile(page, 'Pils 0,3 l').waitFor();

    await tabs.filter({ hasText: /^All$/ }).click();
    await productTile(page, 'Pils 0,3 l').waitFor();
    expect(await productTile(page, 'Minibar Cola 0,33 l').count()).toBe(0);
    await page.getByRole('searchbox').fill('Minibar');
    await expect.poll(() => page.locator('ul.product-grid button').count()).toBe(0);
    await page.getByRole('searchbox').fill('');

    // the tab chosen is kept over the default when staff come back
    await page.locator('nav a[href="/report"]').click();
    await page.locator('main .view:not(.register-view)').waitFor();
    await page.locator('nav a[href="/"]').click();
    await expect.poll(() => tabs.filter({ hasText: /^All$/ }).getAttribute('aria-pressed')).toBe('true');
  });
});
