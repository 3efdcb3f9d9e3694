// Charging to a room in real Chromium against the test hotel (run `npx vite build` first): finding
// the guest by room number or online by reservation number, the usage rule (only the in-house
// guest, during the stay, with the surname confirmed), the ticket and the minibar count posted
// exactly once, the guest's open items, taking a charge back, and a charge made offline.

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { collectPageErrors } from '../support/browser.ts';
import { browserTest as it, openTill, ROOM_CHARGE } from '../support/browser-test.ts';
import {
  chargedReference,
  chooseGuest,
  hotelProduct,
  itemsOfSale,
  putOnTicket,
  stayIn,
} from './front-desk.ts';

const chargeButton = (page: Page) => page.getByRole('button', { name: /^Charge .* to room/ });

describe('charging the ticket to a room', () => {
  it('finds the in-house guest by room number, refuses a wrong surname, and posts the lines exactly once', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server, ROOM_CHARGE);
    const errors = collectPageErrors(page);
    await putOnTicket(page, server, [
      { number: 'B-100', quantity: 2 },
      { number: 'B-142', quantity: 1 },
    ]);
    await chooseGuest(page, '104', 'Müller');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('not the surname');
    expect(await chargeButton(page).isDisabled()).toBe(true);

    await page.getByLabel('Guest’s surname (ask the guest)').fill('  BAUER ');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toContain('Surname confirmed: Bauer');
    const total = 2 * hotelProduct(server, 'B-100').cents + hotelProduct(server, 'B-142').cents;
    expect(await chargeButton(page).textContent()).toBe(`Charge €${(total / 100).toFixed(2)} to room 104`);
    await chargeButton(page).click();

    const reference = await chargedReference(page);
    // issue 33: the reference is never broken at its hyphen ("32MU-/8"), and the way to the sync
    // view is a button-sized link, at both tablet sizes
    const done = page.getByTestId('charge-done');
    for (const size of [
      { width: 768, height: 1024 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(size);
      expect(
        await done.getByText(reference, { exact: true }).evaluate((el) => el.getClientRects().length),
      ).toBe(1);
      const link = done.getByRole('link');
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    const stay = stayIn(server, '104');
    await expect.poll(() => itemsOfSale(server, stay.id, reference).length, { timeout: 15_000 }).toBe(2);
    const items = itemsOfSale(server, stay.id, reference);
    expect(items.map((i) => [i.quantity, i.price_cents])).toEqual([
      [2, hotelProduct(server, 'B-100').cents],
      [1, hotelProduct(server, 'B-142').cents],
    ]);
    // The ticket is empty now, and syncing again posts nothing twice.
    expect(await page.getByText('The ticket is empty').isVisible()).toBe(true);
    await page.getByTestId('connection-state').click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.waitForTimeout(500);
    expect(itemsOfSale(server, stay.id, reference)).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  it('refuses a stay that is not checked in yet, and one that has checked out, in plain words', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server, ROOM_CHARGE);
    await chooseGuest(page, '107');
    const refusal = page.getByTestId('charge-refusal');
    expect(await refusal.textContent()).toContain('Mehmet Yılmaz has not checked in yet');
    expect(await page.getByLabel('Guest’s surname (ask the guest)').count()).toBe(0);
    expect(await chargeButton(page).count()).toBe(0);

    await page.getByRole('button', { name: 'Choose another guest' }).click();
    await chooseGuest(page, '304');
    expect(await refusal.textContent()).toContain('Marie Fischer has already checked out');
    expect(await chargeButton(page).count()).toBe(0);
  });

  it('finds a reservation online by reservation number with first and last name', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server, ROOM_CHARGE);
    await putOnTicket(page, server, [{ number: 'B-120', quantity: 1 }]);
    const search = page.getByRole('region', { name: 'Find by reservation number (online)' });
    await search.getByLabel('Reservation number').fill('24102');
    await search.getByLabel('First name').fill('Lukas');
    await search.getByLabel('Last name').fill('Huber');
    await search.getByRole('button', { name: 'Search in the PMS' }).click();
    await expect.poll(() => search.getByRole('alert').textContent()).toContain('found no reservation');

    await search.getByLabel('Last name').fill('gruber');
    await search.getByRole('button', { name: 'Search in the PMS' }).click();
    await search.getByRole('button', { name: /^Room 108/ }).click();
    // The PMS matched the names, so the surname counts as confirmed.
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toContain('Surname confirmed: Gruber');
    await chargeButton(page).click();
    const reference = await chargedReference(page);
    const stay = stayIn(server, '108');
    await expect.poll(() => itemsOfSale(server, stay.id, reference).length, { timeout: 15_000 }).toBe(1);
  });
});

