// The receipt header, set once on the server for the hotel (name, one-line address, VAT ID), which
// an outlet may override field by field; served to paired tablets for their outlet (`GET
// /till/receipt-header`), edited on the admin page only. Kept as JSON in `hub_settings` (key
// 'receipt-header'), so it needs no table of its own. Refuses a value naming its field (400).
import type { Outlet } from '../../pms/device-calls.ts';
import type { HubDb } from './hub-db.ts';

/** The header printed on every receipt: '' leaves a field out. */
export interface ReceiptHeader {
  hotelName: string;
  hotelAddress: string;
  vatId: string;
}

export type ReceiptHeaderScope = 'hotel' | Outlet;

export const HOTEL_NAME_MAX = 60;
export const HOTEL_ADDRESS_MAX = 120;
/** An EU VAT ID: the country code, then 2 to 13 letters or digits (e.g. ATU12345678, DE123456789). */
const VAT_ID = /^[A-Z]{2}[0-9A-Z]{2,13}$/;
const KEY = 'receipt-header';
const EMPTY: ReceiptHeader = { hotelName: '', hotelAddress: '', vatId: '' };

/** A refused header value; `field` names it. */
export class ReceiptHeaderError extends Error {
  constructor(
    message: string,
    readonly field: keyof ReceiptHeader | 'scope',
  ) {
    super(message);
    this.name = 'ReceiptHeaderError';
  }
}

/** `input`'s fields checked and tidied (spaces collapsed, the VAT ID upper case without separators); throws naming the field. */
export function checkReceiptHeader(input: Record<string, unknown>): ReceiptHeader {
  const text = (field: keyof ReceiptHeader) => {
    const value = input[field];
    if (value !== undefined && typeof value !== 'string')
      throw new ReceiptHeaderError(`${field} must be text`, field);
    return (value ?? '').trim().replace(/\s+/g, ' ');
  };
  const hotelName = text('hotelName');
  if (hotelName.length > HOTEL_NAME_MAX)
    throw new ReceiptHeaderError(`The hotel name has more than ${HOTEL_NAME_MAX} characters`, 'hotelName');
  const hotelAddress = text('hotelAddress');
  if (hotelAddress.length > HOTEL_ADDRESS_MAX)
    throw new ReceiptHeaderError(`The address has more than ${HOTEL_ADDRESS_MAX} characters`, 'hotelAddress');
  const vatId = text('vatId')
    .replace(/[\s.-]/g, '')
    .toUpperCase();
  if (vatId && !VAT_ID.test(vatId))
    throw new ReceiptHeaderError(`"${text('vatId')}" is not a VAT ID`, 'vatId');
  return { hotelName, hotelAddress, vatId };
}

/** `outletIds`: the hotel's outlets now (outlets.ts), each of which may override the hotel's header. */
export function createReceiptHeaders(db: HubDb, outletIds: () => readonly Outlet[]) {
  const isScope = (value: string): value is ReceiptHeaderScope =>
    value === 'hotel' || outletIds().includes(value);
  const read = (): Partial<Record<ReceiptHeaderScope, ReceiptHeader>> => {
    const row = db.prepare('SELECT value FROM hub_settings WHERE key = ?').get(KEY) as
      | { value: string }
      | undefined;
    return row ? (JSON.parse(row.value) as Partial<Record<ReceiptHeaderScope, ReceiptHeader>>) : {};
  };
  return {
    /** Whether `value` names the hotel or one of its outlets. */
    isScope,
    /** What was set: the hotel's, and each outlet's overrides ('' in a field: the hotel's is used). */
    stored(scope: ReceiptHeaderScope): ReceiptHeader {
      return { ...EMPTY, ...read()[scope] };
    },
    /** The header a tablet of `outlet` prints: its outlet's fields where set, else the hotel's. */
    forOutlet(outlet: Outlet): ReceiptHeader {
      const all = read();
      const hotel = { ...EMPTY, ...all.hotel };
      const own = { ...EMPTY, ...all[outlet] };
      return {
        hotelName: own.hotelName || hotel.hotelName,
        hotelAddress: own.hotelAddress || hotel.hotelAddress,
        vatId: own.vatId || hotel.vatId,
      };
    },
    /** Sets the hotel's header or an outlet's overrides (checked first: nothing is written when a field is refused). */
    set(scope: ReceiptHeaderScope, input: Record<string, unknown>): ReceiptHeader {
      if (!isScope(scope)) throw new ReceiptHeaderError('unknown outlet', 'scope');
      const header = checkReceiptHeader(input);
      db.prepare(
        `INSERT INTO hub_settings (key, value) VALUES (?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      ).run(KEY, JSON.stringify({ ...read(), [scope]: header }));
      return header;
    },
    /** The outlets whose receipts would print without a VAT ID. */
    outletsWithoutVatId(): Outlet[] {
      return outletIds().filter((outlet) => !this.forOutlet(outlet).vatId);
    },
  };
}

export type ReceiptHeaders = ReturnType<typeof createReceiptHeaders>;
