// The closed list of PMS endpoints the gateway forwards (docs/gateway-endpoints.json): the calls the
// till makes, each with its one method. Owns matching a request's method and path against it; a
// path not on the list is never forwarded, whoever asks.
import list from '../../../docs/gateway-endpoints.json' with { type: 'json' };

export interface Endpoint {
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  /** A write (whatever its method): the resend guard keeps its answer; reads are never kept. */
  changesState: boolean;
}

export const ENDPOINTS: readonly Endpoint[] = list.endpoints as Endpoint[];

const SEGMENT = '[^/]+';
const compiled = ENDPOINTS.map((endpoint) => ({
  endpoint,
  pattern: new RegExp(
    `^${endpoint.path
      .split('/')
      .map((part) => (part.startsWith(':') ? SEGMENT : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
  ),
}));

/**
 * The listed endpoint for this method and path (`/api/...`, no query), or undefined.
 * @example findEndpoint('GET', '/api/get/invoice/42')?.operation === 'getInvoice'
 */
export function findEndpoint(method: string, path: string): Endpoint | undefined {
  return compiled.find((entry) => entry.endpoint.method === method && entry.pattern.test(path))?.endpoint;
}
