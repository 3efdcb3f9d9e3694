// The till's PMS client: one typed function per operation of operations.ts, generated from that
// table, all through our gateway at `${baseUrl}/api/...`, which adds the hotel's API key (the till
// never holds it). Requests are checked before sending (`PmsRequestError`); answers are parsed with
// the operation's envelope schema, money in cents; failures are `PmsError`s by kind (errors.ts).
// The client keeps no state and never retries: the outbox decides what to resend.
import * as v from 'valibot';
import { type CatalogueReads, catalogueReadsOver } from './catalogue-reads.ts';
import { PmsRequestError } from './errors.ts';
import { callPms, type FetchLike, type Transport } from './http.ts';
import { type LedgerCalls, ledgerCallsOver } from './ledger-calls.ts';
import { OPERATIONS, type Operation, type PmsOperation } from './operations.ts';
import { describeIssues } from './wire.ts';

export type { PmsOperation } from './operations.ts';
export type {
  AddInvoiceProductsInput,
  AddProductsInput,
  CloseInvoiceArgs,
  CreateProductInput,
  ProductLineInput,
  TimespanArgs,
} from './requests.ts';
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

/** The call an operation becomes: its request's arguments in, its answer's `data` out. */
export type PmsCallOf<Spec> =
  Spec extends Operation<infer Args, infer Response>
    ? (...args: Args) => Promise<v.InferOutput<Response>['data']>
    : never;

/** The PMS client: a call per operation, named as in `OPERATIONS`, the till server's ledger calls, the conditional catalogue reads. */
export type PmsClient = {
  readonly [Name in PmsOperation]: PmsCallOf<(typeof OPERATIONS)[Name]>;
} & LedgerCalls &
  CatalogueReads;

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
export function createPmsClient(options: PmsClientOptions = {}): PmsClient {
  const transport: Transport = {
    baseUrl: (options.baseUrl ?? '').replace(/\/+$/, ''),
    // Called through a wrapper: a bare `window.fetch` reference throws "Illegal invocation".
    fetch: options.fetch ?? ((url, init) => fetch(url, init)),
    timeoutMs: options.timeoutMs ?? 15_000,
    now: options.now ?? (() => Date.now()),
  };
  return clientOver(transport);
}

const transports = new WeakMap<object, Transport>();

function clientOver(transport: Transport): PmsClient {
  const names = Object.keys(OPERATIONS) as PmsOperation[];
  const client = {
    ...Object.fromEntries(names.map((name) => [name, (...args: unknown[]) => call(transport, name, args)])),
    ...ledgerCallsOver(transport),
    ...catalogueReadsOver(transport),
  } as unknown as PmsClient;
  transports.set(client, transport);
  return client;
}

const currentClients = new WeakMap<object, () => object>();

/**
 * A client that is always `current()` (e.g. the client for the gateway address set now), also for
 * `withRequestHeaders`, which a plain forwarding object would defeat (its headers would be lost).
 * @example const replayClient = followingClient(() => pms());
 */
export function followingClient<C extends object>(current: () => C): C {
  const following = new Proxy({} as C, { get: (_target, key) => current()[key as keyof C] });
  currentClients.set(following, current);
  return following;
}

/**
 * The same client, sending `headers` with every call too (the outbox: which sale a write belongs
 * to, and its manager approvals). A client not made by `createPmsClient` (a test's fake) is
 * answered as it is.
 * @example const pms = withRequestHeaders(client, { 'x-till-sale': sale.id });
 */
export function withRequestHeaders<C extends object>(client: C, headers: Record<string, string>): C {
  const current = currentClients.get(client);
  if (current) return withRequestHeaders(current() as C, headers);
  const transport = transports.get(client);
  if (!transport) return client;
  return clientOver({ ...transport, headers: { ...transport.headers, ...headers } }) as unknown as C;
}

/** One call: the argument checked, the request built and its body checked, then sent. */
async function call(transport: Transport, operation: PmsOperation, args: unknown[]): Promise<unknown> {
  // Each entry's request takes its own arguments; the generated call passes on what it was given.
  const spec = OPERATIONS[operation] as Operation<never> as Operation<unknown[]>;
  if (spec.argument) checkRequest(operation, spec.argument, args[0]);
  const { path, body } = spec.request(...args);
  if (spec.body) checkRequest(operation, spec.body, body);
  return callPms(transport, { operation, path, body, response: spec.response });
}

/** Checks an argument or body against its schema; throws `PmsRequestError` naming the field. */
function checkRequest(operation: PmsOperation, schema: v.GenericSchema, value: unknown): void {
  const result = v.safeParse(schema, value);
  if (result.success) return;
  const { message, field } = describeIssues(result.issues);
  throw new PmsRequestError(operation, message, field);
}
