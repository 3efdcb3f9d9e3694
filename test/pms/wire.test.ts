// The shared wire schema: what the till accepts from the PMS (loosely: "true", "" and null as real
// responses send them, money in both formats) and what it sends (strictly: bad requests are named).
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AddProductsRequest,
  CreateProductRequest,
  describeIssues,
  Envelope,
  ErrorBody,
  IdParam,
  Invoice,
  IsoDate,
  Money,
  Product,
  Quantity,
  RemoveProductsRequest,
  Responses,
  RoomReservation,
  SearchPatternRequest,
  TimeOfDay,
} from '../../src/pms/wire.ts';

const parse = <S extends v.GenericSchema>(schema: S, value: unknown) => v.parse(schema, value);
const accepts = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success;
const firstIssue = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  if (result.success) throw new Error('expected the value to be refused');
  return describeIssues(result.issues);
};

const product = {
  id: 12,
  number: 'B-100',
  ean: '4000000000012',
  name: 'Pils 0,3 l',
  price: 4.2,
  commodity_group_id: 1,
  commodity_group_name: 'Bar',
  tax_class_id: 1,
};

const roomReservation = {
  id: 501,
  main_reservation_id: 301,
  reservation_number: '2026-1002',
  created_at: '2026-11-01T09:12:00+01:00',
  last_modified: '2026-11-20T18:00:00+01:00',
  status: 'CHECKED_IN',
  type: 'ROOM',
  self_pay: 'NO',
  start_date: '2026-11-20',
  end_date: '2026-11-24',
  arrival_time: '',
  departure_time: null,
  room_number: '204',
  person_count: 2,
  guest: { id: 77, firstname: 'Antje', lastname: 'Bauer', fullname: 'Bauer, Antje', email: '', title: null },
  guest_id: 77,
  guest_name: 'Bauer, Antje',
  company_name: '',
};

describe('scalars', () => {
  it('Money turns both wire formats into cents', () => {
    expect(parse(Money, 64.95)).toBe(6495);
    expect(parse(Money, '1450.00')).toBe(145000);
    expect(accepts(Money, '12.345')).toBe(false);
    expect(accepts(Money, null)).toBe(false);
    expect(accepts(Money, true)).toBe(false);
  });

  it('IdParam reads positive whole numbers from a path segment', () => {
    expect(parse(IdParam, '42')).toBe(42);
    for (const bad of ['0', '-1', '1.5', '01', 'abc', '', '12345678901234567']) {
      expect(accepts(IdParam, bad), bad).toBe(false);
    }
  });

  it('IsoDate accepts calendar dates only', () => {
    expect(accepts(IsoDate, '2026-11-22')).toBe(true);
    expect(accepts(IsoDate, '2028-02-29')).toBe(true);
    expect(accepts(IsoDate, '2026-02-29')).toBe(false);
    expect(accepts(IsoDate, '22.11.2026')).toBe(false);
    expect(accepts(IsoDate, '2026-11-22T10:00:00+01:00')).toBe(false);
  });

  it('TimeOfDay accepts HH:MM and HH:MM:SS', () => {
    expect(accepts(TimeOfDay, '07:30')).toBe(true);
    expect(accepts(TimeOfDay, '23:59:59')).toBe(true);
    expect(accepts(TimeOfDay, '24:00')).toBe(false);
    expect(accepts(TimeOfDay, '7:30')).toBe(false);
  });

  it('Quantity is a whole number from 1 to 999', () => {
    expect(accepts(Quantity, 1)).toBe(true);
    expect(accepts(Quantity, 999)).toBe(true);
    for (const bad of [0, 1000, 1.5, '2', -1]) expect(accepts(Quantity, bad), String(bad)).toBe(false);
  });
});

describe('response envelopes', () => {
  it('accept success as true or as the string "true", totalCount optional', () => {
    const schema = Envelope(v.array(v.number()));
    expect(parse(schema, { success: true, totalCount: 2, data: [1, 2] }).data).toEqual([1, 2]);
    expect(parse(schema, { success: 'true', data: [] }).data).toEqual([]);
  });

  it('refuse a failure, a missing data field or a wrongly typed one', () => {
    const schema = Envelope(v.array(v.number()));
    expect(accepts(schema, { success: false, data: [] })).toBe(false);
    expect(accepts(schema, { success: 'yes', data: [] })).toBe(false);
    expect(accepts(schema, { success: true })).toBe(false);
    expect(accepts(schema, { success: true, data: {} })).toBe(false);
  });

  it('ErrorBody reads message and the optional field, success false or "false"', () => {
    expect(parse(ErrorBody, { success: false, message: 'no reservation found' })).toEqual({
      success: false,
      message: 'no reservation found',
    });
    expect(parse(ErrorBody, { success: 'false', message: 'x', field: 'products.0.id' }).field).toBe(
      'products.0.id',
    );
    expect(accepts(ErrorBody, { success: false })).toBe(false);
  });
});

