// What staff do on the lock screen and in the approval dialog, for browser tests: tap a name, type
// a PIN on the pad, find the approval dialog.
import type { Locator, Page } from 'playwright-core';

/** The demo staff's names and PINs (a server started with DEMO_STAFF). */
export const MIA = { name: 'Mia', pin: '1111' } as const;
export const JONAS = { name: 'Jonas', pin: '2222' } as const;
export const ANNA = { name: 'Anna', pin: '9999' } as const;

/** Types `pin` on the PIN pad inside `within` (the page, or the approval dialog). */
export async function typePin(within: Page | Locator, pin: string): Promise<void> {
  for (const digit of pin) await within.locator('.pin-key', { hasText: new RegExp(`^${digit}$`) }).click();
}

/** Signs `name` in on the lock screen with `pin`, and waits until the header names them. */
export async function signIn(page: Page, name: string, pin: string): Promise<void> {
  await page.locator('.lock-person', { hasText: name }).click();
  await typePin(page, pin);
  await page.locator('.app-staff-name', { hasText: name }).waitFor();
  await answerFloat(page, null);
}

/**
 * Answers the opening-float dialog of a shift's first sign-in with `amount` ('150,00'), or with
 * "No float" when null; does nothing when the shift is already open.
 */
export async function answerFloat(page: Page, amount: string | null): Promise<void> {
  const state = page.locator('[data-testid="float-state"]:not([data-state="checking"])');
  await state.waitFor({ state: 'attached' });
  if ((await state.getAttribute('data-state')) !== 'asked') return;
  const dialog = page.getByTestId('float-dialog');
  if (amount === null) await dialog.locator('.float-button:not(.float-primary)').click();
  else {
    await dialog.locator('.float-input').fill(amount);
    await dialog.locator('.float-primary').click();
  }
  await page.locator('[data-testid="float-state"][data-state="open"]').waitFor({ state: 'attached' });
}

/** The manager-approval dialog. */
export function approvalDialog(page: Page): Locator {
  return page.getByTestId('approval-dialog');
}
