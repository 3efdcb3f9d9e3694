// The till server's own endpoints for this tablet (not the PMS's): who am I (`GET /till/device`),
// pair with a one-time code (`POST /till/pair`), and where the HTTPS till is
// (`GET /till/https-address`), its receipt header (`GET /till/receipt-header`), and whether it is ready (`GET /readyz`). Owns their wire shapes and turning every way they fail into a
// `TillServerError` with the server's `code`, which the views translate (never its message).
// The device credential is an HttpOnly cookie: the browser sends and keeps it, no script sees it.
import { newRequestId, REQUEST_ID_HEADER } from './till-headers.ts';

/** The outlets every hotel starts with; a hotel adds its own on the admin page (a pool bar, a spa). */
export const OUTLETS = ['bar', 'restaurant', 'minibar'] as const;
/** An outlet's id: lower-case letters, digits and dashes, starting with a letter (e.g. 'pool-bar'). */
export type Outlet = string;
export const OUTLET_ID_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

/** Characters of a pairing code: no I, L, O, U, 0 or 1 (nothing to confuse when read off a screen). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
export const CODE_LENGTH = 8;

/**
 * What staff typed, as a code: upper case, without spaces or dashes; null when it cannot be one.
 * The tablet checks it before sending; the server again before looking it up.
 * @example normalisePairingCode(' abcd-2345 ') === 'ABCD2345'; normalisePairingCode('ABCD1234') === null
 */
export function normalisePairingCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]+/g, '');
  if (code.length !== CODE_LENGTH) return null;
  return [...code].every((char) => CODE_ALPHABET.includes(char)) ? code : null;
}

/** What a paired device is for: a till tablet, or a kitchen screen (server/hub/device-roles.ts). */
export const DEVICE_ROLES = ['till', 'kitchen'] as const;
export type DeviceRole = (typeof DEVICE_ROLES)[number];

/** This tablet as the till server knows it. */
export interface Device {
  id: string;
  name: string;
  outlet: Outlet;
  /** A kitchen screen opens on /kitchen and may do nothing else; absent (kept before roles): a till. */
  role?: DeviceRole;
}

/**
 * A refusal or failure: `code` is the server's (e.g. `pairing_code_expired`, `device_revoked`),
 * or `unreachable` (no answer) or `unexpected` (an answer the till does not understand).
 */
