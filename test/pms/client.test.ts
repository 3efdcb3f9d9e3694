// The PMS client against a scripted fetch: how it builds requests, and how every way a call can go
// wrong becomes a PmsError of the right kind, with the right "was the write applied?" answer.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  createPmsClient,
  type FetchLike,
  followingClient,
  withRequestHeaders,
} from '../../src/pms/client.ts';
import {
  isPmsError,
  PmsError,
  PmsInvalidResponseError,
  PmsNetworkError,
  PmsRejectedError,
  PmsRequestError,
  PmsServerError,
  PmsTimeoutError,
  PmsUnpairedError,
  parseRetryAfter,
} from '../../src/pms/errors.ts';
import { OPERATIONS } from '../../src/pms/operations.ts';
import { isOutcomeUnknown } from '../../src/pms/outcome.ts';
import type { AddedItems, Invoice, Product } from '../../src/pms/wire.ts';

interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A client whose fetch answers with `answer` and records what was sent. */
function clientAnswering(
  answer: (request: SentRequest, signal: AbortSignal) => Promise<Response> | Response,
) {
  const sent: SentRequest[] = [];
  const fetch: FetchLike = async (url, init) => {
    const request: SentRequest = {
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    return answer(request, init.signal as AbortSignal);
  };
  const now = Date.parse('2026-11-22T09:00:00Z');
  const pms = createPmsClient({ baseUrl: 'https://till.example/', fetch, timeoutMs: 50, now: () => now });
  return { pms, sent };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const ok = (data: unknown) => json(200, { success: true, totalCount: 1, data });

/** Runs `call` and returns what it threw. */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

const closedInvoice = { invoice_id: 9, status: 'closed', total: '12.60', document_url: '' };

describe('requests', () => {
  it('GETs the endpoint under the gateway origin and parses money into cents', async () => {
    const product = {
      id: 12,
      number: 'B-100',
      ean: '',
      name: 'Pils 0,3 l',
      price: 4.2,
      commodity_group_id: 1,
      commodity_group_name: 'Bar',
      tax_class_id: 1,
    };
    const { pms, sent } = clientAnswering(() =>
      json(200, { success: 'true', totalCount: 1, data: [product] }),
    );
    const products = await pms.getAvailableProducts();
    expect(products[0]?.price).toBe(420);
    expect(sent[0]).toMatchObject({ method: 'GET', url: 'https://till.example/api/get/products/available' });
  });

  it('percent-encodes path parameters', async () => {
    const { pms, sent } = clientAnswering(() => json(404, { success: false, message: 'not found' }));
    await failureOf(pms.getMainReservationByNumber(' 2026/17 ü '));
    expect(sent[0]?.url).toBe(
      'https://till.example/api/get/single_number/mainreservations/2026%2F17%20%C3%BC',
    );
  });

  it('closes an invoice through the GET path with yes/no for sending the document', async () => {
    const { pms, sent } = clientAnswering(() => ok(closedInvoice));
    const closed = await pms.closeInvoice({
      invoiceId: 9,
      templateId: 1,
      paymentMethodId: 3,
      sendInvoice: false,
    });
    expect(closed.total).toBe(1260);
    await pms.closeInvoice({ invoiceId: 9, templateId: 1, paymentMethodId: 3, sendInvoice: true });
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET https://till.example/api/set/invoice/paid/9/1/3/no',
      'GET https://till.example/api/set/invoice/paid/9/1/3/yes',
    ]);
  });

  it('builds the time-span path with the optional time and no-show flag', async () => {
    const { pms, sent } = clientAnswering(() => ok([]));
    await pms.getReservationsInTimespan({
      start: '2026-11-01',
      end: '2026-11-30',
      lastModified: '2026-11-20',
    });
    await pms.getReservationsInTimespan({
      start: '2026-11-01',
      end: '2026-11-30',
      lastModified: '2026-11-20',
      lastModifiedTime: '08:30:00',
      includeNoShows: true,
    });
    expect(sent.map((request) => request.url.replace('https://till.example', ''))).toEqual([
      '/api/get/timespan/reservations/2026-11-01/2026-11-30/2026-11-20',
      '/api/get/timespan/reservations/2026-11-01/2026-11-30/2026-11-20/08%3A30%3A00?include_noshows=yes',
    ]);
  });

  it('POSTs JSON with price overrides turned from cents into decimal strings', async () => {
    const { pms, sent } = clientAnswering(() => ok({ invoice_items: [] }));
    await pms.addProducts({
      room_reservation_id: 501,
      booking_date: '2026-11-22',
      products: [
        { id: 12, quantity: 2 },
        { id: 40, quantity: 1, name: 'Wein offen', price: 1250 },
      ],
    });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: 'https://till.example/api/set/add/products',
      headers: { 'content-type': 'application/json' },
      body: {
        room_reservation_id: 501,
        booking_date: '2026-11-22',
        products: [
          { id: 12, quantity: 2 },
          { id: 40, quantity: 1, name: 'Wein offen', price: '12.50' },
        ],
      },
    });
  });

  it('refuses a request that does not match the wire schema before sending anything', async () => {
    const { pms, sent } = clientAnswering(() => ok({ invoice_items: [] }));
    const error = await failureOf(
      pms.addProducts({ room_reservation_id: 501, products: [{ id: 12, quantity: 0 }] }),
    );
    expect(error).toBeInstanceOf(PmsRequestError);
    expect(error).toMatchObject({ operation: 'addProducts', field: 'products.0.quantity' });
    expect(isPmsError(error)).toBe(false);
    expect(isOutcomeUnknown(error, 'addProducts')).toBe(false);

    const fractionalCents = await failureOf(
      pms.createProduct({ name: 'Radler', price: 12.5, commodity_group_id: 1, tax_class_id: 1 }),
    );
    expect(fractionalCents).toMatchObject({ field: 'price' });
    expect(await failureOf(pms.getInvoice(0))).toBeInstanceOf(PmsRequestError);
    expect(sent).toEqual([]);
  });
});

