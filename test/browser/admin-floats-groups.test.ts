import { describe, expect } from 'vitest';
import { openFreshContext } from '../support/browser.ts';
import { openTill, tillTest } from '../support/browser-test.ts';
import { answerFloat, typePin } from '../support/staff.ts';
import { axeViolations, outsideWindow } from './page-checks.ts';
import { productTile } from './till.ts';

const ANNA_PASSWORD = 'anna counts the bar';

const it = tillTest({
  staff: true,
  server: { terminalDouble: { stepMs: 100 } },
  setUp: async (server) => {
    const anna = server.hub.staff.list().find((member) => member.name === 'Anna')!;
    await server.hub.staff.setAdminPassword(anna.id, ANNA_PASSWORD);
  },
});

const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
] as const;

describe('outlet groups and the float on the admin pages', () => {
  it('groups ticked by name and the float corrected by a manager (English)', async ({ browser, server }) => {
    // The tablet: Mia's first sign-in records a 50.00 float, then a cash sale.
    const { page: till } = await openTill(browser, server, { until: 'service-worker' });
    await till.locator('.lock-person', { hasText: 'Mia' }).click();
    await typePin(till, '1111');
    await answerFloat(till, '50,00');
    await productTile(till, 'Pils 0,3 l').click();
    await till.locator('.pay-button').click();
    await till.getByRole('button', { name: 'Complete sale' }).click();
    await till.locator('.receipt-panel').getByTestId('receipt-reference').waitFor();
    await till.locator('.receipt-actions button').last().click(); // New sale
    await productTile(till, 'Espresso').click();
    await till.locator('.pay-button').click();
    await till.getByRole('radio', { name: 'EC-Karte / Girocard' }).check();
    await till.getByRole('button', { name: /by card$/ }).click();
    await till.locator('.receipt-panel').getByTestId('receipt-card').waitFor({ timeout: 20_000 });
    const barDrawer = () => server.hub.closing.xReport().drawers.find((d) => d.drawer === 'Bar');
    await expect.poll(() => barDrawer()?.floatCents, { timeout: 15_000 }).toBe(5000);

    const en = await openFreshContext(browser, { locale: 'en-GB' });
    const admin = await en.newPage();
    await admin.goto(`${server.url}/admin`);
    const rules = admin.locator('form[data-outlet="bar"]');
    await rules.getByRole('checkbox', { name: 'Bar', exact: true }).check();
    await rules.getByRole('checkbox', { name: 'Küche / Kitchen' }).check();
    await rules
      .getByLabel('Group the register opens on')
      .selectOption({ label: 'All (with the quick keys)' });
    await rules.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(/\/admin#staff$/);
    expect(server.hub.staff.policy('bar')).toMatchObject({ groupsSold: [1, 3] });
    expect(server.hub.staff.policy('bar').defaultGroup).toBeUndefined();

    await admin.goto(`${server.url}/admin/day`);
    const fix = admin.locator('form[data-float-form="bar/Bar"]');
    expect(await fix.isVisible()).toBe(false); // folded away under its summary until asked for
    await admin.getByText('Correct the opening float', { exact: true }).click();
    await fix.getByLabel('Opening float').fill('150,00');
    await fix.getByLabel('Why').fill('counted 150.00 at the start, typed 50');
    await fix.getByLabel('Manager’s name').fill('Anna');
    await fix.getByLabel('Manager’s admin password').fill(ANNA_PASSWORD);
    await fix.getByRole('button', { name: 'Record the corrected float' }).click();
    await admin.waitForURL(/\/admin\/day#drawers$/);
    expect(barDrawer()).toMatchObject({ floatCents: 15000, floatCorrection: { correctedBy: 'Anna' } });
    expect(await admin.locator('tr[data-drawer="bar/Bar"] [data-float]').textContent()).toBe('€150.00');
    expect(await admin.locator('tr[data-float-corrected="bar/Bar"]').textContent()).toMatch(
      /^Opening float: €150\.00, corrected by Anna, [^(]+ \(was €50\.00\): counted 150\.00 at the start, typed 50$/,
    );
    await en.close();
  });

  for (const locale of ['en-GB', 'de-DE']) {
    it(`fit the window and pass axe at 1024×768 and 768×1024 (${locale})`, async ({ browser, server }) => {
      const found: Record<string, string[]> = {};
      const context = await openFreshContext(browser, { locale });
      const page = await context.newPage();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        const tag = `${locale.slice(0, 2)}-${size.width}x${size.height}`;
        await page.goto(`${server.url}/admin`);
        await page.locator('form[data-outlet="bar"]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/screenshots/admin-outlet-groups-${tag}.png` });
        const groups = await outsideWindow(page, '#policies');
        if (groups.out.length > 0 || groups.sideways) found[`/admin ${tag}`] = groups.out;
        const violationsAdmin = await axeViolations(page);
        if (violationsAdmin.length > 0) found[`/admin axe ${tag}`] = violationsAdmin;
        await page.goto(`${server.url}/admin/day`);
        await page.locator('#drawers table').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/screenshots/admin-day-drawers-${tag}.png` });
        await page.locator('details.float-fixes summary').click();
        await page.locator('details.float-fixes').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/screenshots/admin-day-float-${tag}.png` });
        const day = await outsideWindow(page, '#drawers');
        if (day.out.length > 0 || day.sideways) found[`/admin/day ${tag}`] = day.out;
        // on a landscape tablet the drawers' table is read whole, without scrolling sideways
        const drawers = await page.locator('#drawers').evaluate((s) => [s.scrollWidth, s.clientWidth]);
        if (size.width === 1024 && drawers[0]! > drawers[1]!)
          found[`#drawers ${tag}`] = [`${drawers[0]} px in ${drawers[1]}`];
        const violationsDay = await axeViolations(page);
        if (violationsDay.length > 0) found[`/admin/day axe ${tag}`] = violationsDay;
      }
      await context.close();
      expect(found).toEqual({});
    });
  }
});
