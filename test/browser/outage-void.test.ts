// A sale made while the till server is down, in Chromium on a server with the demo staff (issue 22,
// major 1): it is not sent into the outage, so the PMS never sees it; the sync view says it waits
// (not "Checking") and that the till server, not the PMS, is down; a waiter voids it with the
// manager's PIN during the outage, and nothing reaches the PMS when the server is back. A void
// that cannot go ahead is refused before the manager is asked for their PIN. The reason can be one
// tap: the outlet's quick reasons (set on the admin page), else the till's own.

import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { staffBrowserTest as it, openTill, type Server } from '../support/browser-test.ts';
import { approvalDialog, MIA, typePin } from '../support/staff.ts';
import { tillActivity } from './chaos-support.ts';
import { sellForCash } from './chaos-ui.ts';

/** Bar 4, Mia signed in, the catalogue cached. */
const BAR_4 = { pair: { name: 'Bar 4' }, signIn: MIA };

/** The till server stops answering (connection refused), for the page and its service worker; `readyz: true` leaves only its /readyz up. */
async function stopServer(context: BrowserContext, options: { readyz?: boolean } = {}): Promise<void> {
  await context.unrouteAll();
  await context.route(
    (url) =>
      url.pathname !== '/' && !url.pathname.includes('.') && !(options.readyz && url.pathname === '/readyz'),
    (route) => route.abort('connectionrefused'),
  );
}

const saleCard = (page: Page, reference: string) =>
  page.locator(`article.sync-sale[data-reference="${reference}"]`);
const header = (page: Page) => page.getByTestId('connection-state');
const invoicesOf = (server: Server, reference: string) =>
  server.hotel!.db.prepare('SELECT count(*) AS n FROM invoices WHERE reference LIKE ?').get(`%${reference}%`);

describe('a sale made while the till server is down', () => {
  it('waits unsent, says the till server is down, and is voided with the manager’s PIN; the PMS never sees it', async ({
    browser,
    server,
  }) => {
    const { context, page } = await openTill(browser, server, BAR_4);
    // what signing in recorded (the shift's opening float) is sent first: the outage has one sale
    await expect.poll(() => tillActivity(page), { timeout: 15_000 }).toEqual({ inFlight: 0, notDone: 0 });
    await stopServer(context);
    const { reference } = await sellForCash(page, server, ['B-100']);

    await expect
      .poll(() => header(page).getAttribute('data-state'), { timeout: 15_000 })
      .toBe('till-unreachable');
    await expect
      .poll(() => header(page).textContent(), { timeout: 10_000 })
      .toBe('Till server unreachable 1 pending');
    await page.locator('nav a[href="/sync"]').click();
    const card = saleCard(page, reference);
    const firstStep = card.locator('.sync-steps li').first();
    await expect
      .poll(() => firstStep.textContent(), { timeout: 10_000 })
      .toMatch(/Waiting.*Could not reach the till server, nothing sent — will retry at \d\d:\d\d/);
    expect(await card.getByText('Checking').count()).toBe(0);

    await card.getByRole('button', { name: 'Void…' }).click({ timeout: 5_000 });
    // without the outlet's own quick reasons, the till's
    expect(
      await card.getByRole('group', { name: 'Quick reasons' }).getByRole('button').allTextContents(),
    ).toEqual(['Wrong item', 'Guest complaint', 'Spilled']);
    await card.getByLabel('Reason for voiding').fill('guest left without drinking');
    await card.getByRole('button', { name: 'Void sale' }).click();
    await approvalDialog(page).waitFor();
    await typePin(approvalDialog(page), '9999');
    await expect.poll(() => card.getAttribute('data-status')).toBe('voided');

    await context.unrouteAll();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => header(page).textContent(), { timeout: 15_000 }).toBe('Online');
    expect(invoicesOf(server, reference)).toEqual({ n: 0 });
  });

  it('is refused before the manager’s PIN is asked when the sale went out without an answer meanwhile', async ({
    browser,
    server,
  }) => {
    const { context, page } = await openTill(browser, server, BAR_4);
    // what signing in recorded (the shift's opening float) is sent first: the outage has one sale
    await expect.poll(() => tillActivity(page), { timeout: 15_000 }).toEqual({ inFlight: 0, notDone: 0 });
    await stopServer(context);
    const { reference } = await sellForCash(page, server, ['B-100']);
    await page.locator('nav a[href="/sync"]').click();
    const card = saleCard(page, reference);
    await card.getByRole('button', { name: 'Void…' }).click({ timeout: 15_000 });
    await card.getByLabel('Reason for voiding').fill('wrong item');

    // Meanwhile the server says it is ready, but the sale's request gets no answer: outcome unknown.
    await stopServer(context, { readyz: true });
    await page.getByRole('button', { name: 'Sync now' }).click();
    const firstStep = card.locator('.sync-steps li').first();
    await expect.poll(() => firstStep.getAttribute('data-state'), { timeout: 10_000 }).toBe('unsure');
    expect(await firstStep.textContent()).toMatch(/No answer.*Sent without an answer/);

    await card.getByRole('button', { name: 'Void sale' }).click();
    await expect
      .poll(() => card.getByRole('alert').textContent())
      .toContain('still finding out whether the till server recorded sale');
    expect(await approvalDialog(page).count()).toBe(0);
    expect(await card.getAttribute('data-status')).toBe('pending');
  });

  it('offers the outlet’s quick reasons (set on the admin page); one tap gives the reason', async ({
    browser,
    server,
  }) => {
    const policy = server.hub.staff.policy('bar');
    // The outlet's own, as the admin page sets them; the tablet has them with the staff list.
    server.hub.staff.setPolicy('bar', { ...policy, quickReasons: ['Glass broke', 'Happy hour'] });
    const { context, page } = await openTill(browser, server, BAR_4);
    // what signing in recorded (the shift's opening float) is sent first: the outage has one sale
    await expect.poll(() => tillActivity(page), { timeout: 15_000 }).toEqual({ inFlight: 0, notDone: 0 });
    await stopServer(context);
    const { reference } = await sellForCash(page, server, ['B-100']);
    await page.locator('nav a[href="/sync"]').click();
    const card = saleCard(page, reference);
    await card.getByRole('button', { name: 'Void…' }).click({ timeout: 15_000 });
    const quick = card.getByRole('group', { name: 'Quick reasons' }).getByRole('button');
    expect(await quick.allTextContents()).toEqual(['Glass broke', 'Happy hour']);
    await quick.first().click();
    expect(await card.getByLabel('Reason for voiding').inputValue()).toBe('Glass broke');
    await card.getByRole('button', { name: 'Void sale' }).click();
    await approvalDialog(page).waitFor();
    await typePin(approvalDialog(page), '9999');
    await expect.poll(() => card.getAttribute('data-status')).toBe('voided');
    expect(await card.textContent()).toContain('Voided by Mia: Glass broke');
    server.hub.staff.setPolicy('bar', policy);
  });
});
