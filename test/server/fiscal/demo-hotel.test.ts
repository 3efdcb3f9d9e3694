// The German demo hotel (DEMO_HOTEL=de) and the TSE settings: German address and tax classes in its
// own database file, and a fiskaly account only with all three TSE_ variables.
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/server/config.ts';
import { createTestHotel } from '../../../src/test-hotel/index.ts';

describe('the German demo hotel', () => {
  it('is chosen with DEMO_HOTEL=de and keeps its own database file', () => {
    const config = readConfig({ DATA_DIR: '/srv/till', DEMO_HOTEL: 'de' });
    expect(config.demoRegion).toBe('DE');
    expect(config.hotelFile).toBe('/srv/till/test-hotel-de.sqlite');
    expect(readConfig({ DATA_DIR: '/srv/till' }).hotelFile).toBe('/srv/till/test-hotel.sqlite');
    expect(() => readConfig({ DEMO_HOTEL: 'fr' })).toThrow(/^DEMO_HOTEL: /);
  });

  it('has a German address and German VAT: 19 % and 7 %', () => {
    const hotel = createTestHotel({ dbFile: ':memory:', testMode: false, region: 'DE' });
    const rates = hotel.db
      .prepare('SELECT name, rate_basis_points AS bp FROM tax_classes ORDER BY id')
      .all() as { name: string; bp: number }[];
    expect(rates.map((rate) => rate.bp)).toEqual([1900, 700, 0, 1900]);
    expect(hotel.profile).toMatchObject({ country: 'DE', city: 'Starnberg' });
    hotel.close();
    const austrian = createTestHotel({ dbFile: ':memory:', testMode: false });
    expect(austrian.profile.country).toBe('AT');
    expect(
      (
        austrian.db.prepare('SELECT rate_basis_points AS bp FROM tax_classes WHERE id = 1').get() as {
          bp: number;
        }
      ).bp,
    ).toBe(2000);
    austrian.close();
  });
});

describe('the TSE settings', () => {
  it('take a fiskaly account only with TSE_URL, TSE_API_KEY and TSE_API_SECRET together', () => {
    expect(() => readConfig({ TSE_URL: 'https://kassensichv-middleware.fiskaly.com' })).toThrow(
      /^TSE_URL: set TSE_URL, TSE_API_KEY/,
    );
    expect(() => readConfig({ TSE_URL: 'not a url', TSE_API_KEY: 'k', TSE_API_SECRET: 's' })).toThrow(
      /^TSE_URL: /,
    );
    const config = readConfig({
      TSE_URL: 'https://kassensichv-middleware.fiskaly.com',
      TSE_API_KEY: 'k',
      TSE_API_SECRET: 's',
    });
    expect(config.TSE_API_KEY).toBe('k');
  });
});
