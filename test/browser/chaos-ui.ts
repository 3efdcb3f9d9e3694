// The sales of the chaos test (chaos.test.ts), made the way staff make them: tapping products in the
// register and paying cash, or counting a room's minibar in the room-charge view and posting it.
// Each answers what the UI said (the sale reference) and what was rung up, in the journal's terms.

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Server } from '../support/browser-test.ts';
import type { MadeSale } from './chaos-support.ts';
import { chargedReference, chooseGuest, hotelProduct } from './front-desk.ts';
import { productTile } from './till.ts';

/** Rings up the products (by article number, one tap each) in the register and completes a cash sale. */
export async function sellForCash(page: Page, server: Server, numbers: readonly string[]): Promise<MadeSale> {
  for (const number of numbers) await productTile(page, hotelProduct(server, number).name).click();
  await page.locator('.pay-button').click();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  const shown = page.locator('.receipt-panel').getByTestId('receipt-reference');
  await shown.waitFor();
  const reference = (await shown.textContent()) ?? '';
  await page.getByRole('button', { name: 'New sale' }).click();
  return { kind: 'cash-sale', reference, lines: linesOf(server, numbers) };
}

/** Picks the guest in the room-charge view, confirms the surname and switches to the minibar count. */
export async function chooseMinibarGuest(
  page: Page,
  [room, surname]: readonly [string, string],
): Promise<void> {
  await chooseGuest(page, room, surname);
  await page.getByRole('button', { name: 'Minibar', exact: true }).click();
}

/** Counts the products (one + each) and posts them to the chosen room; `previous` is the last reference shown. */
export async function chargeMinibar(
  page: Page,
  server: Server,
  numbers: readonly string[],
  previous: string | undefined,
): Promise<MadeSale> {
  for (const number of numbers) {
    await page
      .getByRole('button', { name: `One more ${hotelProduct(server, number).name}`, exact: true })
      .click();
  }
  await page.getByRole('button', { name: /^Post \d+ items?,/ }).click();
  await expect
    .poll(() => chargedReference(page).catch(() => previous), { timeout: 10_000 })
    .not.toBe(previous);
  return { kind: 'room-charge', reference: await chargedReference(page), lines: linesOf(server, numbers) };
}

/** Waits until tab B's room-charge view has its (cached) guest list. */
export async function guestListShown(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByTestId('guest-list-age').textContent(), { timeout: 10_000 })
    .toMatch(/Guest list from/);
}

/** One tap per article number, as the journal's lines: one line per product with its count. */
function linesOf(server: Server, numbers: readonly string[]): MadeSale['lines'] {
  const lines = new Map<number, MadeSale['lines'][number]>();
  for (const number of numbers) {
    const { id, cents } = hotelProduct(server, number);
    const line = lines.get(id) ?? { productId: id, quantity: 0, unitPriceCents: cents };
    line.quantity += 1;
    lines.set(id, line);
  }
  return [...lines.values()];
}
