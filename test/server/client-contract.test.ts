// Contract: every PMS client function against the real server (gateway at /api, embedded test
// hotel behind it), as docs/pms-api.md describes the interface. Outcomes are checked in the test
// hotel's database, not just in the answers. The hotel's clock is pinned to 2026-11-22 10:00 in
// Berlin; the tests share one hotel and run in order, each finding its fixtures in the database.
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPmsClient, type PmsClient } from '../../src/pms/client.ts';
import { PmsNetworkError, PmsRejectedError, PmsServerError, PmsTimeoutError } from '../../src/pms/errors.ts';
import { isOutcomeUnknown } from '../../src/pms/outcome.ts';
import { type RunningServer, startServer } from '../../src/server/listen.ts';
import type { HotelDb } from '../../src/test-hotel/index.ts';
import { tabletOf } from './tablet-app.ts';

const TODAY = '2026-11-22';

let server: RunningServer;
const tablet = () => tabletOf(server);
let pms: PmsClient;
let db: HotelDb;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dbFile: ':memory:',
    testMode: true,
    staticDir: 'nonexistent',
    now: () => new Date('2026-11-22T10:00:00+01:00'),
    recordedSalesOnly: false, // the PMS client's wire contract, call by call; the ledger's matching: gateway-matching.test.ts
  });
  if (!server.hotel) throw new Error('expected the embedded test hotel');
  db = server.hotel.db;
  pms = createPmsClient({ baseUrl: server.url, fetch: tablet(), timeoutMs: 5_000 });
});

afterAll(() => server?.close());

const one = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T;
const all = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];

/** Awaits a call that must be refused and returns the refusal. */
async function refusal(call: Promise<unknown>): Promise<PmsRejectedError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PmsRejectedError);
  return error as PmsRejectedError;
}

interface StayRow {
  id: number;
  main_reservation_id: number;
  start_date: string;
  end_date: string;
  firstname: string;
  lastname: string;
  reservation_number: string;
}

const STAY = `SELECT rr.id, rr.main_reservation_id, rr.start_date, rr.end_date, g.firstname, g.lastname,
    mr.reservation_number FROM room_reservations rr JOIN contacts g ON g.id = rr.guest_id
    JOIN main_reservations mr ON mr.id = rr.main_reservation_id`;

const stayWithStatus = (status: string) =>
  one<StayRow>(`${STAY} WHERE rr.status = ? ORDER BY rr.id LIMIT 1`, status);

const productWhere = (condition: string) =>
  one<{ id: number; price_cents: number; name: string }>(
    `SELECT id, price_cents, name FROM products WHERE ${condition} ORDER BY id LIMIT 1`,
  );

