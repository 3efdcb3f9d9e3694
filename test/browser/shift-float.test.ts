// Opening the shift with its float, in Chromium (issue 30): the first sign-in of a shift asks for the
// cash the drawer starts with; a wrong amount is said and nothing recorded; 150,00 reaches the till
// server as the drawer's float, and the next sign-in of the same shift is not asked again.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { type Server, tillTest } from '../support/browser-test.ts';
import { typePin } from '../support/staff.ts';

const it = tillTest({ staff: true, tablet: { pair: { name: 'Bar 1' }, until: 'service-worker' } });
let server: Server;
let page: Page;
let errors: string[];

it.beforeAll(async ({ tablet, server: started }) => {
  ({ page, errors } = tablet);
  server = started;
});

const dialog = () => page.getByTestId('float-dialog');
const barFloat = () => server.hub.closing.xReport().drawers.reduce((sum, d) => sum + d.floatCents, 0);

describe('the opening float', () => {
  it('is asked at the first sign-in and recorded on the till server as the drawer’s float', async () => {
    await page.locator('.lock-person', { hasText: 'Mia' }).click();
    await typePin(page, '1111');
    await dialog().waitFor();
    expect(await page.getByRole('heading', { name: 'Open the shift: opening float' }).isVisible()).toBe(true);

    await dialog().locator('.float-input').fill('-5');
    await dialog().locator('.float-primary').click();
    await page.getByRole('alert').waitFor();
    expect(barFloat()).toBe(0);

    await dialog().locator('.float-input').fill('150,00');
    await dialog().locator('.float-primary').click();
    await dialog().waitFor({ state: 'hidden' });
    await expect.poll(barFloat, { timeout: 15_000 }).toBe(15_000);

    await page.getByRole('button', { name: /Lock/ }).click();
    await page.locator('.lock-person', { hasText: 'Jonas' }).click();
    await typePin(page, '2222');
    await page.locator('[data-testid="float-state"][data-state="open"]').waitFor({ state: 'attached' });
    expect(await dialog().isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });
});
