// Request bodies and path parameters of the PMS client: the till's inputs (money as integer cents)
// turned into wire bodies (money as a decimal string with two places, "12.50") and checked against
// the wire request schemas before anything is sent. A mismatch throws `PmsRequestError`: the till
// built a bad request, which no retry can fix. Field names are the wire's (snake_case), so a body
// here reads like the one in docs/pms-api.md; only money differs (cents in, decimals out).
import * as v from 'valibot';
import { PmsRequestError } from './errors.ts';
import { type Cents, toDecimalString } from './money.ts';
import type { PmsOperation } from './operations.ts';
import {
  type AddInvoiceProductsRequest,
  type AddProductsRequest,
  type CreateProductRequest,
  describeIssues,
  type ProductLine,
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

/**
 * Checks a wire body (or path parameter) against its schema; throws `PmsRequestError` naming the field.
 * @example checkRequest('getInvoice', Id, 42) // returns nothing; checkRequest('getInvoice', Id, 0) throws
 */
export function checkRequest(operation: PmsOperation, schema: v.GenericSchema, value: unknown): void {
  const result = v.safeParse(schema, value);
  if (result.success) return;
  const { message, field } = describeIssues(result.issues);
  throw new PmsRequestError(operation, message, field);
}

/**
 * Cents as a wire amount; anything but whole cents is refused, since `toDecimalString` would garble it.
 * @example wireAmount('addProducts', 1250) === '12.50'
 */
export function wireAmount(operation: PmsOperation, cents: Cents, field: string): string {
  if (!Number.isSafeInteger(cents)) {
    throw new PmsRequestError(operation, `${field}: must be a whole number of cents`, field);
  }
  return toDecimalString(cents);
}

/**
 * Product lines with their price overrides as wire amounts; unset optional fields are left out.
 * @example productLinesToWire('addProducts', [{ id: 7, quantity: 2, price: 350 }])
 *   // [{ id: 7, quantity: 2, price: '3.50' }]
 */
export function productLinesToWire(operation: PmsOperation, lines: readonly ProductLineInput[]): unknown {
  if (!Array.isArray(lines)) return lines;
  return lines.map((line, index) => ({
    id: line.id,
    quantity: line.quantity,
    ...(line.name === undefined ? {} : { name: line.name }),
    ...(line.price === undefined
      ? {}
      : { price: wireAmount(operation, line.price, `products.${index}.price`) }),
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
