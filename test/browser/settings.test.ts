// Settings in real Chromium against the test hotel (run `npx vite build` first): German switches
// every visible string of the room-charge, sync, report and settings views (no English UI text
// left), the theme follows the choice, a bad gateway address is refused in words, and the staff
// name is recorded on each sale.

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { FRONT_DESK, browserTest as it, openTill } from '../support/browser-test.ts';
import { featureTexts } from '../words/all-texts.ts';
import { chargedReference, chooseGuest, putOnTicket, smallTouchTargets } from './front-desk.ts';

/** English UI text that German must not show: the literal parts of every string that differs. */
const ENGLISH_ONLY = [
  { feature: 'common', keys: /^error\./ },
  { feature: 'room-charge', keys: /^roomCharge\./ },
  { feature: 'sync', keys: /./ },
  { feature: 'report', keys: /^report\./ },
  { feature: 'device', keys: /^settings\./ },
].flatMap(({ feature, keys }) => {
  const { en = {}, de = {} } = featureTexts[feature] ?? {};
  return Object.entries(en)
    .filter(([key, text]) => keys.test(key) && text !== de[key])
    .flatMap(([, text]) => text.split(/\{\w+\}/))
    .map((part) => part.trim())
    .filter((part) => part.length >= 8);
});

/** What German must not show, and the touch targets that must stay large enough, on this screen. */
async function checkScreen(page: Page, screen: string): Promise<void> {
  expect(await englishLeft(page), `${screen}: English text left`).toEqual([]);
  expect(await smallTouchTargets(page), `${screen}: touch targets under 44 px`).toEqual([]);
}

async function englishLeft(page: Page): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: innerText on purpose: only what is rendered visibly counts
  const text = await page.locator('body').innerText();
  return ENGLISH_ONLY.filter((part) => text.includes(part));
}

describe('language', () => {
  it('switches every visible string of the views to German', async ({ browser, server }) => {
    const opened = await openTill(browser, server, { ...FRONT_DESK, path: '/settings' });
    const { page } = opened;
    expect((await englishLeft(page)).length, 'the check finds English while it is shown').toBeGreaterThan(5);
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'Deutsch' });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Einstellungen');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.getByRole('navigation').getByRole('link').allTextContents()).toEqual([
      'Kasse',
      'Tische',
      'Zimmerbelastung',
      'Abgleich',
      'Bericht',
      'Artikel',
      'Einstellungen',
    ]);
    await checkScreen(page, 'settings');

    // Room charge with a guest chosen, the surname refused, and the open items.
    await putOnTicket(page, server, [{ number: 'B-100', quantity: 1 }]);
    await page.getByRole('link', { name: 'Zimmerbelastung' }).click();
    await page.getByLabel('Zimmernummer oder Name des Gastes').fill('104');
    await page.getByRole('button', { name: /^Zimmer 104/ }).click();
    await page.getByLabel('Nachname des Gastes (bitte erfragen)').fill('Falsch');
    await page.getByRole('button', { name: 'Bestätigen', exact: true }).click();
    await expect.poll(() => page.getByTestId('open-items').count()).toBe(1);
    expect(await page.getByRole('alert').first().textContent()).toContain('nicht der Nachname');
    await checkScreen(page, 'room charge, surname refused');
    await page.getByLabel('Nachname des Gastes (bitte erfragen)').fill('Bauer');
    await page.getByRole('button', { name: 'Bestätigen', exact: true }).click();
    await page.getByRole('button', { name: /auf Zimmer 104 buchen$/ }).click();
    await page.getByTestId('charge-done').waitFor();
    await checkScreen(page, 'room charge, charged');

    // A refused stay, the minibar, the sync view, the report with its close dialog.
    await page.getByRole('button', { name: 'Anderen Gast wählen' }).click();
    await page.getByRole('button', { name: 'Minibar' }).click();
    await page.getByRole('button', { name: /^Zimmer 107/ }).click();
    expect(await page.getByTestId('charge-refusal').textContent()).toContain('ist noch nicht eingecheckt');
    await checkScreen(page, 'minibar, stay refused');
    for (const [link, heading] of [
      ['Abgleich', 'Abgleich'],
      ['Bericht', 'Bericht'],
    ] as const) {
      await page.getByRole('link', { name: link, exact: true }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
      await page.waitForTimeout(300);
      await checkScreen(page, link);
    }
    await page.getByRole('button', { name: 'Schichtabschluss' }).click();
    await checkScreen(page, 'report, closing');
    expect(await page.getByTestId('connection-state').textContent()).toBe('Online');
  });
});

describe('the other settings', () => {
  it('apply the theme, refuse a bad gateway address, and record the staff name on each sale', async ({
    browser,
    server,
  }) => {
    const opened = await openTill(browser, server, { ...FRONT_DESK, path: '/settings' });
    const { page } = opened;
    await page.getByLabel('Theme').selectOption({ label: 'Dark' });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const dark = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    await page.getByLabel('Theme').selectOption({ label: 'Light' });
    const light = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(dark).not.toBe(light);

    await page.getByLabel('Gateway address').fill('till.local:8080');
    await page.getByLabel('Gateway address').press('Enter');
    expect(await page.getByRole('alert').textContent()).toBe(
      'The gateway address must start with http:// or https://.',
    );
    await page.getByLabel('Gateway address').fill('');
    await page.getByLabel('Gateway address').press('Enter');
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.getByLabel('Staff name').fill('Jonas');
    await page.getByLabel('Staff name').press('Tab');
    await expect.poll(() => page.getByRole('status').last().textContent()).toBe('Saved.');
    await page.reload();
    expect(await page.getByLabel('Staff name').inputValue()).toBe('Jonas');

    await putOnTicket(page, server, [{ number: 'B-141', quantity: 1 }]);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('hotel-till.guests-refreshed-at')))
      .not.toBeNull();
    await chooseGuest(page, '108', 'Gruber');
    await page.getByRole('button', { name: /^Charge .* to room/ }).click();
    const reference = await chargedReference(page);
    await page.getByTestId('connection-state').click();
    const card = page.locator(`article[data-reference="${reference}"]`);
    await expect.poll(() => card.textContent()).toContain('· Jonas');
  });

  it('tell whether a gateway answers at the address, and in plain words when none does', async ({
    browser,
    server,
  }) => {
    const opened = await openTill(browser, server, { ...FRONT_DESK, path: '/settings' });
    const { page } = opened;
    const check = page.getByTestId('gateway-check').getByRole('status');
    await expect
      .poll(() => check.textContent())
      .toBe('The gateway answers. It sends sales to: embedded test hotel.');

    await page.getByLabel('Gateway address').fill('http://127.0.0.1:9');
    await page.getByLabel('Gateway address').press('Enter');
    await expect.poll(() => check.textContent()).toContain('No gateway answers at http://127.0.0.1:9.');
    expect(await page.getByTestId('connection-state').textContent()).toBe('Till server unreachable');
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('hotel-till.settings') ?? '{}').gatewayUrl),
    ).toBe('http://127.0.0.1:9');

    await page.getByLabel('Gateway address').fill('');
    await page.getByLabel('Gateway address').press('Enter');
    await expect.poll(() => check.textContent()).toContain('The gateway answers.');
  });
});
