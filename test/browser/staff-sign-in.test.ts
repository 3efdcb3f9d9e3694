// Staff sign in with a PIN, in Chromium, against a server with the demo staff (Mia and Jonas,
// waiters 1111 and 2222; Anna, manager 9999): the lock screen comes first, switching staff takes two
// taps, the till locks when idle, signing in works offline with the cards the tablet keeps, and wrong
// PINs make that person's pad wait longer and longer (not a colleague's), and say so. Every sign-in and wrong PIN reaches the audit log once,
// with the staff member and the device.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { type Server, tillTest } from '../support/browser-test.ts';
import { answerFloat, typePin as typePinOn } from '../support/staff.ts';

const it = tillTest({
  staff: true,
  policy: { idleLockMinutes: 1 },
  tablet: { pair: { name: 'Bar 1' }, until: 'service-worker', before: (page) => page.clock.install() },
});
let server: Server;
let context: BrowserContext;
let page: Page;
let errors: string[];
let deviceId: string | undefined;

it.beforeAll(async ({ tablet, server: started }) => {
  ({ context, page, errors, deviceId } = tablet);
  server = started;
});

const lockScreen = () => page.getByRole('heading', { name: 'Who is working?' });
const person = (name: string) => page.locator('.lock-person', { hasText: name });
const typePin = (pin: string) => typePinOn(page, pin);
const signedInAs = () => page.locator('.app-staff-name');
const auditOf = (kind: string) => server.hub.audit.list({ kind });

describe('signing in on the tablet', () => {
  it('shows the lock screen first, and signs Mia in with her PIN', async () => {
    await expect.poll(() => lockScreen().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.screenshot({ path: 'test-results/lock-screen.png' });
    expect(await page.locator('nav').count()).toBe(0); // nothing of the till behind it
    await person('Mia').click();
    await typePin('1111');
    await expect.poll(() => signedInAs().textContent()).toBe('Mia');
    expect(await page.locator('nav').isVisible()).toBe(true);
    await answerFloat(page, null); // the shift's first sign-in asks for the opening float
  });

  it('switches to another staff member with two taps and a PIN', async () => {
    await page.getByRole('button', { name: /Lock/ }).click(); // tap 1
    await person('Jonas').click(); // tap 2
    await typePin('2222');
    await expect.poll(() => signedInAs().textContent()).toBe('Jonas');
  });

  it('locks after the outlet’s idle minutes', async () => {
    await page.clock.fastForward('00:50');
    expect(await signedInAs().textContent()).toBe('Jonas');
    await page.clock.fastForward('00:15');
    await expect.poll(() => lockScreen().isVisible()).toBe(true);
  });

  it('signs in offline with the cards kept on the tablet', async () => {
    await context.setOffline(true);
    await person('Mia').click();
    expect(await page.getByText('Offline: your PIN is checked on this tablet.').isVisible()).toBe(true);
    await typePin('1111');
    await expect.poll(() => signedInAs().textContent()).toBe('Mia');
    await page.getByRole('button', { name: /Lock/ }).click();
  });

  it('makes the pad wait after 5 wrong PINs, longer after each further one', async () => {
    await person('Jonas').click();
    for (let i = 0; i < 5; i += 1) {
      await typePin('0000');
      await expect.poll(() => page.locator('.lock-message').textContent()).toBe('Wrong PIN. Try again.');
    }
    await typePin('0000'); // the 6th: wait 30 s
    await expect.poll(() => page.locator('.lock-message').textContent()).toMatch(/Wait 0:(30|29)/);
    expect(await page.locator('.pin-key').first().isDisabled()).toBe(true);
    // the wait is Jonas's own: a colleague (or the manager) signs in meanwhile (issue 22)
    await page.getByRole('button', { name: 'Back' }).click();
    await person('Mia').click();
    expect(await page.locator('.pin-key').first().isDisabled()).toBe(false);
    expect(await page.locator('.lock-message').textContent()).toBe('');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.reload(); // a reload does not reset the wait
    await person('Jonas').click();
    expect(await page.locator('.pin-key').first().isDisabled()).toBe(true);
    // the greyed pad says why at once
    await expect
      .poll(() => page.locator('.lock-message').textContent())
      .toMatch(/^Too many wrong PINs\. Wait 0:\d\d, then try again\.$/);
    await page.clock.fastForward('00:31');
    await expect.poll(() => page.locator('.pin-key').first().isDisabled()).toBe(false);
    await typePin('0000'); // the 7th: wait 60 s
    await expect.poll(() => page.locator('.lock-message').textContent()).toMatch(/Wait 1:00|Wait 0:59/);
    await page.clock.fastForward('01:01');
    await typePin('2222');
    await expect.poll(() => signedInAs().textContent()).toBe('Jonas');
  });

  it('reports every sign-in and wrong PIN to the audit log once, with staff and device, when back online', async () => {
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => auditOf('pin_failed').length, { timeout: 15_000 }).toBe(7);
    await expect.poll(() => auditOf('sign_in').length).toBe(4);
    expect(
      auditOf('sign_in')
        .map((row) => row.staffName)
        .sort(),
    ).toEqual(['Jonas', 'Jonas', 'Mia', 'Mia']);
    expect(auditOf('sign_in').every((row) => row.deviceId === deviceId && row.deviceName === 'Bar 1')).toBe(
      true,
    );
    expect(server.hub.audit.failedPinsByDevice()).toEqual([{ deviceId, deviceName: 'Bar 1', count: 7 }]);
    // Loads refused while the tablet was offline are the only console errors.
    expect(errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });
});