describe('minibar mode', () => {
  it('counts several products with + and - and posts them as one charge', async ({ browser, server }) => {
    const { page } = await openTill(browser, server, ROOM_CHARGE);
    await page.getByRole('button', { name: 'Minibar', exact: true }).click();
    await chooseGuest(page, '201', 'huber');
    const cola = hotelProduct(server, 'M-201');
    const chocolate = hotelProduct(server, 'M-205');
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: `One more ${cola.name}` }).click();
    await page.getByRole('button', { name: `One less ${cola.name}` }).click();
    await page.getByRole('button', { name: `One more ${chocolate.name}` }).click();
    const post = page.getByRole('button', { name: /^Post 4 items, .* to room 201$/ });
    expect(await post.textContent()).toContain(`€${((3 * cola.cents + chocolate.cents) / 100).toFixed(2)}`);
    await post.click();

    const reference = await chargedReference(page);
    const stay = stayIn(server, '201');
    await expect.poll(() => itemsOfSale(server, stay.id, reference).length, { timeout: 15_000 }).toBe(2);
    expect(itemsOfSale(server, stay.id, reference).map((i) => i.quantity)).toEqual([3, 1]);
    // what the guest reads on the folio: the product names only
    expect(itemsOfSale(server, stay.id, reference).map((i) => i.name)).toEqual([cola.name, chocolate.name]);
    expect(await page.getByRole('button', { name: /^Post \d+ items/ }).isDisabled()).toBe(true);
  });
});

describe('open items and taking a charge back', () => {
  it('shows the guest’s open items and takes a wrongly posted charge back off the room', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server, ROOM_CHARGE);
    await putOnTicket(page, server, [{ number: 'B-122', quantity: 2 }]);
    await chooseGuest(page, '310', 'Tanaka');
    await chargeButton(page).click();
    const reference = await chargedReference(page);
    const stay = stayIn(server, '310');
    await expect.poll(() => itemsOfSale(server, stay.id, reference).length, { timeout: 15_000 }).toBe(1);

    const openItems = page.getByTestId('open-items');
    const takeBack = openItems.getByRole('button', {
      name: new RegExp(`^Take back .* of sale ${reference}$`),
    });
    await expect.poll(() => takeBack.count(), { timeout: 10_000 }).toBe(1);
    // the row as the guest's folio has it: the product name, no sale reference
    const row = openItems.locator('tr', {
      has: page.getByRole('button', { name: new RegExp(`^Take back .* of sale ${reference}$`) }),
    });
    expect(await row.locator('td').first().textContent()).toBe(hotelProduct(server, 'B-122').name);
    expect(await openItems.textContent()).toContain('Champagner'); // seeded extras are listed too
    await takeBack.click();
    await page.getByRole('button', { name: 'One more' }).click(); // both of the line's 2
    await page.getByLabel('Why is it taken back?').fill('Charged to the wrong room');
    await page.getByRole('button', { name: /^Take back €/ }).click();
    const notice = new RegExp(`^2 × .* of sale ${reference} is being taken back off the room\\.$`);
    await expect.poll(() => page.getByText(notice).count()).toBe(1);
    await expect.poll(() => itemsOfSale(server, stay.id, reference).length, { timeout: 15_000 }).toBe(0);
    await expect.poll(() => takeBack.count(), { timeout: 10_000 }).toBe(0);
  });
});

describe('offline', () => {
  it('records a charge offline, shows it pending in the header, and posts it once the till is back online', async ({
    browser,
    server,
  }) => {
    const { page } = await openTill(browser, server, ROOM_CHARGE);
    await putOnTicket(page, server, [{ number: 'B-131', quantity: 3 }]);
    await page.context().setOffline(true);
    await expect.poll(() => page.getByTestId('connection-state').getAttribute('data-state')).toBe('offline');
    await chooseGuest(page, '305', 'Pichler');
    await chargeButton(page).click();
    const reference = await chargedReference(page);
    const stay = stayIn(server, '305');
    await expect.poll(() => page.getByTestId('connection-state').textContent()).toBe('Offline 1 pending');
    await page.waitForTimeout(500);
    expect(itemsOfSale(server, stay.id, reference)).toHaveLength(0);

    await page.context().setOffline(false);
    await expect.poll(() => itemsOfSale(server, stay.id, reference).length, { timeout: 20_000 }).toBe(1);
    await expect
      .poll(() => page.getByTestId('connection-state').textContent(), { timeout: 10_000 })
      .toBe('Online');
    await page.waitForTimeout(500);
    expect(itemsOfSale(server, stay.id, reference)).toHaveLength(1);
  });
});