describe('failures', () => {
  it('a rejected fetch is a network error: unknown outcome for a write, not for a read', async () => {
    const { pms } = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(
      pms.addInvoiceProducts({ invoice_id: 9, products: [{ id: 12, quantity: 1 }] }),
    );
    expect(error).toBeInstanceOf(PmsNetworkError);
    expect(error).toMatchObject({ kind: 'network', operation: 'addInvoiceProducts', method: 'POST' });
    expect((error as Error).message).toContain('Failed to fetch');
    expect(isOutcomeUnknown(error, 'addInvoiceProducts')).toBe(true);
    expect(isOutcomeUnknown(await failureOf(pms.getInvoice(9)), 'getInvoice')).toBe(false);
  });

  it('no answer within the timeout aborts the request and is a timeout', async () => {
    const { pms } = clientAnswering(
      (_request, signal) =>
        new Promise<Response>((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const error = await failureOf(pms.createCashInvoice({ reference: 'T1-0042' }));
    expect(error).toBeInstanceOf(PmsTimeoutError);
    expect(error).toMatchObject({ kind: 'timeout', timeoutMs: 50 });
    expect(isOutcomeUnknown(error, 'createCashInvoice')).toBe(true);
  });

  it('a body that stalls after the status line is a timeout too', async () => {
    const { pms } = clientAnswering((_request, signal) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"success":true,'));
          signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { status: 200 });
    });
    expect(
      await failureOf(
        pms.closeInvoice({ invoiceId: 9, templateId: 1, paymentMethodId: 3, sendInvoice: false }),
      ),
    ).toMatchObject({ kind: 'timeout' });
  });

  it('a 4xx is a refusal carrying the PMS message, field and status: nothing was applied', async () => {
    const { pms } = clientAnswering(() =>
      json(400, { success: false, message: 'products.0.id: no such product', field: 'products.0.id' }),
    );
    const error = await failureOf(
      pms.addProducts({ room_reservation_id: 501, products: [{ id: 99, quantity: 1 }] }),
    );
    expect(error).toBeInstanceOf(PmsRejectedError);
    expect(error).toMatchObject({
      kind: 'rejected',
      status: 400,
      pmsMessage: 'products.0.id: no such product',
      field: 'products.0.id',
      retryAfterMs: undefined,
    });
    expect(isOutcomeUnknown(error, 'addProducts')).toBe(false);
  });

  it('a 4xx without a JSON body is still a refusal, with an empty PMS message', async () => {
    const { pms } = clientAnswering(() => new Response('<h1>Forbidden</h1>', { status: 403 }));
    expect(await failureOf(pms.getPaymentOptions())).toMatchObject({
      kind: 'rejected',
      status: 403,
      pmsMessage: '',
    });
  });

  it('a 2xx saying success: false is a refusal too', async () => {
    const { pms } = clientAnswering(() =>
      json(200, { success: 'false', message: 'Keine Reservierung gefunden' }),
    );
    const error = await failureOf(
      pms.searchReservation({ reservation_number: '2026-1002', firstname: 'Antje', lastname: 'Bauer' }),
    );
    expect(error).toMatchObject({ kind: 'rejected', status: 200, pmsMessage: 'Keine Reservierung gefunden' });
  });

  it('a 429 says how long to wait, from Retry-After in seconds or as an HTTP date', async () => {
    const inSeconds = clientAnswering(() =>
      json(429, { success: false, message: 'slow down' }, { 'retry-after': '30' }),
    );
    expect(await failureOf(inSeconds.pms.getPaymentOptions())).toMatchObject({
      kind: 'rejected',
      status: 429,
      retryAfterMs: 30_000,
    });
    const asDate = clientAnswering(() =>
      json(429, { success: false, message: 'slow down' }, { 'retry-after': 'Sun, 22 Nov 2026 09:02:00 GMT' }),
    );
    expect(await failureOf(asDate.pms.getPaymentOptions())).toMatchObject({ retryAfterMs: 120_000 });
  });

  it('a gateway 502/504 marked x-till-gateway means the PMS itself is unreachable', async () => {
    for (const status of [502, 504]) {
      const { pms } = clientAnswering(() =>
        json(status, { success: false, message: 'PMS unreachable: ECONNREFUSED' }, { 'x-till-gateway': '1' }),
      );
      const error = await failureOf(pms.getInvoice(9));
      expect(error).toBeInstanceOf(PmsServerError);
      expect(error).toMatchObject({ kind: 'server', status, pmsUnreachable: true });
      expect((error as Error).message).toContain('PMS unreachable: ECONNREFUSED');
    }
  });

  it('a gateway 401 with a device code means this tablet is not paired: never forwarded, so not unknown', async () => {
    for (const code of ['device_not_paired', 'device_revoked'] as const) {
      const { pms } = clientAnswering(() =>
        json(401, { success: false, code, message: 'pair this tablet' }, { 'x-till-gateway': '1' }),
      );
      const error = await failureOf(pms.createCashInvoice({ reference: 'K7QM-1' }));
      expect(error).toBeInstanceOf(PmsUnpairedError);
      expect(error).toMatchObject({ kind: 'unpaired', code });
      expect(isOutcomeUnknown(error, 'createCashInvoice')).toBe(false);
    }
    // A 401 from the PMS itself (no gateway mark, or no device code) stays a refusal.
    const fromPms = clientAnswering(() =>
      json(401, { success: false, code: 'device_revoked', message: 'bad key' }),
    );
    expect(await failureOf(fromPms.pms.getInvoice(9))).toMatchObject({ kind: 'rejected', status: 401 });
    const otherCode = clientAnswering(() =>
      json(401, { success: false, code: 'bad_key', message: 'bad key' }, { 'x-till-gateway': '1' }),
    );
    expect(await failureOf(otherCode.pms.getInvoice(9))).toMatchObject({ kind: 'rejected', status: 401 });
  });

  it('a 5xx from anything else is a server error without pmsUnreachable, unknown for writes', async () => {
    const fromProxy = clientAnswering(() => new Response('Bad Gateway', { status: 502 }));
    const proxyError = await failureOf(
      fromProxy.pms.closeInvoice({ invoiceId: 9, templateId: 1, paymentMethodId: 3, sendInvoice: false }),
    );
    expect(proxyError).toMatchObject({ kind: 'server', status: 502, pmsUnreachable: false });
    // Closing an invoice is a GET, but a write: a 5xx leaves its outcome unknown.
    expect(isOutcomeUnknown(proxyError, 'closeInvoice')).toBe(true);

    const fromPms = clientAnswering(() =>
      json(500, { success: false, message: 'internal error' }, { 'x-till-gateway': '1' }),
    );
    const pmsError = await failureOf(fromPms.pms.getReservationCost(501));
    expect(pmsError).toMatchObject({
      kind: 'server',
      status: 500,
      pmsUnreachable: false,
      pmsMessage: 'internal error',
    });
    expect(isOutcomeUnknown(pmsError, 'getReservationCost')).toBe(false);
  });

  it('a 2xx that is not JSON (a captive portal, say) is an invalid response, unknown for writes', async () => {
    const { pms } = clientAnswering(
      () => new Response('<!doctype html><title>Hotel WiFi login</title>', { status: 200 }),
    );
    const error = await failureOf(
      pms.removeProducts({ room_reservation_id: 501, optional_products: [{ id: 12, quantity: 1 }] }),
    );
    expect(error).toBeInstanceOf(PmsInvalidResponseError);
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200 });
    expect((error as PmsInvalidResponseError).description).toMatch(/^not JSON: <!doctype html>/);
    expect(isOutcomeUnknown(error, 'removeProducts')).toBe(true);
  });

  it('a 2xx whose body fails the schema names the offending field', async () => {
    const { pms } = clientAnswering(() => ok({ ...closedInvoice, total: 'twelve' }));
    const error = await failureOf(
      pms.closeInvoice({ invoiceId: 9, templateId: 1, paymentMethodId: 3, sendInvoice: false }),
    );
    expect(error).toMatchObject({ kind: 'invalid-response' });
    expect((error as PmsInvalidResponseError).description).toContain('data.total');
  });

  it('every failure is a PmsError whose message names the operation and URL', async () => {
    const { pms } = clientAnswering(() => json(404, { success: false, message: 'no such invoice' }));
    const error = await failureOf(pms.getInvoice(9));
    expect(error).toBeInstanceOf(PmsError);
    expect((error as Error).message).toBe(
      'The PMS refused the request with 404: no such invoice (getInvoice: GET https://till.example/api/get/invoice/9)',
    );
  });
});

