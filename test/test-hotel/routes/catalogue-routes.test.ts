// Catalogue endpoints: what the till may sell (only products released for the interface), the
// optional products of a rate (refused for a blocked rate), creating products and commodity groups
// with their refusals, and tax classes with booking accounts.
import * as v from 'valibot';
import { describe, expect } from 'vitest';
import { Responses } from '../../../src/pms/wire.ts';
import { count, hotelTest as it, snapshot } from '../../support/hotel.ts';

const newProduct = {
  name: 'Espresso doppio',
  number: 'B-134',
  price: '4.10',
  commodity_group_id: 1,
  tax_class_id: 1,
};

describe('GET /api/get/products/available', () => {
  it('lists exactly the products released for the interface, in the shared wire shape', async ({
    hotel,
    api,
  }) => {
    const { status, body } = await api.get('/api/get/products/available', { key: 'read' });
    expect(status).toBe(200);
    const parsed = v.parse(Responses.productsAvailable, body);
    expect(parsed.totalCount).toBe(count(hotel.db, 'products', 'bookable_via_api = 1'));
    expect(parsed.data.every((p) => p.bookable_via_api)).toBe(true);
    const names = parsed.data.map((p) => p.name);
    expect(names).not.toContain('Personalessen');
    expect(names).not.toContain('Logis Einzelzimmer');
  });

  it('sends prices as JSON numbers and marks the charging station as open-price', async ({ api }) => {
    const { body } = await api.get('/api/get/products/available');
    const pils = body.data.find((p: { number: string }) => p.number === 'B-100');
    expect(pils).toMatchObject({
      price: 4.2,
      commodity_group_name: 'Bar',
      tax_class_id: 1,
      ean: '4012345010008',
    });
    const charging = body.data.find((p: { name: string }) => p.name.includes('Ladestation'));
    expect(charging).toMatchObject({ open_price: true, commodity_group_name: 'Service' });
  });
});

describe('GET /api/get/products/optional/{rate_id}', () => {
  it('lists the optional products of a rate', async ({ api }) => {
    const { status, body } = await api.get('/api/get/products/optional/3');
    expect(status).toBe(200);
    const parsed = v.parse(Responses.productsOptional, body);
    expect(parsed.data.map((p) => p.number).sort()).toEqual(['M-203', 'S-400', 'S-401']);
  });

  it('answers 404 for an unknown rate', async ({ api }) => {
    const { status, body } = await api.get('/api/get/products/optional/99');
    expect(status).toBe(404);
    expect(body.field).toBe('rate_id');
  });

  it('refuses a rate blocked for the interface (rule 7) with 409', async ({ api }) => {
    const { status, body } = await api.get('/api/get/products/optional/4');
    expect(status).toBe(409);
    expect(body.message).toContain('blocked');
  });
});

describe('POST /api/create/products', () => {
  it('stores the product in cents and answers it in the wire shape', async ({ hotel, api }) => {
    const { status, body } = await api.post('/api/create/products', { ...newProduct, ean: '4012345099997' });
    expect(status).toBe(200);
    const parsed = v.parse(Responses.createProduct, body);
    expect(parsed.data).toMatchObject({ name: 'Espresso doppio', price: 410, commodity_group_name: 'Bar' });
    const row = hotel.db.prepare('SELECT * FROM products WHERE id = ?').get(parsed.data.id);
    expect(row).toMatchObject({ number: 'B-134', price_cents: 410, bookable_via_api: 1, open_price: 0 });
    expect(
      (await api.get('/api/get/products/available')).body.data.map((p: { id: number }) => p.id),
    ).toContain(parsed.data.id);
  });

  it('refuses an unknown commodity group or tax class with 422 naming it, writing nothing', async ({
    hotel,
    api,
  }) => {
    const before = snapshot(hotel.db);
    const group = await api.post('/api/create/products', { ...newProduct, commodity_group_id: 99 });
    expect([group.status, group.body.field]).toEqual([422, 'commodity_group_id']);
    const tax = await api.post('/api/create/products', { ...newProduct, tax_class_id: 99 });
    expect([tax.status, tax.body.field]).toEqual([422, 'tax_class_id']);
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses a duplicate article number or EAN with 409', async ({ hotel, api }) => {
    const before = snapshot(hotel.db);
    const number = await api.post('/api/create/products', { ...newProduct, number: 'B-100' });
    expect([number.status, number.body.field]).toEqual([409, 'number']);
    const ean = await api.post('/api/create/products', { ...newProduct, ean: '4012345010008' });
    expect([ean.status, ean.body.field]).toEqual([409, 'ean']);
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses a missing name, a negative price or a malformed EAN with 400', async ({ api }) => {
    for (const [body, field] of [
      [{ ...newProduct, name: '  ' }, 'name'],
      [{ ...newProduct, price: -2 }, 'price'],
      [{ ...newProduct, ean: '12345' }, 'ean'],
      [{ ...newProduct, bookable_via_api: 'yes' }, 'bookable_via_api'],
    ] as const) {
      const answer = await api.post('/api/create/products', body);
      expect([answer.status, answer.body.field]).toEqual([400, field]);
    }
  });
});

describe('POST /api/create/commoditygroups', () => {
  it('stores a new group, optionally under a parent', async ({ hotel, api }) => {
    const { status, body } = await api.post('/api/create/commoditygroups', {
      name: 'Cocktails',
      parent_id: 1,
    });
    expect(status).toBe(200);
    const parsed = v.parse(Responses.createCommodityGroup, body);
    expect(
      hotel.db.prepare('SELECT name, parent_id FROM commodity_groups WHERE id = ?').get(parsed.data.id),
    ).toEqual({
      name: 'Cocktails',
      parent_id: 1,
    });
  });

  it('refuses a duplicate name regardless of case, umlauts included, with 409', async ({ hotel, api }) => {
    const before = snapshot(hotel.db);
    for (const name of ['bar', 'KÜCHE / KITCHEN', ' Spa ']) {
      const answer = await api.post('/api/create/commoditygroups', { name });
      expect([answer.status, answer.body.field], name).toEqual([409, 'name']);
    }
    expect(snapshot(hotel.db)).toEqual(before);
  });

  it('refuses an unknown parent with 422', async ({ hotel, api }) => {
    const answer = await api.post('/api/create/commoditygroups', { name: 'Neu', parent_id: 404 });
    expect([answer.status, answer.body.field]).toEqual([422, 'parent_id']);
    expect(count(hotel.db, 'commodity_groups', "name = 'Neu'")).toBe(0);
  });
});

describe('GET /api/get/hotel/taxclasses_accounts', () => {
  it('lists the Austrian tax classes as percent and the booking accounts', async ({ api }) => {
    const { body } = await api.get('/api/get/hotel/taxclasses_accounts', { key: 'read' });
    const parsed = v.parse(Responses.taxClassesAccounts, body);
    expect(parsed.data.tax_classes.map((t) => t.rate)).toEqual([20, 10, 0, 13]);
    expect(parsed.data.accounts.find((a) => a.number === '4000')).toMatchObject({
      name: 'Erlöse 20 % USt',
      tax_class_id: 1,
    });
  });
});
