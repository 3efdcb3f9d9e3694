// An unpaired till asks once (issue 22, keyboard and focus): a tablet the till server does not know
// asks whether it is paired (GET /till/pairing-state, which answers 200 either way: issue 33) and
// nothing else of the server until it is, instead of six calls that all answer 401 before the pairing screen shows.
import { expect } from 'vitest';
import { openFreshContext } from '../support/browser.ts';
import { browserTest as it } from '../support/browser-test.ts';

it('asks the till server once, is refused nothing, and shows the pairing screen', async ({
  browser,
  server,
}) => {
  const context = await openFreshContext(browser, { locale: 'en-GB' });
  const refused: string[] = [];
  const asked: string[] = [];
  // the context sees the page's requests and its service worker's
  context.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!/^\/(?:api|till|pms)\//.test(pathname)) return;
    asked.push(`${response.request().method()} ${pathname}`);
    if (response.status() === 401) refused.push(`${response.request().method()} ${pathname}`);
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
    .toBe('Pair this tablet');
  await page.waitForTimeout(3_000); // what the background work would ask after the first screen

  expect(refused).toEqual([]);
  expect(asked).toEqual(['GET /till/pairing-state']);
  await context.close();
});