describe('the client generated from the operations table', () => {
  it('has one call per operation, sent with the operation’s method', async () => {
    const { pms, sent } = clientAnswering(() => json(400, { success: false, message: 'stop' }));
    // and the till server's ledger calls (pms/ledger-calls.ts), which are not PMS operations, and
    // the catalogue's conditional reads (pms/catalogue-reads.ts)
    expect(Object.keys(pms).sort()).toEqual(
      [
        ...Object.keys(OPERATIONS),
        'readCatalogueIfChanged',
        'recordLedgerSale',
        'recordLedgerSales',
        'reportLedgerOutcome',
        'reportLedgerOutcomes',
        'readLastClosing',
      ].sort(),
    );
    await failureOf(pms.closeInvoice({ invoiceId: 9, templateId: 1, paymentMethodId: 2, sendInvoice: true }));
    await failureOf(
      pms.searchReservation({ firstname: 'Ada', lastname: 'Byron', reservation_number: 'A-1' }),
    );
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET https://till.example/api/set/invoice/paid/9/1/2/yes',
      'POST https://till.example/api/get/roomreservation/searchpattern',
    ]);
  });

  it('types each call by its operation, so a wrong argument does not compile (checked by tsc)', () => {
    const { pms } = clientAnswering(() => ok({}));
    expectTypeOf(pms.getInvoice).parameters.toEqualTypeOf<[number]>();
    expectTypeOf(pms.getInvoice).returns.resolves.toEqualTypeOf<Invoice>();
    expectTypeOf(pms.getAvailableProducts).parameters.toEqualTypeOf<[]>();
    expectTypeOf(pms.getAvailableProducts).returns.resolves.toEqualTypeOf<Product[]>();
    expectTypeOf(pms.addProducts).returns.resolves.toEqualTypeOf<AddedItems>();
    // Never run: only compiled, each line must be a type error.
    const wrongCalls = () => [
      // @ts-expect-error an invoice id is a number
      pms.getInvoice('812'),
      // @ts-expect-error closing an invoice needs the payment method
      pms.closeInvoice({ invoiceId: 9, templateId: 1, sendInvoice: false }),
      // @ts-expect-error the payment options take no argument
      pms.getPaymentOptions(1),
      // @ts-expect-error a price is in cents, a number
      pms.addProducts({ room_reservation_id: 501, products: [{ id: 7, quantity: 1, price: '4.20' }] }),
    ];
    expectTypeOf(wrongCalls).returns.items.toMatchTypeOf<Promise<unknown>>();
  });
});

