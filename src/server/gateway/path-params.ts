// What a listed endpoint's path placeholders and query may hold before the gateway forwards them
// (issue 20): ids are digits, dates calendar dates, times HH:MM(:SS), yes/no flags yes or no, a
// reservation number letters, digits, `-`, `_` and `.`; nothing in the path is percent-encoded
// (but a time's colons, as the till's client sends them); and no query string is passed on unless listed for that endpoint. Owns those
// rules; endpoints.ts names the placeholders, gateway.ts refuses with 400 naming the field.
import * as v from 'valibot';
import { ApiError } from '../../node-http/errors.ts';
import { IsoDate, TimeOfDay } from '../../pms/wire.ts';
import type { Endpoint } from './endpoints.ts';

const Digits = v.pipe(v.string(), v.regex(/^\d{1,12}$/));
/** What each placeholder of docs/gateway-endpoints.json may be; a name not here is refused. */
const PLACEHOLDERS: Record<string, v.GenericSchema<string>> = {
  rateId: Digits,
  invoiceId: Digits,
  templateId: Digits,
  paymentMethodId: Digits,
  roomReservationId: Digits,
  id: Digits,
  send: v.picklist(['yes', 'no']),
  number: v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/)),
  start: IsoDate,
  end: IsoDate,
  lastModified: IsoDate,
  lastModifiedTime: TimeOfDay,
};

/** Query parameters an endpoint may carry, by operation, with the values allowed. */
const QUERIES: Record<string, Record<string, readonly string[]>> = {
  getReservationsInTimespan: { include_noshows: ['yes'] },
  getReservationsInTimespanSince: { include_noshows: ['yes'] },
};

/** The placeholders' values of `path` for `endpoint` (which matched it), by name. */
export function pathParams(endpoint: Endpoint, path: string): Record<string, string> {
  const names = endpoint.path.split('/');
  const values = path.split('/');
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    if (name.startsWith(':')) params[name.slice(1)] = values[i] ?? '';
  });
  return params;
}

/**
 * Refuses (400, naming the field) a request to a listed endpoint whose path is percent-encoded,
 * whose placeholder holds what it may not, or whose query is not listed for it.
 * @example checkRequestTarget(endpoint, new URL(c.req.url));
 */
export function checkRequestTarget(endpoint: Endpoint, url: URL): Record<string, string> {
  // The one encoding the till sends: a time's colons (pms/operations.ts encodes each segment).
  const path = url.pathname.replace(/%3A/gi, ':');
  if (path.includes('%'))
    throw new ApiError(400, 'the path must not be percent-encoded', 'path', 'path_encoded');
  const params = pathParams(endpoint, path);
  for (const [name, value] of Object.entries(params)) {
    const schema = PLACEHOLDERS[name];
    if (!schema || !v.is(schema, value))
      throw new ApiError(400, `${name} is not what this endpoint takes`, name, 'path_param_invalid');
  }
  const allowed = QUERIES[endpoint.operation] ?? {};
  for (const [name, value] of url.searchParams) {
    if (!allowed[name]?.includes(value))
      throw new ApiError(400, `the query parameter ${name} is not passed on`, name, 'query_not_allowed');
  }
  if (url.search && url.searchParams.size === 0)
    throw new ApiError(400, 'the query string is not passed on', 'query', 'query_not_allowed');
  return params;
}
