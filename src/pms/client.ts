// The till's PMS client: one typed function per endpoint the till uses (docs/pms-api.md lists them),
// all through our gateway at `${baseUrl}/api/...`, which adds the hotel's API key (the till never
// holds it). Requests are checked against wire.ts before sending (`PmsRequestError`); answers are
// parsed with wire.ts's `Responses`, money in cents; failures are `PmsError`s by kind, and
// `isOutcomeUnknown` says when a failed write must be read back before it is sent again
// (errors.ts). The client keeps no state and never retries: the outbox decides what to resend.
import { catalogueCalls } from './catalogue-calls.ts';
import type { FetchLike, Transport } from './http.ts';
import { invoiceCalls } from './invoice-calls.ts';
import { reservationCalls } from './reservation-calls.ts';

export type { CloseInvoiceArgs } from './invoice-calls.ts';
export type { PmsOperation } from './operations.ts';
export type {
  AddInvoiceProductsInput,
  AddProductsInput,
  CreateProductInput,
  ProductLineInput,
} from './requests.ts';
export type { TimespanArgs } from './reservation-calls.ts';
export type { FetchLike };

export interface PmsClientOptions {
  /** Origin of the gateway, e.g. 'http://till.local:8080'; '' (default) is the page's own origin. */
  baseUrl?: string;
  /** Default: the global fetch. */
  fetch?: FetchLike;
  /** Abort a call that has not fully answered after this long, in ms. Default 15 000. */
  timeoutMs?: number;
  /** Clock for Retry-After dates, ms since the epoch. Default Date.now. */
  now?: () => number;
}

/**
 * Creates the PMS client.
 * @example
 * const pms = createPmsClient();                        // same origin, global fetch, 15 s timeout
 * const products = await pms.getAvailableProducts();   // prices in cents
 * const { invoice_items } = await pms.addProducts({
 *   room_reservation_id: 1234,
 *   products: [{ id: 7, quantity: 2 }, { id: 9, quantity: 1, name: 'Wine, open', price: 1250 }],
 * });
 */
export function createPmsClient(options: PmsClientOptions = {}) {
  const transport: Transport = {
    baseUrl: (options.baseUrl ?? '').replace(/\/+$/, ''),
    // Called through a wrapper: a bare `window.fetch` reference throws "Illegal invocation".
    fetch: options.fetch ?? ((url, init) => fetch(url, init)),
    timeoutMs: options.timeoutMs ?? 15_000,
    now: options.now ?? (() => Date.now()),
  };
  return {
    ...catalogueCalls(transport),
    ...invoiceCalls(transport),
    ...reservationCalls(transport),
  };
}

/** The PMS client, as `createPmsClient` returns it. */
export type PmsClient = ReturnType<typeof createPmsClient>;