describe('response payloads', () => {
  it('Product parses the price to cents and fills defaults', () => {
    const parsed = parse(Product, product);
    expect(parsed.price).toBe(420);
    expect(parsed.open_price).toBe(false);
    expect(parsed.bookable_via_api).toBe(true);
  });

  it('Product takes "" and null for empty text and null for missing references', () => {
    const parsed = parse(Product, {
      ...product,
      number: '',
      ean: null,
      commodity_group_id: null,
      commodity_group_name: null,
      tax_class_id: null,
      price: '3.50',
    });
    expect(parsed).toMatchObject({ number: '', ean: '', commodity_group_name: '', price: 350 });
  });

  it('keeps fields it does not know, so newer PMS fields pass through', () => {
    expect(parse(Product, { ...product, unit: 'glass' })).toMatchObject({ unit: 'glass' });
  });

  it('Product refuses a missing name, a bad price or a text id', () => {
    const { name: _name, ...withoutName } = product;
    expect(accepts(Product, withoutName)).toBe(false);
    expect(accepts(Product, { ...product, price: '4,205' })).toBe(false);
    expect(accepts(Product, { ...product, price: null })).toBe(false);
    expect(accepts(Product, { ...product, id: '12' })).toBe(false);
  });

  it('RoomReservation accepts empty strings and nulls where real responses send them', () => {
    const parsed = parse(RoomReservation, roomReservation);
    expect(parsed).toMatchObject({ departure_time: '', room_id: null, invoice_items: [] });
    expect(parsed.guest).toMatchObject({ title: '', type: 'PERSON', fullname: 'Bauer, Antje' });
  });

  it('RoomReservation refuses an unknown status and an impossible date', () => {
    expect(accepts(RoomReservation, { ...roomReservation, status: 'IN_HOUSE' })).toBe(false);
    expect(accepts(RoomReservation, { ...roomReservation, end_date: '2026-11-31' })).toBe(false);
  });

  it('Invoice parses totals and item prices in both money formats; quantity defaults to 1', () => {
    const parsed = parse(Invoice, {
      id: 9,
      status: 'open',
      recipient_name: '',
      reference: null,
      total: '12.60',
      closed_at: null,
      invoice_items: [
        {
          id: 1,
          product_id: 12,
          name: 'Pils 0,3 l',
          price: 4.2,
          quantity: 2,
          bookkeeping_date: '2026-11-22',
          invoice_id: 9,
        },
        { id: 2, product_id: null, name: 'Pils 0,3 l', price: '4.20', bookkeeping_date: '', invoice_id: 9 },
      ],
    });
    expect(parsed.total).toBe(1260);
    expect(parsed.invoice_items.map((item) => [item.price, item.quantity])).toEqual([
      [420, 2],
      [420, 1],
    ]);
    expect(parsed.closed_at).toBe('');
  });

  it('Responses.reservationCost refuses a list where the cost object belongs', () => {
    expect(accepts(Responses.reservationCost, { success: true, data: [] })).toBe(false);
  });
});

describe('request bodies', () => {
  const newProduct = { name: '  Radler 0,5 l ', price: '4.90', commodity_group_id: 1, tax_class_id: 1 };

  it('CreateProductRequest trims text, parses the price and drops unknown fields', () => {
    expect(parse(CreateProductRequest, { ...newProduct, secret: 'x' })).toEqual({
      name: 'Radler 0,5 l',
      number: '',
      ean: '',
      price: 490,
      commodity_group_id: 1,
      tax_class_id: 1,
      open_price: false,
      bookable_via_api: true,
    });
  });

  it('CreateProductRequest names the offending field', () => {
    expect(firstIssue(CreateProductRequest, { ...newProduct, name: '   ' }).field).toBe('name');
    expect(firstIssue(CreateProductRequest, { ...newProduct, ean: '123' }).field).toBe('ean');
    expect(firstIssue(CreateProductRequest, { ...newProduct, price: '-1.00' }).field).toBe('price');
    expect(firstIssue(CreateProductRequest, { ...newProduct, price: '100000.01' }).field).toBe('price');
  });

  it('AddProductsRequest needs one to 200 lines with whole quantities, and a real booking date', () => {
    const body = { room_reservation_id: 501, products: [{ id: 12, quantity: 2, price: '3.50' }] };
    expect(parse(AddProductsRequest, body).products[0]).toEqual({ id: 12, quantity: 2, price: 350 });
    expect(firstIssue(AddProductsRequest, { ...body, products: [] }).field).toBe('products');
    expect(firstIssue(AddProductsRequest, { ...body, products: [{ id: 12, quantity: 0 }] }).field).toBe(
      'products.0.quantity',
    );
    expect(firstIssue(AddProductsRequest, { ...body, booking_date: '2026-13-01' }).field).toBe(
      'booking_date',
    );
    const tooMany = Array.from({ length: 201 }, () => ({ id: 12, quantity: 1 }));
    expect(firstIssue(AddProductsRequest, { ...body, products: tooMany }).field).toBe('products');
  });

  it('RemoveProductsRequest takes the optional invoice_item_id extension', () => {
    const body = {
      room_reservation_id: 501,
      optional_products: [{ id: 12, quantity: 1, invoice_item_id: 88 }],
    };
    expect(parse(RemoveProductsRequest, body).optional_products[0]?.invoice_item_id).toBe(88);
    expect(
      accepts(RemoveProductsRequest, { room_reservation_id: 501, products: [{ id: 12, quantity: 1 }] }),
    ).toBe(false);
  });

  it('SearchPatternRequest needs both names plus a reservation number or a stay date', () => {
    expect(
      accepts(SearchPatternRequest, { firstname: 'Antje', lastname: 'Bauer', start_date: '2026-11-20' }),
    ).toBe(true);
    expect(firstIssue(SearchPatternRequest, { firstname: 'Antje', lastname: 'Bauer' })).toEqual({
      field: 'reservation_number',
      message: 'reservation_number: give the reservation number, or the start and/or end date',
    });
    expect(
      firstIssue(SearchPatternRequest, { reservation_number: '2026-1002', lastname: 'Bauer' }).field,
    ).toBe('firstname');
  });
});
