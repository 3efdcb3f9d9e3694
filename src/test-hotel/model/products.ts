// Products of the test hotel: reading product rows, their wire form, and resolving the product
// lines of a write (`{id, quantity, name?, price?}`) into what an invoice item stores. Resolving
// only reads, so a route can check every line before its first insert; a bad line is a 422 that
// names the offending field, e.g. `products.2.price`.
import type * as v from 'valibot';
import { ApiError } from '../../node-http/errors.ts';
import { toDecimalNumber } from '../../pms/money.ts';
import type { Product, ProductLine } from '../../pms/wire.ts';
import { type HotelDb, statement } from '../infra/db.ts';

export interface ProductRow {
  id: number;
  number: string;
  ean: string;
  name: string;
  price_cents: number;
  commodity_group_id: number;
  commodity_group_name: string;
  tax_class_id: number;
  open_price: 0 | 1;
  bookable_via_api: 0 | 1;
}

const SELECT_PRODUCTS = `
  SELECT p.id, p.number, p.ean, p.name, p.price_cents, p.commodity_group_id,
         g.name AS commodity_group_name, p.tax_class_id, p.open_price, p.bookable_via_api
  FROM products p JOIN commodity_groups g ON g.id = p.commodity_group_id`;

export function findProduct(db: HotelDb, id: number): ProductRow | undefined {
  return statement(db, `${SELECT_PRODUCTS} WHERE p.id = ?`).get(id) as ProductRow | undefined;
}

/** Products released for the interface, ordered by commodity group and article number. */
export function listBookableProducts(db: HotelDb): ProductRow[] {
  return statement(
    db,
    `${SELECT_PRODUCTS} WHERE p.bookable_via_api = 1 ORDER BY g.id, p.number, p.id`,
  ).all() as ProductRow[];
}

/** The optional package products linked to a rate. */
export function listOptionalProducts(db: HotelDb, rateId: number): ProductRow[] {
  return statement(
    db,
    `${SELECT_PRODUCTS} JOIN rate_optional_products o ON o.product_id = p.id
     WHERE o.rate_id = ? ORDER BY g.id, p.number, p.id`,
  ).all(rateId) as ProductRow[];
}

export function productToWire(row: ProductRow): v.InferInput<typeof Product> {
  return {
    id: row.id,
    number: row.number,
    ean: row.ean,
    name: row.name,
    price: toDecimalNumber(row.price_cents),
    commodity_group_id: row.commodity_group_id,
    commodity_group_name: row.commodity_group_name,
    tax_class_id: row.tax_class_id,
    open_price: row.open_price === 1,
    bookable_via_api: row.bookable_via_api === 1,
  };
}

/** A product line checked against the catalogue, ready to become an invoice item. */
export interface ResolvedLine {
  productId: number;
  quantity: number;
  name: string;
  originalName: string;
  priceCents: number;
  originalPriceCents: number;
  taxClassId: number;
}

type ParsedLine = v.InferOutput<typeof ProductLine>;

/**
 * Checks every line against the catalogue: the product exists, is released for the interface, and
 * an open-price product comes with a price. Throws a 422 naming `products.<i>.<field>`.
 */
export function resolveLines(db: HotelDb, lines: readonly ParsedLine[], field = 'products'): ResolvedLine[] {
  return lines.map((line, i) => {
    const product = findProduct(db, line.id);
    if (!product)
      throw new ApiError(422, `${field}.${i}.id: there is no product ${line.id}`, `${field}.${i}.id`);
    if (product.bookable_via_api !== 1) {
      throw new ApiError(
        422,
        `${field}.${i}.id: product ${line.id} (${product.name}) is not bookable through the interface`,
        `${field}.${i}.id`,
      );
    }
    if (product.open_price === 1 && line.price === undefined) {
      throw new ApiError(
        422,
        `${field}.${i}.price: product ${line.id} (${product.name}) has an open price; send the amount as price`,
        `${field}.${i}.price`,
      );
    }
    return {
      productId: product.id,
      quantity: line.quantity,
      name: line.name ?? product.name,
      originalName: product.name,
      priceCents: line.price ?? product.price_cents,
      originalPriceCents: product.price_cents,
      taxClassId: product.tax_class_id,
    };
  });
}
