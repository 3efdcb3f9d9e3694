// Checks a gateway address as the IT person sets it: asks `{address}/till/gateway` and tells whether
// a Hotel Till gateway answered (and which PMS it forwards to), whether this tablet is paired with
// it, or why not in plain words.
// A gateway that does not answer is not refused: it may simply not be running yet, and every sale
// is kept on the tablet until it answers. The check only informs, here and in the header's sync state.
import { GATEWAY_HEADER } from '../../pms/till-headers';
import { notePmsRead } from '../device';

export type GatewayCheck =
  | { kind: 'found'; upstream: string }
  /** Something answered, but not a Hotel Till gateway (no x-till-gateway header, or not its status). */
  | { kind: 'not-a-gateway'; status: number }
  /** A Hotel Till gateway answered, but this tablet is not paired with it (or was unpaired). */
  | { kind: 'not-paired' }
  /** Nothing answered: wrong address, gateway down, the network, or the gateway does not allow this app. */
  | { kind: 'unreachable' }
  /** The tablet is offline: nothing can be checked now. */
  | { kind: 'offline' };

const CHECK_TIMEOUT_MS = 6_000;

/**
 * Asks the gateway at `address` ('' for this app's own origin) for its status.
 * @example const result = await checkGateway('http://till.local:8080'); // { kind: 'found', upstream: ... }
 */
export async function checkGateway(address: string, fetcher: typeof fetch = fetch): Promise<GatewayCheck> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
  const result = await askGateway(address, fetcher);
  notePmsRead(result.kind === 'found');
  return result;
}

async function askGateway(address: string, fetcher: typeof fetch): Promise<GatewayCheck> {
  let response: Response;
  try {
    response = await fetcher(`${address}/till/gateway`, {
      cache: 'no-store',
      credentials: address ? 'include' : 'same-origin',
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
  } catch {
    return { kind: 'unreachable' };
  }
  if (response.headers.get(GATEWAY_HEADER) === '1' && response.status === 401) return { kind: 'not-paired' };
  if (response.headers.get(GATEWAY_HEADER) !== '1' || !response.ok) {
    return { kind: 'not-a-gateway', status: response.status };
  }
  const status: unknown = await response.json().catch(() => null);
  const upstream =
    status && typeof status === 'object' && 'upstream' in status && typeof status.upstream === 'string'
      ? status.upstream
      : null;
  return upstream === null ? { kind: 'not-a-gateway', status: response.status } : { kind: 'found', upstream };
}
