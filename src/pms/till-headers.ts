// What the tablet and our gateway say to each other around every PMS call, apart from the PMS's own
// wire format: the headers (request id, sale, approvals, the gateway's mark), a fresh request id,
// and the gateway's refusal of an unpaired tablet. Small and free of the wire schemas, so the first
// screen can use it without loading them (the client itself, http.ts, loads later).

/** The part of `fetch` the client needs; tests pass a fake. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Why our gateway refused this tablet (its 401 body's `code`). */
export type DeviceRefusalCode = 'device_not_paired' | 'device_revoked';
export const DEVICE_REFUSAL_CODES: readonly DeviceRefusalCode[] = ['device_not_paired', 'device_revoked'];

/**
 * Header our gateway sets on every answer; on a 502/504 it means the PMS behind it was unreachable.
 * @example response.headers.get(GATEWAY_HEADER) === '1'
 */
export const GATEWAY_HEADER = 'x-till-gateway';

/**
 * A fresh id on every call; the browser's own silent resend of a request repeats it, so the
 * gateway answers that resend instead of applying a write twice (src/server/gateway/resend-guard.ts).
 */
export const REQUEST_ID_HEADER = 'x-till-request-id';
/** The till's sale a gateway write belongs to (for a take-back: the charge it takes back; for a
 * catalogue change: a fresh id the tablet makes for that change), the subject a manager's approval
 * must name (src/server/staff/write-approvals.ts). */
export const SALE_HEADER = 'x-till-sale';
/** Manager approval tokens for the write (pms/staff-keys.ts signs them), comma-separated. */
export const APPROVAL_HEADER = 'x-till-approval';
/** The most approvals one sale or reported action carries (a ticket's open prices and its discount). */
export const MAX_APPROVALS = 50;
/** `1` on the writes of a part of a split bill (or what is left of one), priced below the catalogue
 * by the split itself: the gateway does not hold them to the discount limit (write-approvals.ts). */
export const SPLIT_HEADER = 'x-till-split';

/** On a product list our gateway served: the number of the catalogue version it is, which the
 * tablet names on the sales it makes from it (`catalogueVersion`, src/server/catalogue/). */
export const CATALOGUE_VERSION_HEADER = 'x-till-catalogue-version';

let seenCatalogueVersion: number | undefined;

/** Notes the catalogue version a gateway's answer names (the product list's), if it names one. */
export function noteCatalogueVersion(headers: Headers): void {
  const named = Number(headers.get(CATALOGUE_VERSION_HEADER) ?? '');
  if (Number.isSafeInteger(named) && named > 0) seenCatalogueVersion = named;
}

/** The catalogue version the gateway named on the last product list this tablet read, if any. */
export function catalogueVersionSeen(): number | undefined {
  return seenCatalogueVersion;
}

/** What the till's ids look like (a UUID, or 32 hex digits); what the server takes as one. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/**
 * The device code of our gateway's refusal of an unpaired or revoked tablet (401 with
 * `x-till-gateway: 1` and `{code: 'device_not_paired' | 'device_revoked'}`), else undefined. Such
 * a refusal comes before forwarding: nothing reached the PMS.
 * @example deviceRefusal(response, await response.text()) === 'device_revoked'
 */
export function deviceRefusal(
  response: Pick<Response, 'status' | 'headers'>,
  text: string,
  /** `marked: false`: the till server's own endpoints, whose refusal carries no gateway mark. */
  options: { marked: boolean } = { marked: true },
): DeviceRefusalCode | undefined {
  if (response.status !== 401) return undefined;
  if (options.marked && response.headers.get(GATEWAY_HEADER) !== '1') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  return DEVICE_REFUSAL_CODES.find((known) => known === code);
}

/**
 * A random UUID; `crypto.randomUUID` needs a secure context, so it is built by hand where missing.
 * @example headers[REQUEST_ID_HEADER] = newRequestId();
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0'));
  return hex.join('');
}
