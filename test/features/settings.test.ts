// The receipt header in the device settings: hotel name, address and VAT ID are tidied and kept; a
// value out of bounds is refused naming its field, and nothing is changed then. Settings saved on the
// device are what the next start reads back, whatever it checks again then.
import { describe, expect, it, vi } from 'vitest';
import {
  HOTEL_NAME_MAX,
  SettingsError,
  settings,
  updateSettings,
} from '../../src/features/device/settings.ts';
import { LOCAL_KEYS } from '../../src/storage/local.ts';
import { stubLocalStorage } from '../support/local-storage.ts';

function refusal(patch: Parameters<typeof updateSettings>[0]): SettingsError {
  try {
    updateSettings(patch);
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
  throw new Error('the change was not refused');
}

describe('the receipt header settings', () => {
  it('keeps the hotel name, address and VAT ID, tidied', () => {
    updateSettings({
      hotelName: '  Hotel  Alpenblick ',
      hotelAddress: 'Maria-Theresien-Straße 1,\n6020 Innsbruck',
      vatId: 'atu 1234 5678',
    });
    expect(settings()).toMatchObject({
      hotelName: 'Hotel Alpenblick',
      hotelAddress: 'Maria-Theresien-Straße 1, 6020 Innsbruck',
      vatId: 'ATU12345678',
    });
  });

  it('refuses a VAT ID without a country code, or a name too long, naming the field and changing nothing', () => {
    updateSettings({ hotelName: 'Hotel Alpenblick', vatId: 'DE123456789' });
    expect(refusal({ vatId: '123456789' }).field).toBe('vatId');
    expect(refusal({ hotelName: 'x'.repeat(HOTEL_NAME_MAX + 1), tillName: 'Bar 9' }).field).toBe('hotelName');
    expect(settings()).toMatchObject({
      hotelName: 'Hotel Alpenblick',
      vatId: 'DE123456789',
      tillName: 'Bar 1',
    });
  });
});

describe('settings saved on this device', () => {
  it('are read back at the next start', async () => {
    const saved = stubLocalStorage();
    try {
      updateSettings({ staffName: 'Jonas', currency: 'chf', tillName: 'Bar 2' });
      expect(JSON.parse(saved.get(LOCAL_KEYS.settings)!)).toMatchObject({ staffName: 'Jonas' });

      vi.resetModules(); // a reload: the module reads localStorage as it starts
      const next = await import('../../src/features/device/settings.ts');

      expect(next.settings()).toMatchObject({ staffName: 'Jonas', currency: 'CHF', tillName: 'Bar 2' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
