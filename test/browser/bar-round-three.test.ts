// Found at the bar, round three (issue 33), in Chromium on a portrait tablet with the demo staff: a
// split bill's receipt says what stays open, in English and German; the shift's receipts say what
// each sale sold, open the refund form under its row and in view, and mark a voided sale (no copy,
// no refund); a card terminal out of reach is never called a decline.

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { openTill, tillTest } from '../support/browser-test.ts';
import { approvalDialog, typePin } from '../support/staff.ts';
import { terminalAt } from '../support/terminals.ts';
import { productTile } from './till.ts';

const it = tillTest({ staff: true });

const WORDS = {
  en: {
    locale: 'en-GB',
    pay: /^Pay/,
    equal: 'Equal parts',
    more: 'One part more',
    complete: 'Complete sale',
    rest: /^€\d+\.\d\d still open on the ticket\.$/,
    back: 'Back to the rest of the ticket',
  },
  de: {
    locale: 'de-DE',
    pay: /^Bezahlen/,
    equal: 'Gleiche Teile',
    more: 'Ein Teil mehr',
    complete: 'Verkauf abschließen',
    rest: /^\d+,\d\d\s€ bleiben auf dem Bon offen\.$/,
    back: 'Zurück zum Rest des Bons',
  },
} as const;

async function cashSale(page: Page, products: string[]): Promise<string> {
  for (const name of products) await productTile(page, name).click();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  const reference =
    (await page.locator('.receipt-panel').getByTestId('receipt-reference').textContent()) ?? '';
  await page.getByRole('button', { name: 'New sale' }).click();
  return reference;
}

describe('a split bill’s receipt', () => {
  for (const language of ['en', 'de'] as const) {
    it(`says what stays open on the ticket and leads back to it (${language})`, async ({
      browser,
      server,
    }) => {
      const words = WORDS[language];
      const { page } = await openTill(browser, server, {
        locale: words.locale,
        settings: { language },
        until: 'service-worker',
        signIn: { name: 'Mia', pin: '1111' },
      });
      for (const name of ['Pils 0,3 l', 'Espresso', 'Cola 0,33 l']) await productTile(page, name).click();
      await page.getByRole('button', { name: words.pay }).click();
      await page.getByRole('button', { name: words.equal }).click();
      await page.getByRole('button', { name: words.more }).click();
      await page.getByRole('button', { name: words.complete }).click();
      const rest = page.getByTestId('receipt-rest');
      // three parts: two are left once the first is paid
      expect(await rest.textContent()).toMatch(
        language === 'en'
          ? /^€\d+\.\d\d \(2 parts\) still open on the ticket\.$/
          : /^\d+,\d\d\s€ \(2 Teile\) bleiben auf dem Bon offen\.$/,
      );
      await page.getByRole('button', { name: words.back }).click();
      await page.getByRole('button', { name: words.pay }).click();
      await page.getByRole('button', { name: words.complete }).click();
      expect(await rest.textContent()).toMatch(words.rest);
    });
  }
});

describe('the shift’s receipts', () => {
  it('say what was sold, open the refund form under its row, and mark a voided sale', async ({
    browser,
    server,
  }) => {
    const { context, page } = await openTill(browser, server, {
      viewport: { width: 1024, height: 768 },
      until: 'service-worker',
      signIn: { name: 'Mia', pin: '1111' },
    });
    const sold: string[] = [];
    for (let n = 0; n < 6; n++) sold.push(await cashSale(page, ['Pils 0,3 l', 'Pils 0,3 l', 'Espresso']));
    // a sale made while the till server is down waits unsent, and is voided from the sync view
    await context.route(
      (url) => url.pathname !== '/' && !url.pathname.includes('.'),
      (route) => route.abort('connectionrefused'),
    );
    const voided = await cashSale(page, ['Espresso']);
    await page.locator('nav a[href="/sync"]').click();
    const card = page.locator(`article.sync-sale[data-reference="${voided}"]`);
    await card.getByRole('button', { name: 'Void…' }).click({ timeout: 15_000 });
    await card.getByLabel('Reason for voiding').fill('Wrong table');
    await card.getByRole('button', { name: 'Void sale' }).click();
    await approvalDialog(page).locator('.lock-person', { hasText: 'Anna' }).click();
    await typePin(approvalDialog(page), '9999');
    await context.unroute(() => true);

    await page.locator('nav a[href="/report"]').click();
    const list = page.getByTestId('shift-receipts');
    const voidedRow = list.locator(`li[data-reference="${voided}"]`);
    await expect.poll(() => voidedRow.textContent(), { timeout: 15_000 }).toContain('Voided');
    expect(await voidedRow.getByRole('button').count()).toBe(0);

    const first = list.locator(`li[data-reference="${sold[0]}"]`);
    expect(await first.getByTestId('receipt-row-lines').textContent()).toBe('2 × Pils 0,3 l, Espresso');
    await first.getByRole('button', { name: 'Refund…' }).click({ timeout: 20_000 });
    const reason = page.getByLabel('Why is the sale refunded?');
    await reason.waitFor();
    // the form is the row's own, and on screen
    expect(await first.getByLabel('Why is the sale refunded?').count()).toBe(1);
    const box = (await reason.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(768);
    expect(box.y).toBeGreaterThanOrEqual(0);
  });
});

describe('a card terminal out of reach', () => {
  for (const language of ['en', 'de'] as const) {
    it(`is said as such, not as a declined card (${language})`, async ({ browser, server }) => {
      // port 9 (discard) on the loopback: nothing listens there
      const terminal = server.cards.terminals.add(
        terminalAt({ host: '127.0.0.1', port: 9 }, { name: 'Bar' }),
      );
      try {
        const { page } = await openTill(browser, server, {
          locale: WORDS[language].locale,
          settings: { language },
          until: 'service-worker',
          signIn: { name: 'Mia', pin: '1111' },
        });
        await productTile(page, 'Espresso').click();
        await page.getByRole('button', { name: WORDS[language].pay }).click();
        await page.getByRole('radio', { name: 'EC-Karte / Girocard' }).check();
        await page.locator('.pay-card').click();
        await expect
          .poll(() => page.getByTestId('card-status').textContent(), { timeout: 20_000 })
          .toBe(
            language === 'en'
              ? 'The card was not charged: the terminal cannot be reached. The ticket stays open.'
              : 'Die Karte wurde nicht belastet: Terminal nicht erreichbar. Der Bon bleibt offen.',
          );
      } finally {
        server.cards.terminals.remove(terminal.id);
      }
    });
  }
});

describe('the group tabs', () => {
  for (const language of ['en', 'de'] as const) {
    it(`keep the group chosen when staff come back from another section (${language})`, async ({
      browser,
      server,
    }) => {
      const { page } = await openTill(browser, server, {
        locale: WORDS[language].locale,
        settings: { language },
        until: 'service-worker',
        signIn: { name: 'Mia', pin: '1111' },
      });
      const tabs = page.locator('.group-tabs button');
      await tabs.filter({ hasText: /^Minibar$/ }).click();
      await page.locator('nav a[href="/report"]').click();
      await page.locator('main .view:not(.register-view)').waitFor();
      await page.locator('nav a[href="/"]').click();
      await expect
        .poll(() => tabs.filter({ hasText: /^Minibar$/ }).getAttribute('aria-pressed'))
        .toBe('true');
    });
  }
});
