// What the till passes to PMS calls, and how it becomes a request: the till's inputs (money as
// integer cents) and their checks, turned into wire bodies (money as a decimal string, "12.50") and
// paths. Field names are the wire's (snake_case), so a body here reads like the one in
// docs/pms-api.md; only money differs. Pure: the client (client.ts) runs the checks and throws.
import * as v from 'valibot';
import { type Cents, toDecimalString } from './money.ts';
import {
  type AddInvoiceProductsRequest,
  type AddProductsRequest,
  type CreateProductRequest,
  Id,
  IsoDate,
  type ProductLine,
  TimeOfDay,
} from './wire.ts';

/** A product line as the till holds it: the optional price override in cents. */
export type ProductLineInput = Omit<ProductLine, 'price'> & { price?: Cents | undefined };

/** `POST /api/create/products` with the price in cents. */
export type CreateProductInput = Omit<CreateProductRequest, 'price'> & { price: Cents };

/** `POST /api/set/add/invoice/products` with price overrides in cents. */
export type AddInvoiceProductsInput = Omit<AddInvoiceProductsRequest, 'products'> & {
  products: ProductLineInput[];
};

/** `POST /api/set/add/products` with price overrides in cents. */
export type AddProductsInput = Omit<AddProductsRequest, 'products'> & { products: ProductLineInput[] };

/** Arguments of `closeInvoice` (GET /api/set/invoice/paid/...). */
export interface CloseInvoiceArgs {
  invoiceId: number;
  templateId: number;
  paymentMethodId: number;
  /** Have the PMS e-mail the invoice document to the recipient (`send_invoice` 'yes'). */
  sendInvoice: boolean;
}

export const CloseInvoiceParams = v.object({
  invoiceId: Id,
  templateId: Id,
  paymentMethodId: Id,
  sendInvoice: v.boolean('must be true or false'),
});

/** Arguments of `getReservationsInTimespan` (GET /api/get/timespan/reservations/...). */
export interface TimespanArgs {
  /** First day, YYYY-MM-DD. The period may span at most 12 months. */
  start: string;
  /** Last day, YYYY-MM-DD. */
  end: string;
  /** Only bookings created or changed on this day (YYYY-MM-DD) or later. */
  lastModified: string;
  /** Narrows `lastModified` to this time of that day or later, HH:MM or HH:MM:SS. */
  lastModifiedTime?: string | undefined;
  /** List no-shows as well (`?include_noshows=yes`). */
  includeNoShows?: boolean | undefined;
}

export const TimespanParams = v.object({
  start: IsoDate,
  end: IsoDate,
  lastModified: IsoDate,
  lastModifiedTime: v.optional(TimeOfDay),
  includeNoShows: v.optional(v.boolean('must be true or false')),
});

export const ReservationNumber = v.pipe(
  v.string('must be text'),
  v.trim(),
  v.minLength(1, 'must not be empty'),
);

/** Whole cents: anything else would come out of `toDecimalString` garbled. */
const WholeCents = v.custom<Cents>(
  (value) => typeof value === 'number' && Number.isSafeInteger(value),
  'must be a whole number of cents',
);

/** The price of a `CreateProductInput` is whole cents (the wire schema checks the rest). */
export const PriceInCents = v.looseObject({ price: WholeCents });

/** The price overrides of product lines are whole cents (the wire schema checks the rest). */
export const LinePricesInCents = v.looseObject({
  products: v.array(v.looseObject({ price: v.optional(WholeCents) }), 'must be a list of products'),
});

/**
 * Product lines with their price overrides as wire amounts; unset optional fields are left out.
 * @example productLinesToWire([{ id: 7, quantity: 2, price: 350 }]) // [{ id: 7, quantity: 2, price: '3.50' }]
 */
export function productLinesToWire(lines: readonly ProductLineInput[]) {
  return lines.map((line) => ({
    id: line.id,
    quantity: line.quantity,
    ...(line.name === undefined ? {} : { name: line.name }),
    ...(line.price === undefined ? {} : { price: toDecimalString(line.price) }),
  }));
}

/**
 * Percent-encodes each interpolated value as one path segment.
 * @example apiPath`/get/single_number/mainreservations/${'A/7'}` === '/api/get/single_number/mainreservations/A%2F7'
 */
export function apiPath(parts: TemplateStringsArray, ...segments: readonly (string | number)[]): string {
  let path = '/api';
  parts.forEach((part, index) => {
    path += part;
    if (index < segments.length) path += encodeURIComponent(String(segments[index]));
  });
  return path;
}