export class TillServerError extends Error {
  override readonly name = 'TillServerError';
  constructor(
    readonly code: string,
    /** The HTTP status; null when nothing answered. */
    readonly status: number | null,
    message: string,
    readonly field?: string,
    /** From Retry-After, for `too_many_attempts`. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The part of `fetch` these calls need; tests pass a fake. */
export type DeviceFetch = (url: string, init: RequestInit) => Promise<Response>;

const TIMEOUT_MS = 10_000;
/** Called through a wrapper: `fetch` called as a method of something else throws "Illegal invocation". */
const globalFetch: DeviceFetch = (url, init) => fetch(url, init);

/**
 * Asks the till server who this tablet is (`GET /till/pairing-state`, which answers 200 either
 * way); rejects with `device_not_paired` / `device_revoked` when it is not paired, `unreachable`
 * when nothing answers.
 * @example const device = await fetchDevice(''); // { id, name: 'Bar tablet', outlet: 'bar' }
 */
export async function fetchDevice(baseUrl: string, fetcher: DeviceFetch = globalFetch): Promise<Device> {
  const body = await callTillServer(fetcher, `${baseUrl}/till/pairing-state`, { method: 'GET' });
  const refusal = (body as { refusal?: unknown }).refusal;
  if (typeof refusal === 'string' && refusal)
    throw new TillServerError(refusal, 200, 'This tablet is not paired with the till server');
  return deviceIn(body);
}

/**
 * Pairs this tablet with a code (already normalised); the code names the tablet (issue 30), and the
 * answer sets the device cookie.
 * @example const device = await pairWithCode('', 'ABCD2345');
 */
export async function pairWithCode(
  baseUrl: string,
  code: string,
  fetcher: DeviceFetch = globalFetch,
): Promise<Device> {
  const body = await callTillServer(fetcher, `${baseUrl}/till/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: newRequestId() },
    body: JSON.stringify({ code }),
  });
  return deviceIn(body);
}

/**
 * The till's HTTPS address as the server names it (no pairing needed), or undefined.
 * @example const https = await fetchHttpsAddress(); // 'https://till.example:8443/'
 */
export async function fetchHttpsAddress(fetcher: DeviceFetch = globalFetch): Promise<string | undefined> {
  try {
    const body = await callTillServer(fetcher, '/till/https-address', { method: 'GET' });
    const https = (body as { https?: unknown }).https;
    return typeof https === 'string' && /^https:\/\/[^/\s]+/i.test(https) ? https : undefined;
  } catch {
    return undefined;
  }
}

/** How long the recovery probe waits for /readyz. */
const PROBE_TIMEOUT_MS = 4000;

/**
 * Who answers: 'ready' (the till server and the PMS behind it), 'pms-unreachable' (the till
 * server answers `GET /readyz` with 503), 'till-unreachable' (nothing answers: the till server or
 * the network to it is down).
 */
export type GatewayReadiness = 'ready' | 'pms-unreachable' | 'till-unreachable';

/**
 * Whether the till server and the PMS behind it answer (`GET /readyz`: 200 ready, 503 not). Cheap,
 * sends no sale: the outbox's recovery probe, and its check before a run's first send (outbox/).
 * @example if ((await gatewayReadiness('')) === 'ready') await replayer.syncNow();
 */
export async function gatewayReadiness(
  baseUrl: string,
  fetcher: DeviceFetch = globalFetch,
): Promise<GatewayReadiness> {
  try {
    const response = await fetcher(`${baseUrl}/readyz`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (response.ok) return 'ready';
    // 503 {reason: 'pms: …'}: the PMS; 'database: …' or anything else: the till server cannot take sales
    const body: unknown = await response.json().catch(() => null);
    const reason = body && typeof body === 'object' && 'reason' in body ? String(body.reason) : '';
    return reason.startsWith('pms:') ? 'pms-unreachable' : 'till-unreachable';
  } catch {
    return 'till-unreachable';
  }
}

/**
 * Whether the till server and the PMS behind it answer; false when either does not.
 * @example if (await isGatewayReady('')) await replayer.syncNow();
 */
export async function isGatewayReady(baseUrl: string, fetcher: DeviceFetch = globalFetch): Promise<boolean> {
  return (await gatewayReadiness(baseUrl, fetcher)) === 'ready';
}

/** The receipt header the till server keeps for this tablet's outlet ('' leaves a field out). */
export interface ReceiptHeader {
  hotelName: string;
  hotelAddress: string;
  vatId: string;
}

/**
 * This paired tablet's receipt header, set on the admin page (`GET /till/receipt-header`); rejects
 * with a TillServerError.
 * @example const { vatId } = await fetchReceiptHeader('');
 */
export async function fetchReceiptHeader(
  baseUrl: string,
  fetcher: DeviceFetch = globalFetch,
): Promise<ReceiptHeader> {
  const body = await callTillServer(fetcher, `${baseUrl}/till/receipt-header`, { method: 'GET' });
  const header = 'header' in body ? (body.header as Record<string, unknown>) : undefined;
  const text = (field: keyof ReceiptHeader) =>
    typeof header?.[field] === 'string' ? (header[field] as string) : null;
  const hotelName = text('hotelName');
  const hotelAddress = text('hotelAddress');
  const vatId = text('vatId');
  if (hotelName === null || hotelAddress === null || vatId === null)
    throw new TillServerError('unexpected', 200, 'The till server sent an unreadable receipt header');
  return { hotelName, hotelAddress, vatId };
}

/** One call to the till server's own endpoints: the JSON answer, or a TillServerError with the server's code. */
export async function callTillServer(fetcher: DeviceFetch, url: string, init: RequestInit): Promise<object> {
  let response: Response;
  let text: string;
  try {
    response = await fetcher(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      // The device cookie: sent by itself to our own origin; to a gateway elsewhere only when asked.
      credentials: url.startsWith('/') ? 'same-origin' : 'include',
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    text = await response.text();
  } catch (cause) {
    throw new TillServerError('unreachable', null, `The till server could not be reached: ${String(cause)}`);
  }
  const body = parse(text);
  if (response.ok && body) return body;
  const { code, message, field } = (body ?? {}) as { code?: unknown; message?: unknown; field?: unknown };
  const retryAfter = Number(response.headers.get('retry-after'));
  throw new TillServerError(
    typeof code === 'string' && code ? code : 'unexpected',
    response.status,
    typeof message === 'string' ? message : `The till server answered ${response.status}`,
    typeof field === 'string' ? field : undefined,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
  );
}

function parse(text: string): object | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

function deviceIn(body: object): Device {
  const device = (body as { device?: Partial<Record<keyof Device, unknown>> }).device;
  const outlet = device?.outlet;
  if (
    typeof device?.id !== 'string' ||
    typeof device.name !== 'string' ||
    typeof outlet !== 'string' ||
    !OUTLET_ID_PATTERN.test(outlet)
  ) {
    throw new TillServerError('unexpected', 200, 'The till server did not describe the device');
  }
  const role = DEVICE_ROLES.find((known) => known === device.role);
  return { id: device.id, name: device.name, outlet, ...(role ? { role } : {}) };
}

/** One of this tablet's records on the till server's sales ledger, with where its PMS steps stand. */
export interface ServerSale {
  saleId: string;
  seq: number;
  receiptNumber: number;
  recordedAt: string;
  record: { reference: string; kind: string; createdAt: string; totalCents: number; lines: unknown[] };
  steps: { step: number; outcome: string }[];
}

/**
 * A page of this tablet's own records on the sales ledger (`GET /till/sales`), oldest first, after
 * the ledger number `after`; `next` is the `after` of the next page, null at the end.
 * @example const { sales, next } = await fetchServerSales('', 0, 100);
 */
export async function fetchServerSales(
  baseUrl: string,
  after: number,
  limit: number,
  fetcher: DeviceFetch = globalFetch,
): Promise<{ sales: ServerSale[]; next: number | null }> {
  const body = await callTillServer(fetcher, `${baseUrl}/till/sales?after=${after}&limit=${limit}`, {
    method: 'GET',
  });
  const { sales, next } = body as { sales?: unknown; next?: unknown };
  if (!Array.isArray(sales))
    throw new TillServerError('unexpected', 200, 'The till server did not list the sales');
  return { sales: sales as ServerSale[], next: typeof next === 'number' ? next : null };
}
