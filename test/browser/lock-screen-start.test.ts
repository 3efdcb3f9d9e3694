// A till that opens on the lock screen (a server with staff) shows that screen before it reads its
// whole cached catalogue: the catalogue's first page is enough until someone signs in, and reading
// all of it first held the lock screen back (docs/ui-speed.md, "Fourth round").
import { expect } from 'vitest';
import { staffBrowserTest as it, openTill } from '../support/browser-test.ts';

/** In the page from its start: when the first name to tap on the lock screen is in the DOM. */
const NOTE_LOCK_SCREEN = `(() => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('.lock-person')) return;
    window.__lockScreenAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

it('shows the lock screen before it starts reading the whole cached catalogue', async ({
  browser,
  server,
}) => {
  const till = await openTill(browser, server, { signIn: { name: 'Mia', pin: '1111' } });
  await till.context.addInitScript(NOTE_LOCK_SCREEN);
  const page = await till.context.newPage(); // a new tab opens locked, on its cached first page
  // on a tablet's slower CPU, as bench/ui measures it: here the order showed
  await (await till.context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(server.url);
  await page.locator('.lock-person').first().waitFor();
  const readStarted = () =>
    page.evaluate(() => performance.getEntriesByName('till:catalogue-read-start')[0]?.startTime ?? null);
  await expect.poll(readStarted).not.toBeNull();
  const lockScreenAt = (await page.evaluate('window.__lockScreenAt')) as number;
  expect(await page.evaluate(() => performance.getEntriesByName('till:catalogue-first-page').length)).toBe(1);
  expect(await readStarted()).toBeGreaterThan(lockScreenAt);
  expect(till.errors).toEqual([]);
});