describe('isOutcomeUnknown', () => {
  it('treats anything unexpected thrown during a write as unknown, and never a read', () => {
    expect(isOutcomeUnknown(new Error('bug'), 'createCashInvoice')).toBe(true);
    expect(isOutcomeUnknown(new Error('bug'), 'searchReservation')).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, never a negative wait, and ignores nonsense', () => {
    const now = Date.parse('2026-11-22T09:00:00Z');
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 5 ', now)).toBe(5000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 08:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('headers for one sale’s writes (withRequestHeaders)', () => {
  const ok = () => json(200, { success: true, data: { payment_methods: [], invoice_templates: [] } });

  it('are sent through a client that follows the current one (the page replayer’s), which it follows', async () => {
    const first = clientAnswering(ok);
    const second = clientAnswering(ok);
    let current = first.pms;
    const following = followingClient(() => current);
    await withRequestHeaders(following, {
      'x-till-sale': 'sale-1',
      'x-till-approval': 'token',
    }).getPaymentOptions();
    current = second.pms;
    await withRequestHeaders(following, { 'x-till-sale': 'sale-2' }).getPaymentOptions();
    expect(
      first.sent.map((request) => [request.headers['x-till-sale'], request.headers['x-till-approval']]),
    ).toEqual([['sale-1', 'token']]);
    expect(second.sent.map((request) => request.headers['x-till-sale'])).toEqual(['sale-2']);
  });
});
