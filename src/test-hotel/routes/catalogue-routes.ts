// Catalogue endpoints of the test hotel: products released for the interface, the optional
// products of a rate, creating products and commodity groups, tax classes and booking accounts.
// Refusals (our choices): unknown rate -> 404; a rate blocked for the interface (rule 7) -> 409;
// an unknown group or tax class in a body -> 422 naming the field; a duplicate group name
// (case-insensitive), article number or EAN -> 409 naming the field.
import { Hono } from 'hono';
import { parseBody } from '../../node-http/body.ts';
import { ApiError, envelope, ok, okJson, param } from '../../node-http/errors.ts';
import { CreateCommodityGroupRequest, CreateProductRequest, IdParam } from '../../pms/wire.ts';
import type { TestHotel } from '../hotel.ts';
import { atomic, type HotelDb, statement } from '../infra/db.ts';
import { findProduct, listBookableProducts, listOptionalProducts, productToWire } from '../model/products.ts';

function exists(db: HotelDb, table: 'commodity_groups' | 'tax_classes' | 'rates', id: number): boolean {
  return statement(db, `SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined;
}

/** Equal ignoring case, also for umlauts ("küche" = "KÜCHE"), but not ignoring accents. */
function sameText(a: string, b: string): boolean {
  return a.localeCompare(b, 'de', { sensitivity: 'accent' }) === 0;
}

export function catalogueRoutes(hotel: TestHotel): Hono {
  const { db } = hotel;
  const routes = new Hono();

  routes.get('/api/get/products/available', (c) =>
    okJson(
      c,
      hotel.reads.json('products/available', () => envelope(listBookableProducts(db).map(productToWire))),
    ),
  );

  routes.get('/api/get/products/optional/:rate_id', (c) => {
    const rateId = param(c, 'rate_id', IdParam);
    const rate = statement(db, 'SELECT id, name, blocked_for_api FROM rates WHERE id = ?').get(rateId) as
      | { id: number; name: string; blocked_for_api: 0 | 1 }
      | undefined;
    if (!rate) throw new ApiError(404, `there is no rate ${rateId}`, 'rate_id');
    if (rate.blocked_for_api === 1) {
      throw new ApiError(409, `rate ${rateId} (${rate.name}) is blocked for the interface`, 'rate_id');
    }
    return ok(c, listOptionalProducts(db, rateId).map(productToWire));
  });

  routes.post('/api/create/products', async (c) => {
    const body = await parseBody(c, CreateProductRequest);
    const id = atomic(db, () => {
      if (!exists(db, 'commodity_groups', body.commodity_group_id)) {
        throw new ApiError(
          422,
          `commodity_group_id: there is no commodity group ${body.commodity_group_id}`,
          'commodity_group_id',
        );
      }
      if (!exists(db, 'tax_classes', body.tax_class_id)) {
        throw new ApiError(422, `tax_class_id: there is no tax class ${body.tax_class_id}`, 'tax_class_id');
      }
      for (const field of ['number', 'ean'] as const) {
        const value = body[field];
        if (value && statement(db, `SELECT 1 FROM products WHERE ${field} = ?`).get(value)) {
          throw new ApiError(409, `${field}: a product with ${field} "${value}" already exists`, field);
        }
      }
      const result = statement(
        db,
        `INSERT INTO products (number, ean, name, price_cents, commodity_group_id, tax_class_id, open_price,
           bookable_via_api, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        body.number,
        body.ean,
        body.name,
        body.price,
        body.commodity_group_id,
        body.tax_class_id,
        body.open_price ? 1 : 0,
        body.bookable_via_api ? 1 : 0,
        hotel.timestamp(),
      );
      return Number(result.lastInsertRowid);
    });
    return ok(c, productToWire(findProduct(db, id)!));
  });

  routes.post('/api/create/commoditygroups', async (c) => {
    const body = await parseBody(c, CreateCommodityGroupRequest);
    const group = atomic(db, () => {
      if (body.parent_id !== null && !exists(db, 'commodity_groups', body.parent_id)) {
        throw new ApiError(422, `parent_id: there is no commodity group ${body.parent_id}`, 'parent_id');
      }
      const names = statement(db, 'SELECT name FROM commodity_groups').pluck().all() as string[];
      if (names.some((name) => sameText(name, body.name))) {
        throw new ApiError(409, `name: a commodity group named "${body.name}" already exists`, 'name');
      }
      return statement(db, 'INSERT INTO commodity_groups (name, parent_id) VALUES (?, ?) RETURNING *').get(
        body.name,
        body.parent_id,
      ) as { id: number; name: string; parent_id: number | null };
    });
    return ok(c, group);
  });

  routes.get('/api/get/hotel/taxclasses_accounts', (c) => {
    const taxClasses = statement(
      db,
      'SELECT id, name, rate_basis_points FROM tax_classes ORDER BY id',
    ).all() as {
      id: number;
      name: string;
      rate_basis_points: number;
    }[];
    const accounts = statement(
      db,
      'SELECT id, number, name, tax_class_id FROM booking_accounts ORDER BY id',
    ).all();
    return ok(c, {
      tax_classes: taxClasses.map((t) => ({ id: t.id, name: t.name, rate: t.rate_basis_points / 100 })),
      accounts,
    });
  });

  return routes;
}
