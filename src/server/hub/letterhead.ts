// The letterhead every receipt and slip prints: the business data the hotel enters on the server
// (the admin page's receipt header, per outlet; where a field is empty, the business entered for the
// tax office on /admin/fiscal), never a tablet's. In Germany a sale is not recorded (so not signed)
// while the letterhead has no name or address. docs/printing.md, "Letterhead".
import { ApiError } from '../../node-http/errors.ts';
import type { ReceiptHeaders } from './receipt-header.ts';

/** The business as the tax office knows it (fiscal-control.ts's FiscalBusiness, the fields used here). */
export interface BusinessData {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  taxNumber?: string;
  vatId?: string;
}

export interface Letterhead {
  hotelName: string;
  hotelAddress: string;
  vatId: string;
  taxNumber?: string;
}

/** The letterhead of each outlet, from `headers` and, where given, the fiscal `business`. */
export function createLetterhead(headers: ReceiptHeaders, business?: () => BusinessData) {
  return (outlet: string): Letterhead => {
    const own = headers.forOutlet(outlet);
    const b = business?.();
    const address = b
      ? [b.street, [b.postalCode, b.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')
      : '';
    const taxNumber = b?.taxNumber?.trim() ?? '';
    return {
      hotelName: own.hotelName || (b?.name.trim() ?? ''),
      hotelAddress: own.hotelAddress || address,
      vatId: own.vatId || (b?.vatId?.trim() ?? ''),
      ...(taxNumber ? { taxNumber } : {}),
    };
  };
}

/**
 * @throws ApiError 409 `business_missing` when a German sale of `outlet` could not be signed: its
 * letterhead has no name or no address.
 */
export function requireSignableBusiness(letterhead: Letterhead): void {
  if (!letterhead.hotelName || !letterhead.hotelAddress)
    throw new ApiError(
      409,
      `the hotel's ${letterhead.hotelName ? 'address' : 'name'} is not entered on the till server: a German sale cannot be signed without the business's name and address (admin page, receipt header or fiscal data)`,
      'letterhead',
      'business_missing',
    );
}
