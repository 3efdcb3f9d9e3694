import { describe, expect } from 'vitest';
import type { Product } from '../../src/pms/wire.ts';
import { buildSearchIndex, search as searchProducts } from '../../src/rules/search.ts';
import { browserTest as it, openTill, type Tablet } from '../support/browser-test.ts';
import { hotelDb, productTile, screenshot, searchField, ticketContents } from './till.ts';

const tileNames = (till: Tablet) =>
  till.page.getByRole('list', { name: 'Products' }).locator('.product-name').allTextContents();

describe('the catalogue', () => {
  it('loads the test hotel’s products and shows their commodity groups as tabs', async ({
    browser,
    server,
  }) => {
    const till = await openTill(browser, server, { path: '/catalogue' });
    const { page } = till;
    const groups = page.getByRole('group', { name: 'Commodity groups' }).getByRole('button');
    expect(await groups.allTextContents()).toEqual([
      'All',
      'Bar',
      'Minibar',
      'Küche / Kitchen',
      'Spa',
      'Service',
    ]);
    expect(await page.getByTestId('catalogue-refreshed').textContent()).toMatch(
      /Catalogue from \d\d:\d\d · 58 products/,
    );

    await groups.getByText('Minibar').click();
    expect(await groups.getByText('Minibar').getAttribute('aria-pressed')).toBe('true');
    const names = await tileNames(till);
    expect(names).toHaveLength(10);
    expect(names.every((name) => name.startsWith('Minibar'))).toBe(true);
    expect(till.errors).toEqual([]);
  });

  it('finds products by name as you type, and by article number', async ({ browser, server }) => {
    const till = await openTill(browser, server, { path: '/catalogue' });
    await searchField(till.page).fill('weiss');
    await expect.poll(() => tileNames(till!)).toEqual(['Weißbier 0,5 l', 'Minibar Weißwein 0,25 l']);
    await searchField(till.page).fill('spritz');
    await expect.poll(() => tileNames(till!)).toEqual(['Aperol Spritz']);
    await searchField(till.page).fill('K-302');
    await expect.poll(() => tileNames(till!)).toEqual(['Kaiserschmarrn']);
    await searchField(till.page).fill('B-13');
    await expect
      .poll(() => tileNames(till!))
      .toEqual(['Cappuccino', 'Espresso', 'Latte Macchiato', 'Tee, Kännchen']);
  });

  it('shows every match of each keystroke, the first screenful at once and the rest after it, and a tile adds what it shows', async ({
    browser,
    server,
  }) => {
    // The grid keeps its tiles by place and brings the tiles after the first 24 a frame later
    // (ProductPanel.tsx): after each keystroke the whole grid must still be that query's matches.
    const products = hotelDb(server)
      .prepare(
        'SELECT id, name, number, ean, price_cents AS price, commodity_group_id FROM products WHERE bookable_via_api = 1',
      )
      .all() as Product[];
    const index = buildSearchIndex(products);
    const till = await openTill(browser, server);
    const search = searchField(till.page);
    for (const query of ['e', 'er', 'ere', 'er', 'e', '', 'l', 'la', 'lat']) {
      await search.fill(query);
      const expected = searchProducts(index, query, 120).matches.map((product) => product.name);
      await expect.poll(() => tileNames(till), { message: `after "${query}"` }).toEqual(expected);
    }
    expect(searchProducts(index, 'e', 120).total).toBeGreaterThan(24); // the rest came after the frame
    await productTile(till.page, 'Latte Macchiato').click();
    expect(await ticketContents(till.page)).toEqual([['Latte Macchiato', '1']]);
    expect(till.errors).toEqual([]);
  });

  it('shows a group of less than a screenful at once, without a tile of the matches before it', async ({
    browser,
    server,
  }) => {
    // The rest of a result follows a frame late, but only below a full screenful: with 10 matches
    // no tile of the 58 shown before may stand after them, not even until the next frame.
    const till = await openTill(browser, server, { path: '/catalogue' });
    await expect.poll(() => tileNames(till).then((names) => names.length)).toBe(58);
    const shownInTheClicksTask = await till.page.evaluate(() => {
      const tabs = document.querySelectorAll<HTMLButtonElement>('.group-tabs button');
      [...tabs].find((tab) => tab.textContent === 'Minibar')!.click();
      return [...document.querySelectorAll('ul.product-grid .product-name')].map((name) => name.textContent);
    });
    expect(shownInTheClicksTask).toHaveLength(10);
    expect(shownInTheClicksTask.every((name) => name?.startsWith('Minibar'))).toBe(true);
    expect(till.errors).toEqual([]);
  });

  it('opens again offline on its cached first page, then shows, finds and scans every product', async ({
    browser,
    server,
  }) => {
    // The demo hotel's 58 products: more than the first page (48) the till shows before reading all.
    const products = hotelDb(server)
      .prepare('SELECT name, ean FROM products WHERE bookable_via_api = 1')
      .all() as { name: string; ean: string }[];
    const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });
    const byName = products.sort((a, b) => collator.compare(a.name, b.name));
    const last = byName.at(-1)!;
    const lastScannable = byName.filter((product) => product.ean).at(-1)!;
    const till = await openTill(browser, server);
    const { page, context } = till;
    await context.setOffline(true);
    await page.reload();

    const search = searchField(page);
    await search.pressSequentially(lastScannable.ean, { delay: 5 });
    await search.press('Enter');
    await expect.poll(() => ticketContents(page)).toEqual([[lastScannable.name, '1']]);
    await expect.poll(() => tileNames(till)).toHaveLength(byName.length);
    expect((await tileNames(till))[0]).toBe(byName[0]!.name);
    await search.fill(last.name);
    await expect.poll(() => productTile(page, last.name).count()).toBe(1);
    // Offline, the till's own requests fail (and say so); nothing else went wrong.
    expect(till.errors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  it('adds the product whose EAN a barcode scanner types and ends with Enter', async ({
    browser,
    server,
  }) => {
    const { ean } = hotelDb(server).prepare("SELECT ean FROM products WHERE number = 'B-100'").get() as {
      ean: string;
    };
    const till = await openTill(browser, server, { path: '/catalogue' });
    const search = searchField(till.page);
    await search.pressSequentially(ean, { delay: 5 });
    await search.press('Enter');
    await expect.poll(() => till!.page.getByTestId('toast').textContent()).toBe('Added: Pils 0,3 l');
    expect(await search.inputValue()).toBe(''); // ready for the next scan
    // A scan right after tapping a tile (the focus on the tile) still lands in the search.
    await productTile(till.page, 'Hugo').click();
    await till.page.keyboard.type('b-100', { delay: 5 });
    await till.page.keyboard.press('Enter');
    await expect
      .poll(() => till!.page.getByRole('link', { name: /Ticket: 3 items/ }).textContent())
      .toContain('€16.30'); // 2 × 4.20 + 7.90
  });

  it('creates a product in the PMS: it shows at once and can be sold', async ({ browser, server }) => {
    const till = await openTill(browser, server, { path: '/catalogue' });
    const { page } = till;
    await page.getByRole('button', { name: 'New product' }).click();
    const form = page.getByRole('dialog', { name: 'New product' });
    await form.getByLabel('Name').fill('Espresso Tonic');
    await form.getByLabel('Article number (optional)').fill('B-150');
    await form.getByLabel('Price (incl. VAT)').fill('6,40');
    await form.getByLabel('Commodity group').selectOption({ label: 'Bar' });
    await form.getByLabel('Tax class').selectOption({ label: 'USt 20 %' });
    await screenshot(page, 'catalogue-new-product-768');
    await form.getByRole('button', { name: 'Create product' }).click();

    await expect
      .poll(() => page.getByTestId('toast').textContent())
      .toBe('Product “Espresso Tonic” created.');
    await searchField(page).fill('espresso t');
    await expect.poll(() => tileNames(till!)).toEqual(['Espresso Tonic']);
    const row = hotelDb(server)
      .prepare(
        'SELECT name, price_cents, commodity_group_id, tax_class_id, bookable_via_api FROM products WHERE number = ?',
      )
      .get('B-150');
    expect(row).toEqual({
      name: 'Espresso Tonic',
      price_cents: 640,
      commodity_group_id: 1,
      tax_class_id: 1,
      bookable_via_api: 1,
    });
  });

  it('creates a commodity group in the PMS and offers it for new products', async ({ browser, server }) => {
    const till = await openTill(browser, server, { path: '/catalogue' });
    const { page } = till;
    await page.getByRole('button', { name: 'New group' }).click();
    const form = page.getByRole('dialog', { name: 'New commodity group' });
    await form.getByLabel('Name', { exact: true }).fill('Cocktails');
    await form.getByRole('button', { name: 'Create group' }).click();

    await expect
      .poll(() => page.getByTestId('toast').textContent())
      .toBe('Commodity group “Cocktails” created.');
    expect(
      hotelDb(server).prepare("SELECT COUNT(*) AS n FROM commodity_groups WHERE name = 'Cocktails'").get(),
    ).toEqual({ n: 1 });
    await page.getByRole('button', { name: 'New product' }).click();
    const options = page
      .getByRole('dialog', { name: 'New product' })
      .getByLabel('Commodity group')
      .locator('option');
    await expect.poll(() => options.allTextContents()).toContain('Cocktails');
  });

  it('says plainly that creating needs the till online, and creates nothing offline', async ({
    browser,
    server,
  }) => {
    const till = await openTill(browser, server, { path: '/catalogue' });
    const { page, context } = till;
    const before = hotelDb(server).prepare('SELECT COUNT(*) AS n FROM products').get();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'New product' }).click();
    const form = page.getByRole('dialog', { name: 'New product' });
    await form.getByLabel('Name').fill('Offline Lemonade');
    await form.getByLabel('Price (incl. VAT)').fill('3.90');
    await form.getByLabel('Commodity group').selectOption({ label: 'Bar' });
    await form.getByLabel('Tax class').selectOption({ label: 'USt 20 %' });
    await form.getByRole('button', { name: 'Create product' }).click();

    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toBe('The till is offline. This needs a connection to the PMS — try again when the till is online.');
    await screenshot(page, 'catalogue-offline-create-768');
    expect(hotelDb(server).prepare('SELECT COUNT(*) AS n FROM products').get()).toEqual(before);
    // The catalogue itself still works offline from the cache.
    await form.getByRole('button', { name: 'Close' }).click();
    await searchField(page).fill('hugo');
    await expect.poll(() => productTile(page, 'Hugo').count()).toBe(1);
  });

  it('looks right on a tablet in portrait and in landscape', async ({ browser, server }) => {
    for (const viewport of [
      { width: 768, height: 1024 },
      { width: 1280, height: 800 },
    ]) {
      const till = await openTill(browser, server, { path: '/catalogue', viewport });
      await screenshot(till.page, `catalogue-${viewport.width}x${viewport.height}`);
      const tiles = await till.page.getByRole('list', { name: 'Products' }).getByRole('button').all();
      for (const tile of tiles.slice(0, 12))
        expect((await tile.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
      await till.context.close();
    }
  });

  it('fits a 390 px phone: no sideways scrolling, the group tabs scroll on their own', async ({
    browser,
    server,
  }) => {
    const till = await openTill(browser, server, {
      path: '/catalogue',
      viewport: { width: 390, height: 844 },
    });
    const { page } = till;
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    const tabs = page.getByRole('group', { name: 'Commodity groups' });
    expect(await tabs.evaluate((row) => row.scrollWidth > row.clientWidth)).toBe(true);
    await screenshot(page, 'catalogue-390x844');

    await page.locator('nav a[href="/"]').click();
    await page.locator('.register-view').waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
  });
});
