// Device settings of this till. Owns the values staff set once per tablet (gateway, till, outlet, staff,
// theme, currency, the cash method, the receipt header), their persistence in localStorage, and passing
// the gateway URL to the outbox meta. The UI language is words/i18n.ts's. Invariants: `settings()` is
// always complete and valid; `updateSettings` refuses an invalid value (`SettingsError`), changing nothing.
// List: docs/till-app.md, "Device settings".
import { createSignal } from 'solid-js';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../storage/local';

export type Theme = 'system' | 'light' | 'dark';

export interface Settings {
  /** Origin of the gateway, e.g. 'http://till.local:8080'; '' is the app's own origin. */
  gatewayUrl: string;
  tillName: string;
  outletName: string;
  /** Who is selling; written into every sale. */
  staffName: string;
  theme: Theme;
  /** ISO 4217 code of the hotel currency, e.g. 'EUR'. */
  currency: string;
  /** The payment method that is cash (tendered and change); null: guess from the names. */
  cashPaymentMethodId: number | null;
  /** The receipt header: the hotel's name, its address (one line) and VAT ID; '' leaves it out. */
  hotelName: string;
  hotelAddress: string;
  vatId: string;
}

/** The longest hotel name and address a receipt header takes (80 mm roll: a few lines each). */
export const HOTEL_NAME_MAX = 60;
export const HOTEL_ADDRESS_MAX = 120;
/** An EU VAT ID: the country code, then 2 to 13 letters or digits (e.g. ATU12345678, DE123456789). */
const VAT_ID = /^[A-Z]{2}[0-9A-Z]{2,13}$/;
/** An ISO 4217 code's form; whether it is a currency, Intl says (isCurrency). */
const CURRENCY_FORM = /^[A-Z]{3}$/;

export const DEFAULT_SETTINGS: Readonly<Settings> = {
  gatewayUrl: '',
  tillName: 'Bar 1',
  outletName: '',
  staffName: '',
  theme: 'system',
  currency: 'EUR',
  cashPaymentMethodId: null,
  hotelName: '',
  hotelAddress: '',
  vatId: '',
};

/** A value `updateSettings` refused; `field` names it. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
  constructor(
    readonly field: keyof Settings,
    message: string,
  ) {
    super(message);
  }
}

const [stored, setStored] = createSignal<Settings>(loadStored());

/**
 * The current settings (reactive when read in JSX or an effect).
 * @example <span>{settings().tillName}</span>
 */
export function settings(): Settings {
  return stored();
}

/**
 * Changes some settings, checks them, saves them on this device and applies them.
 * @throws SettingsError when a value is invalid (nothing is changed then).
 * @example updateSettings({ staffName: 'Mia', theme: 'dark' });
 */
export function updateSettings(patch: Partial<Settings>): void {
  const next = normalise({ ...stored(), ...patch });
  const gatewayChanged = next.gatewayUrl !== stored().gatewayUrl;
  setStored(next);
  writeLocal(LOCAL_KEYS.settings, next);
  applyTheme(next.theme);
  if (gatewayChanged) passGatewayToOutbox();
}

/** `stored`: settings read back from this device, which `updateSettings` checked when it saved them;
 * their currency then needs only its form checked (docs/ui-speed.md: the Intl check costs the start). */
function normalise(candidate: Settings, stored = false): Settings {
  const gatewayUrl = candidate.gatewayUrl.trim().replace(/\/+$/, '');
  if (gatewayUrl && !/^https?:\/\/[^/\s]+/i.test(gatewayUrl)) {
    throw new SettingsError('gatewayUrl', 'The gateway address must start with http:// or https://');
  }
  const currency = candidate.currency.trim().toUpperCase();
  if (stored ? !CURRENCY_FORM.test(currency) : !isCurrency(currency))
    throw new SettingsError('currency', `"${candidate.currency}" is not a currency code`);
  if (!['system', 'light', 'dark'].includes(candidate.theme))
    throw new SettingsError('theme', 'Unknown theme');
  const cashId = candidate.cashPaymentMethodId;
  if (cashId !== null && !(Number.isInteger(cashId) && cashId > 0)) {
    throw new SettingsError('cashPaymentMethodId', 'Unknown payment method');
  }
  const tillName = candidate.tillName.trim() || DEFAULT_SETTINGS.tillName;
  const hotelName = candidate.hotelName.trim().replace(/\s+/g, ' ');
  if (hotelName.length > HOTEL_NAME_MAX)
    throw new SettingsError('hotelName', `The hotel name has more than ${HOTEL_NAME_MAX} characters`);
  const hotelAddress = candidate.hotelAddress.trim().replace(/\s+/g, ' ');
  if (hotelAddress.length > HOTEL_ADDRESS_MAX)
    throw new SettingsError('hotelAddress', `The address has more than ${HOTEL_ADDRESS_MAX} characters`);
  const vatId = candidate.vatId.replace(/[\s.-]/g, '').toUpperCase();
  if (vatId && !VAT_ID.test(vatId)) throw new SettingsError('vatId', `"${candidate.vatId}" is not a VAT ID`);
  return {
    ...candidate,
    hotelName,
    hotelAddress,
    vatId,
    gatewayUrl,
    currency,
    tillName,
    outletName: candidate.outletName.trim(),
    staffName: candidate.staffName.trim(),
  };
}

function isCurrency(code: string): boolean {
  if (!CURRENCY_FORM.test(code)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

function loadStored(): Settings {
  const saved = readLocal(LOCAL_KEYS.settings);
  const merged = { ...DEFAULT_SETTINGS, ...(isRecord(saved) ? saved : {}) } as Settings;
  try {
    return normalise(merged, true);
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Marks <html data-theme> for the stylesheet; 'system' follows the device. */
function applyTheme(theme: Theme): void {
  const root = globalThis.document?.documentElement;
  if (!root) return;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

/**
 * Hands the gateway address to the outbox, where the service worker reads it; at start (with the
 * background work, app/startup.ts) and on every change.
 */
export function passGatewayToOutbox(): void {
  if (typeof indexedDB === 'undefined') return;
  const { gatewayUrl } = stored();
  // Loaded on demand: the settings are read by the shell, the outbox's replay code is not needed there.
  import('../../outbox/triggers')
    .then(({ setGatewayBaseUrl }) => setGatewayBaseUrl(gatewayUrl))
    .catch((error: unknown) =>
      console.error('[settings] could not pass the gateway address to the outbox', error),
    );
}

applyTheme(stored().theme);
