// Two layout fixes of issue 33 measured in Chromium at 1024×768 and 768×1024, English and German:
// after a tipped card sale the long receipt scrolls in the ticket panel while "Print copy" and "New
// sale" stay inside the panel's visible box and the window, uncovered; and the day's X report reads
// as rows: each row's label has the ink and size of its amounts, not the grey small type of the
// column headings above them.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { openTill, tillTest } from '../support/browser-test.ts';
import { ANNA } from '../support/staff.ts';
import { productTile, screenshot } from './till.ts';

const it = tillTest({
  staff: true,
  server: { terminalDouble: { stepMs: 200, tipCents: 200 }, cardSilenceMs: 1500 },
});

const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
] as const;

const WORDS = {
  en: {
    tipHere: 'Tip typed here',
    tip: 'Tip amount',
    pay: /by card$/,
    newSale: 'New sale',
    day: 'Open the day closing',
  },
  de: {
    tipHere: 'Trinkgeld hier eingeben',
    tip: 'Trinkgeld-Betrag',
    pay: /mit Karte zahlen$/,
    newSale: 'Neuer Verkauf',
    day: 'Tagesabschluss öffnen',
  },
} as const;

/**
 * Each receipt action that is not wholly visible without scrolling: outside the window, outside the
 * ticket panel's visible box, or covered at its centre by something else.
 */
function hiddenReceiptActions(page: Page) {
  return page.locator('.ticket-panel').evaluate((panel) => {
    const box = panel.getBoundingClientRect();
    const actions = [...panel.querySelectorAll<HTMLElement>('.receipt-actions button')];
    const hidden = actions.flatMap((button) => {
      const r = button.getBoundingClientRect();
      const inWindow =
        r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
      const inPanel = r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const uncovered = top !== null && button.contains(top);
      return inWindow && inPanel && uncovered
        ? []
        : [
            `${button.textContent}: ${Math.round(r.top)}–${Math.round(r.bottom)} (panel ${Math.round(box.top)}–${Math.round(box.bottom)}, window ${innerHeight})`,
          ];
    });
    return { count: actions.length, hidden, scrolls: panel.scrollHeight > panel.clientHeight + 1 };
  });
}

/** The X report's row labels that do not read as their row's first cell, and how many there are. */
function rowLabelsStyledAsHeadings(page: Page) {
  return page.getByTestId('day-closing').evaluate((closing) => {
    const size = (el: Element) => Number.parseFloat(getComputedStyle(el).fontSize);
    const wrong: string[] = [];
    let labels = 0;
    for (const table of closing.querySelectorAll('table.desk-table')) {
      const heading = table.querySelector('thead th');
      for (const row of table.querySelectorAll('tbody tr')) {
        const label = row.querySelector('th[scope="row"]');
        const amount = row.querySelector('td');
        if (!label || !amount || !heading) continue;
        labels += 1;
        const l = getComputedStyle(label);
        const a = getComputedStyle(amount);
        const r = label.getBoundingClientRect();
        const problems = [
          l.color !== a.color && `colour ${l.color}, amounts ${a.color}`,
          l.color === getComputedStyle(heading).color && 'colour of the column headings',
          size(label) < size(amount) && `${size(label)} px, amounts ${size(amount)} px`,
          size(label) <= size(heading) && 'no larger than the column headings',
          Number(l.fontWeight) < 600 && `weight ${l.fontWeight}`,
          (r.right > innerWidth || r.left < 0) && 'outside the window',
        ].filter(Boolean);
        if (problems.length > 0) wrong.push(`${label.textContent}: ${problems.join(', ')}`);
      }
    }
    return { labels, wrong };
  });
}

describe('a tipped card receipt’s actions and the X report’s rows', () => {
  for (const language of ['en', 'de'] as const) {
    const words = WORDS[language];
    it(`keep Print copy / New sale in view and the X rows readable (${language})`, async ({
      browser,
      server,
    }) => {
      const { page } = await openTill(browser, server, {
        viewport: SIZES[0],
        locale: language === 'de' ? 'de-DE' : 'en-GB',
        settings: { language },
        until: 'service-worker',
        signIn: ANNA,
      });
      for (const name of ['Espresso', 'Club Sandwich', 'Pils 0,3 l']) await productTile(page, name).click();
      await page.locator('.pay-button').click();
      await page.getByRole('radio', { name: 'EC-Karte / Girocard' }).check();
      await page.getByRole('radio', { name: words.tipHere }).check();
      await page.getByLabel(words.tip).fill('2,50');
      await page.getByRole('button', { name: words.pay }).click();
      await page.locator('.receipt-panel').getByTestId('receipt-tip').waitFor({ timeout: 20_000 });
      await page.locator('.receipt-panel').getByTestId('receipt-card-slip').waitFor();

      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.evaluate(() => {
          window.scrollTo(0, 0);
          document.querySelector('.ticket-panel')?.scrollTo(0, 0);
        });
        await screenshot(page, `tipped-receipt-${language}-${size.width}x${size.height}`);
        const measured = await hiddenReceiptActions(page);
        expect(measured.count, 'Print copy and New sale').toBe(2);
        expect(measured.hidden, `${size.width}×${size.height}`).toEqual([]);
        // the case the fix is for: at 1024×768 the receipt is longer than its panel (in portrait it may fit)
        if (size.height === 768)
          expect(measured.scrolls, 'the receipt scrolls in its panel at 1024×768').toBe(true);
      }

      await page.getByRole('button', { name: words.newSale }).click();
      await page.locator('nav a[href="/report"]').click();
      const closing = page.getByTestId('day-closing');
      await closing.getByRole('button', { name: words.day }).click();
      await closing
        .getByTestId('day-by-payment')
        .locator('[data-method="card"]')
        .waitFor({ timeout: 15_000 });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await closing.getByTestId('day-by-payment').scrollIntoViewIfNeeded();
        await screenshot(page, `x-report-rows-${language}-${size.width}x${size.height}`);
        const rows = await rowLabelsStyledAsHeadings(page);
        expect(rows.labels, 'card and VAT rows').toBeGreaterThanOrEqual(2);
        expect(rows.wrong, `${size.width}×${size.height}`).toEqual([]);
      }
    });
  }
});
