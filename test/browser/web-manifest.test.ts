// The installed app's language (issue 22, keyboard and focus): a German hotel's tablet installs a
// German app. The manifest the browser reads names the app and its `lang` in the tablet's language.
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { openFreshContext } from '../support/browser.ts';
import { browserTest as it, type Server } from '../support/browser-test.ts';

/** The manifest as Chromium fetched and parsed it for a page opened with `locale`. */
async function manifestFor(browser: Browser, server: Server, locale: string, tillLanguage?: 'de' | 'en') {
  const context = await openFreshContext(browser, { locale });
  try {
    if (tillLanguage)
      await context.addInitScript((lang) => localStorage.setItem('hotel-till.language', lang), tillLanguage);
    const page = await context.newPage();
    await page.goto(server.url);
    if (tillLanguage)
      await page.waitForFunction(
        (lang) =>
          document.querySelector('link[rel="manifest"]')?.getAttribute('href')?.endsWith(`lang=${lang}`),
        tillLanguage,
      );
    const cdp = await context.newCDPSession(page);
    const read = async () => (await cdp.send('Page.getAppManifest')) as { data: string; errors: unknown[] };
    await expect.poll(async () => (await read()).data.length).toBeGreaterThan(0);
    const { data, errors } = await read();
    expect(errors).toEqual([]);
    return JSON.parse(data) as { lang: string; name: string; short_name: string; icons: unknown[] };
  } finally {
    await context.close();
  }
}

it('is German for a German tablet and English for an English one', async ({ browser, server }) => {
  const german = await manifestFor(browser, server, 'de-AT');
  expect(german).toMatchObject({ lang: 'de', short_name: 'Kasse' });
  expect(german.icons).toHaveLength(3);

  const english = await manifestFor(browser, server, 'en-GB');
  expect(english).toMatchObject({ lang: 'en', name: 'Hotel Till', short_name: 'Till' });
});

it('follows the language chosen on the till, not the browser’s (issue 33)', async ({ browser, server }) => {
  const german = await manifestFor(browser, server, 'en-GB', 'de');
  expect(german).toMatchObject({ lang: 'de', short_name: 'Kasse' });
});
