// The first screen's prices kept from the last run: the first frame's tiles show them without an
// Intl.NumberFormat (docs/ui-speed.md); they are the same texts the formatter makes, and only the
// kept locale and currency's are used, only until the page has made a formatter.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../src/pms/money.ts';
import { LOCAL_KEYS } from '../../src/storage/local.ts';
import { stubLocalStorage } from '../support/local-storage.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('kept first-screen prices', () => {
  it('answers a kept amount in its locale and currency without formatting, and formats anything else', async () => {
    const saved = stubLocalStorage();
    // a marker text the formatter would never make: shows that the kept one was used
    const texts = { 350: 'kept 3,50', 420: 'kept 4,20' };
    saved.set(LOCAL_KEYS.firstScreenPrices, JSON.stringify({ locale: 'de-DE', currency: 'EUR', texts }));
    const { keptOrFormatted } = await import('../../src/words/kept-prices.ts');
    expect(keptOrFormatted(350, 'de-DE', 'EUR')).toBe('kept 3,50');
    expect(keptOrFormatted(350, 'en-GB', 'EUR')).toBe(formatMoney(350, 'en-GB', 'EUR'));
    // a formatter has been made now: from here on its texts, kept or not
    expect(keptOrFormatted(420, 'de-DE', 'EUR')).toBe(formatMoney(420, 'de-DE', 'EUR'));
  });

  it('keeps the first page’s prices as the formatter writes them, and reads them back at the next start', async () => {
    const saved = stubLocalStorage();
    saved.set(LOCAL_KEYS.settings, JSON.stringify({ currency: 'CHF' }));
    const { keepFirstPage } = await import('../../src/features/catalogue/catalogue-first-page.ts');
    const prices = [350, 1250, 123456];
    keepFirstPage({
      refreshedAt: 1,
      products: prices.map((price, id) => ({
        id,
        name: `P${id}`,
        number: '',
        ean: '',
        price,
        commodity_group_id: 1,
        commodity_group_name: 'G',
        tax_class_id: 1,
        open_price: false,
        bookable_via_api: true,
      })),
      groups: [{ id: 1, name: 'G', productCount: 3 }],
      taxClasses: [],
      paymentOptions: { invoice_templates: [], payment_methods: [] },
    });
    const { loadCatalogue } = await import('../../src/features/catalogue/catalogue.ts');
    void loadCatalogue().catch(() => undefined);
    const { keepFirstScreenPrices } = await import('../../src/words/kept-prices.ts');
    keepFirstScreenPrices();
    const kept = JSON.parse(saved.get(LOCAL_KEYS.firstScreenPrices) ?? '{}');
    expect(kept.locale).toBe('en-GB');
    expect(kept.currency).toBe('CHF');
    for (const price of prices) expect(kept.texts[price]).toBe(formatMoney(price, 'en-GB', 'CHF'));
    vi.resetModules(); // the next start
    const next = await import('../../src/words/kept-prices.ts');
    expect(next.keptOrFormatted(123456, 'en-GB', 'CHF')).toBe(formatMoney(123456, 'en-GB', 'CHF'));
  });
});