describe('catalogue', () => {
  it('getAvailableProducts lists exactly the products released for the interface, prices in cents', async () => {
    const products = await pms.getAvailableProducts();
    const released = all<{ id: number; price_cents: number }>(
      'SELECT id, price_cents FROM products WHERE bookable_via_api = 1 ORDER BY id',
    );
    expect(products.map((p) => [p.id, p.price]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      released.map((p) => [p.id, p.price_cents]),
    );
  });

  it('getOptionalProducts lists the products linked to a rate; unknown and blocked rates are refused', async () => {
    const rate = one<{ id: number }>('SELECT id FROM rates WHERE blocked_for_api = 0 ORDER BY id LIMIT 1');
    const linked = all<{ product_id: number }>(
      'SELECT product_id FROM rate_optional_products WHERE rate_id = ? ORDER BY product_id',
      rate.id,
    );
    const products = await pms.getOptionalProducts(rate.id);
    expect(products.map((p) => p.id).sort((a, b) => a - b)).toEqual(linked.map((l) => l.product_id));

    expect(await refusal(pms.getOptionalProducts(9999))).toMatchObject({ status: 404 });
    const blocked = one<{ id: number }>('SELECT id FROM rates WHERE blocked_for_api = 1 LIMIT 1');
    expect(await refusal(pms.getOptionalProducts(blocked.id))).toMatchObject({
      status: 409,
      field: 'rate_id',
    });
  });

  it('createProduct stores the product with its price in cents and answers it with its new id', async () => {
    const created = await pms.createProduct({
      name: 'Radler 0,5 l',
      number: 'B-199',
      price: 490,
      commodity_group_id: 1,
      tax_class_id: 1,
    });
    expect(created).toMatchObject({ name: 'Radler 0,5 l', number: 'B-199', price: 490, open_price: false });
    expect(one('SELECT name, price_cents, bookable_via_api FROM products WHERE id = ?', created.id)).toEqual({
      name: 'Radler 0,5 l',
      price_cents: 490,
      bookable_via_api: 1,
    });
  });

  it('createProduct refuses a duplicate article number (409) and an unknown tax class (422)', async () => {
    const body = { name: 'Radler', number: 'B-199', price: 490, commodity_group_id: 1, tax_class_id: 1 };
    expect(await refusal(pms.createProduct(body))).toMatchObject({ status: 409, field: 'number' });
    expect(await refusal(pms.createProduct({ ...body, number: 'B-198', tax_class_id: 99 }))).toMatchObject({
      status: 422,
      field: 'tax_class_id',
    });
    expect(one('SELECT COUNT(*) AS n FROM products WHERE number = ?', 'B-198')).toEqual({ n: 0 });
  });

  it('createCommodityGroup stores the group; the same name again is a 409', async () => {
    const group = await pms.createCommodityGroup({ name: 'Terrasse', parent_id: 1 });
    expect(group).toMatchObject({ name: 'Terrasse', parent_id: 1 });
    expect(one('SELECT name, parent_id FROM commodity_groups WHERE id = ?', group.id)).toEqual({
      name: 'Terrasse',
      parent_id: 1,
    });
    expect(await refusal(pms.createCommodityGroup({ name: 'TERRASSE' }))).toMatchObject({
      status: 409,
      field: 'name',
    });
  });

  it('getTaxClassesAccounts gives tax rates in percent and every booking account', async () => {
    const { tax_classes, accounts } = await pms.getTaxClassesAccounts();
    const rows = all<{ id: number; rate_basis_points: number }>(
      'SELECT id, rate_basis_points FROM tax_classes',
    );
    expect(tax_classes.map((t) => [t.id, t.rate * 100])).toEqual(
      rows.map((r) => [r.id, r.rate_basis_points]),
    );
    expect(accounts).toHaveLength(all('SELECT id FROM booking_accounts').length);
  });

  it('getPaymentOptions lists all invoice templates and payment methods', async () => {
    const options = await pms.getPaymentOptions();
    expect(options.invoice_templates).toEqual(all('SELECT id, name FROM invoice_templates ORDER BY id'));
    expect(options.payment_methods).toEqual(all('SELECT id, name FROM payment_methods ORDER BY id'));
  });
});

describe('cash-register invoices', () => {
  let invoiceId: number;

  it('createCashInvoice opens a cash invoice carrying the till reference', async () => {
    const created = await pms.createCashInvoice({ reference: 'T1-0001' });
    invoiceId = created.invoice_id;
    expect(created.status).toBe('open');
    expect(one('SELECT kind, status, reference FROM invoices WHERE id = ?', invoiceId)).toEqual({
      kind: 'cashregister',
      status: 'open',
      reference: 'T1-0001',
    });
  });

  it('addInvoiceProducts stores one item per line with quantity and unit price in cents', async () => {
    const beer = productWhere('bookable_via_api = 1 AND open_price = 0');
    const charging = productWhere('bookable_via_api = 1 AND open_price = 1');
    const { invoice_items } = await pms.addInvoiceProducts({
      invoice_id: invoiceId,
      products: [
        { id: beer.id, quantity: 3 },
        { id: charging.id, quantity: 1, name: 'Ladestation 12,4 kWh', price: 496 },
      ],
    });
    expect(invoice_items.map((i) => [i.product_id, i.quantity, i.price, i.name])).toEqual([
      [beer.id, 3, beer.price_cents, beer.name],
      [charging.id, 1, 496, 'Ladestation 12,4 kWh'],
    ]);
    expect(
      all(
        'SELECT product_id, quantity, price_cents, bookkeeping_date FROM invoice_items WHERE invoice_id = ?',
        invoiceId,
      ),
    ).toEqual([
      { product_id: beer.id, quantity: 3, price_cents: beer.price_cents, bookkeeping_date: TODAY },
      { product_id: charging.id, quantity: 1, price_cents: 496, bookkeeping_date: TODAY },
    ]);
  });

  it('addInvoiceProducts refuses the whole call when one line is unusable', async () => {
    const hidden = productWhere('bookable_via_api = 0');
    const charging = productWhere('bookable_via_api = 1 AND open_price = 1');
    const before = all('SELECT id FROM invoice_items WHERE invoice_id = ?', invoiceId).length;
    const lines = (extra: { id: number; quantity: number }) => ({
      invoice_id: invoiceId,
      products: [{ id: productWhere('bookable_via_api = 1 AND open_price = 0').id, quantity: 1 }, extra],
    });
    expect(await refusal(pms.addInvoiceProducts(lines({ id: hidden.id, quantity: 1 })))).toMatchObject({
      status: 422,
      field: 'products.1.id',
    });
    expect(await refusal(pms.addInvoiceProducts(lines({ id: charging.id, quantity: 1 })))).toMatchObject({
      status: 422,
      field: 'products.1.price',
    });
    expect(all('SELECT id FROM invoice_items WHERE invoice_id = ?', invoiceId)).toHaveLength(before);
  });

  it('getInvoice reads the open invoice back with its items and total', async () => {
    const invoice = await pms.getInvoice(invoiceId);
    const expected = one<{ total: number }>(
      'SELECT SUM(price_cents * quantity) AS total FROM invoice_items WHERE invoice_id = ?',
      invoiceId,
    );
    expect(invoice).toMatchObject({
      id: invoiceId,
      status: 'open',
      reference: 'T1-0001',
      total: expected.total,
    });
    expect(invoice.invoice_items).toHaveLength(2);
    expect(await refusal(pms.getInvoice(999_999))).toMatchObject({ status: 404 });
  });

  it('closeInvoice closes it with template and payment method, once', async () => {
    const total = (await pms.getInvoice(invoiceId)).total;
    const closed = await pms.closeInvoice({
      invoiceId,
      templateId: 3,
      paymentMethodId: 1,
      sendInvoice: false,
    });
    expect(closed).toMatchObject({ invoice_id: invoiceId, status: 'closed', total });
    expect(
      one(
        'SELECT status, template_id, payment_method_id, send_invoice FROM invoices WHERE id = ?',
        invoiceId,
      ),
    ).toEqual({
      status: 'closed',
      template_id: 3,
      payment_method_id: 1,
      send_invoice: 0,
    });
    expect((await pms.getInvoice(invoiceId)).closed_at).toMatch(/^2026-11-22T10:00:00\+01:00$/);

    const again = await refusal(
      pms.closeInvoice({ invoiceId, templateId: 3, paymentMethodId: 1, sendInvoice: false }),
    );
    expect(again.status).toBe(409);
    expect(isOutcomeUnknown(again, 'closeInvoice')).toBe(false);
  });

  it('a closed invoice takes no more items, and unknown templates or invoices are refused', async () => {
    const product = productWhere('bookable_via_api = 1 AND open_price = 0');
    expect(
      await refusal(
        pms.addInvoiceProducts({ invoice_id: invoiceId, products: [{ id: product.id, quantity: 1 }] }),
      ),
    ).toMatchObject({ status: 409 });
    const { invoice_id: empty } = await pms.createCashInvoice();
    expect(
      await refusal(
        pms.closeInvoice({ invoiceId: empty, templateId: 99, paymentMethodId: 1, sendInvoice: true }),
      ),
    ).toMatchObject({ status: 404, field: 'template_id' });
    expect(
      await refusal(
        pms.closeInvoice({ invoiceId: empty, templateId: 1, paymentMethodId: 1, sendInvoice: true }),
      ),
    ).toMatchObject({ status: 409 });
    expect(
      await refusal(
        pms.addInvoiceProducts({ invoice_id: 999_999, products: [{ id: product.id, quantity: 1 }] }),
      ),
    ).toMatchObject({ status: 422, field: 'invoice_id' });
  });
});

describe('room charges', () => {
  let stay: StayRow;
  let minibar: { id: number; price_cents: number; name: string };

  beforeAll(() => {
    stay = stayWithStatus('CHECKED_IN');
    minibar = productWhere("bookable_via_api = 1 AND open_price = 0 AND number LIKE 'M-%'");
  });

  const openUnits = (productId: number) =>
    one<{ n: number | null }>(
      `SELECT SUM(ii.quantity) AS n FROM invoice_items ii JOIN invoices i ON i.id = ii.invoice_id
       WHERE ii.room_reservation_id = ? AND ii.product_id = ? AND i.status = 'open'`,
      stay.id,
      productId,
    ).n ?? 0;

  it('addProducts charges the stay, on the departure day too, with the booking date as bookkeeping date', async () => {
    const before = openUnits(minibar.id);
    const { invoice_items } = await pms.addProducts({
      room_reservation_id: stay.id,
      booking_date: stay.end_date,
      products: [{ id: minibar.id, quantity: 2 }],
    });
    expect(invoice_items).toHaveLength(1);
    expect(invoice_items[0]).toMatchObject({
      product_id: minibar.id,
      quantity: 2,
      price: minibar.price_cents,
      room_reservation_id: stay.id,
      bookkeeping_date: stay.end_date,
    });
    expect(openUnits(minibar.id)).toBe(before + 2);
    expect(one('SELECT last_modified FROM room_reservations WHERE id = ?', stay.id)).toEqual({
      last_modified: '2026-11-22T10:00:00+01:00',
    });
  });

  it('addProducts refuses a booking date outside the stay, a stay that takes no charges and an unknown one', async () => {
    const line = [{ id: minibar.id, quantity: 1 }];
    expect(
      await refusal(
        pms.addProducts({ room_reservation_id: stay.id, booking_date: '2026-01-01', products: line }),
      ),
    ).toMatchObject({ status: 422, field: 'booking_date' });
    const gone = stayWithStatus('CHECKED_OUT');
    expect(await refusal(pms.addProducts({ room_reservation_id: gone.id, products: line }))).toMatchObject({
      status: 409,
    });
    expect(await refusal(pms.addProducts({ room_reservation_id: 999_999, products: line }))).toMatchObject({
      status: 422,
      field: 'room_reservation_id',
    });
  });

  it('getReservationCost gives the open items of the stay and their total in cents', async () => {
    const cost = await pms.getReservationCost(stay.id);
    const open = one<{ n: number; total: number }>(
      `SELECT COUNT(*) AS n, SUM(ii.price_cents * ii.quantity) AS total FROM invoice_items ii
       JOIN invoices i ON i.id = ii.invoice_id WHERE ii.room_reservation_id = ? AND i.status = 'open'`,
      stay.id,
    );
    expect(cost).toMatchObject({ room_reservation_id: stay.id, total: open.total });
    expect(cost.invoice_items).toHaveLength(open.n);
    expect(cost.invoice_templates.length).toBeGreaterThan(0);
    expect(cost.payment_methods.length).toBeGreaterThan(0);
    expect(await refusal(pms.getReservationCost(999_999))).toMatchObject({ status: 404 });
  });

  it('removeProducts takes units back off the open items, all or nothing', async () => {
    const before = openUnits(minibar.id);
    expect(
      await pms.removeProducts({
        room_reservation_id: stay.id,
        optional_products: [{ id: minibar.id, quantity: 1 }],
      }),
    ).toMatchObject({ removed_quantity: 1 });
    expect(openUnits(minibar.id)).toBe(before - 1);

    const tooMany = await refusal(
      pms.removeProducts({
        room_reservation_id: stay.id,
        optional_products: [{ id: minibar.id, quantity: 999 }],
      }),
    );
    expect(tooMany).toMatchObject({ status: 409, field: 'optional_products.0.quantity' });
    expect(openUnits(minibar.id)).toBe(before - 1);
  });

  it('removeProducts with invoice_item_id takes back that very item', async () => {
    const { invoice_items } = await pms.addProducts({
      room_reservation_id: stay.id,
      products: [{ id: minibar.id, quantity: 1, price: 100 }],
    });
    const itemId = invoice_items[0]!.id;
    await pms.removeProducts({
      room_reservation_id: stay.id,
      optional_products: [{ id: minibar.id, quantity: 1, invoice_item_id: itemId }],
    });
    expect(one('SELECT COUNT(*) AS n FROM invoice_items WHERE id = ?', itemId)).toEqual({ n: 0 });
  });
});

describe('reservations', () => {
  it('getRoomReservation reads one stay as the PMS describes it', async () => {
    const stay = stayWithStatus('CHECKED_IN');
    const read = await pms.getRoomReservation(stay.id);
    expect(read).toMatchObject({
      id: stay.id,
      main_reservation_id: stay.main_reservation_id,
      reservation_number: stay.reservation_number,
      status: 'CHECKED_IN',
      start_date: stay.start_date,
      end_date: stay.end_date,
      guest_name: `${stay.lastname}, ${stay.firstname}`,
      guest: { firstname: stay.firstname, lastname: stay.lastname },
      main_reservation: { id: stay.main_reservation_id, reservation_number: stay.reservation_number },
    });
    // The gateway hands a tablet only the fields the till shows (issue 20: no e-mail, no home address).
    expect(read.guest.email).toBe('');
    expect(read.main_reservation?.invoice_recipient ?? null).toBeNull();
    expect(await refusal(pms.getRoomReservation(999_999))).toMatchObject({ status: 404 });
  });

  it('getMainReservation and getMainReservationByNumber give a group with all its rooms', async () => {
    const group = one<{ main_reservation_id: number; n: number; reservation_number: string }>(
      `SELECT rr.main_reservation_id, COUNT(*) AS n, mr.reservation_number FROM room_reservations rr
       JOIN main_reservations mr ON mr.id = rr.main_reservation_id
       GROUP BY rr.main_reservation_id HAVING COUNT(*) > 1 LIMIT 1`,
    );
    const byId = await pms.getMainReservation(group.main_reservation_id);
    expect(byId.reservation_number).toBe(group.reservation_number);
    expect(byId.room_reservations).toHaveLength(group.n);
    const byNumber = await pms.getMainReservationByNumber(group.reservation_number);
    expect(byNumber.id).toBe(group.main_reservation_id);
    expect(byNumber.room_reservations.map((r) => r.id)).toEqual(byId.room_reservations.map((r) => r.id));
    expect(await refusal(pms.getMainReservation(999_999))).toMatchObject({ status: 404 });
    expect(await refusal(pms.getMainReservationByNumber('X-0000'))).toMatchObject({ status: 404 });
  });

  it('searchReservation finds a stay by names plus number or a stay date, ignoring case', async () => {
    const stay = stayWithStatus('CHECKED_IN');
    const names = { firstname: stay.firstname.toUpperCase(), lastname: stay.lastname.toLowerCase() };
    const byNumber = await pms.searchReservation({ ...names, reservation_number: stay.reservation_number });
    expect(byNumber.map((r) => r.id)).toContain(stay.id);
    const byDate = await pms.searchReservation({ ...names, start_date: stay.start_date });
    expect(byDate.map((r) => r.id)).toContain(stay.id);
    expect(
      await refusal(
        pms.searchReservation({ firstname: 'Nobody', lastname: 'Here', reservation_number: '1' }),
      ),
    ).toMatchObject({ status: 404 });
  });

  it('getReservationsInTimespan lists stays overlapping the period, no-shows only when asked', async () => {
    // The gateway answers today's stays only, from yesterday to tomorrow (issue 20).
    const period = { start: TODAY, end: '2026-11-23', lastModified: '2025-01-01' };
    const listed = await pms.getReservationsInTimespan(period);
    expect(listed.length).toBeGreaterThan(0);
    for (const stay of listed) {
      expect(stay.start_date <= period.end && stay.end_date >= period.start, `stay ${stay.id}`).toBe(true);
      expect(stay.status).not.toMatch(/^NO_SHOW|CANCELLED/);
    }
    const overlapping = all<{ id: number }>(
      "SELECT id FROM room_reservations WHERE start_date <= ? AND end_date >= ? AND status NOT LIKE 'NO_SHOW%' AND status <> 'CANCELLED' ORDER BY id",
      period.end,
      period.start,
    );
    expect(listed.map((s) => s.id).sort((a, b) => a - b)).toEqual(overlapping.map((s) => s.id));

    const withNoShows = await pms.getReservationsInTimespan({
      ...period,
      start: '2026-11-21',
      includeNoShows: true,
    });
    expect(withNoShows.some((s) => s.status.startsWith('NO_SHOW'))).toBe(true);
  });

  it('getReservationsInTimespan narrows to stays changed since a day and time', async () => {
    const changedToday = await pms.getReservationsInTimespan({
      start: '2026-11-21',
      end: '2026-11-23',
      lastModified: TODAY,
      lastModifiedTime: '09:59:00',
    });
    const expected = all<{ id: number }>(
      "SELECT id FROM room_reservations WHERE last_modified >= '2026-11-22T09:59:00' AND start_date <= '2026-11-23' AND end_date >= '2026-11-21' AND status NOT LIKE 'NO_SHOW%' AND status <> 'CANCELLED' ORDER BY id",
    );
    expect(changedToday.map((s) => s.id).sort((a, b) => a - b)).toEqual(expected.map((s) => s.id));
    expect(changedToday.length).toBeGreaterThan(0); // the stay charged above
  });

  it('getReservationsInTimespan refuses a period that ends before it starts or reaches beyond tomorrow', async () => {
    expect(
      await refusal(pms.getReservationsInTimespan({ start: TODAY, end: '2026-11-01', lastModified: TODAY })),
    ).toMatchObject({ status: 400 });
    expect(
      await refusal(pms.getReservationsInTimespan({ start: TODAY, end: '2028-01-01', lastModified: TODAY })),
    ).toMatchObject({ status: 400 });
  });
});

describe('failures on the way', () => {
  const faults = () => {
    const injector = server.hotel?.faults;
    if (!injector) throw new Error('the test hotel runs without fault injection');
    return injector;
  };
  const stay = () => stayWithStatus('CHECKED_IN');
  const minibarLine = () => [
    { id: productWhere("bookable_via_api = 1 AND open_price = 0 AND number LIKE 'M-%'").id, quantity: 1 },
  ];
  const itemCount = (stayId: number) =>
    one<{ n: number }>('SELECT COUNT(*) AS n FROM invoice_items WHERE room_reservation_id = ?', stayId).n;

  afterEach(() => faults().clear());

  it('a connection cut after the PMS committed is a network error with an unknown outcome', async () => {
    const { id } = stay();
    const before = itemCount(id);
    faults().add({ path: '/api/set/add/products', method: 'POST', kind: 'drop-after-commit', times: 1 });
    const error = await pms
      .addProducts({ room_reservation_id: id, products: minibarLine() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PmsNetworkError);
    expect(isOutcomeUnknown(error, 'addProducts')).toBe(true);
    // It was applied: reading back is how the outbox finds out.
    expect(itemCount(id)).toBe(before + 1);
  });

  it('a connection reset before the PMS saw the request is a network error too, and nothing is written', async () => {
    const { id } = stay();
    const before = itemCount(id);
    faults().add({ path: '/api/set/add/products', kind: 'reset', times: 1 });
    const error = await pms
      .addProducts({ room_reservation_id: id, products: minibarLine() })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network' });
    expect(itemCount(id)).toBe(before);
  });

  it('an answer slower than the client timeout is a timeout', async () => {
    faults().add({ path: '/api/get/hotel/payment', kind: 'delay', ms: 400, times: 1 });
    const impatient = createPmsClient({ baseUrl: server.url, fetch: tablet(), timeoutMs: 100 });
    const error = await impatient.getPaymentOptions().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PmsTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 100 });
  });

  it('a 503 is a server error, not an unreachable PMS', async () => {
    faults().add({ path: '/api/get/invoice/', kind: 'error5xx', status: 503, times: 1 });
    const error = await pms.getInvoice(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PmsServerError);
    expect(error).toMatchObject({ status: 503, pmsUnreachable: false });
  });
});

/** A local port that was free a moment ago: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('the gateway when the PMS is unreachable', () => {
  it('answers 502 marked x-till-gateway, which the client reports as pmsUnreachable, outcome unknown', async () => {
    const gatewayOnly = await startServer({
      port: 0,
      host: '127.0.0.1',
      staticDir: 'nonexistent',
      pms: { url: `http://127.0.0.1:${await closedPort()}`, apiKey: 'not-used' },
      recordedSalesOnly: false, // an unreachable PMS's answer, not the ledger
    });
    try {
      const client = createPmsClient({
        baseUrl: gatewayOnly.url,
        fetch: tabletOf(gatewayOnly),
        timeoutMs: 10_000,
      });
      const error = await client
        .closeInvoice({ invoiceId: 1, templateId: 1, paymentMethodId: 1, sendInvoice: false })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PmsServerError);
      expect(error).toMatchObject({ kind: 'server', status: 502, pmsUnreachable: true });
      expect(isOutcomeUnknown(error, 'closeInvoice')).toBe(true);
    } finally {
      await gatewayOnly.close();
    }
  });
});
