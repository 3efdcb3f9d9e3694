// The till's one PMS client and its page replayer. Owns: building the client from
// `settings().gatewayUrl` (rebuilt when it changes, loaded on first use), watching it for unpaired
// refusals (device.ts), starting the page replayer once and asking it to send after a sale, and the till
// server's readiness (`GET /readyz`) for the header. Views never build clients.
// When it asks: docs/till-app.md, "The PMS client and page replayer".
import type { PageReplayer } from '../../outbox/triggers';
import type { createPmsClient, PmsClient } from '../../pms/client';
import type { GatewayReadiness } from '../../pms/device-calls';
import { watchDeviceRefusals } from './device';
import { lastRead, notePmsRead } from './pms-evidence';
import { settings } from './settings';

/**
 * How often the page asks whether the till server and the PMS answer, while it is shown. Asked on
 * the 5 s tick, so an outage shows within 15 s (staff are promised 20 s).
 */
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_WHILE_DOWN_MS = 5_000;

/** The page's fetch, through a wrapper: `fetch` called as a method throws "Illegal invocation". */
const pageFetch = watchDeviceRefusals((url, init) => fetch(url, init));

let client: PmsClient | undefined;
let clientUrl: string | undefined;
let replayer: Promise<PageReplayer> | undefined;
let clientCode: Promise<typeof import('../../pms/client')> | undefined;

const loadClientCode = () => {
  clientCode ??= import('../../pms/client');
  return clientCode;
};

/** The client for the current gateway address, made with `create` (the loaded client code). */
function currentClient(create: typeof createPmsClient): PmsClient {
  const { gatewayUrl } = settings();
  if (!client || clientUrl !== gatewayUrl) {
    client = create({ baseUrl: gatewayUrl, fetch: pageFetch });
    clientUrl = gatewayUrl;
  }
  return client;
}

/**
 * The PMS client for the current gateway address (its code loaded on first use).
 * @example const products = await (await pms()).getAvailableProducts();
 */
export async function pms(): Promise<PmsClient> {
  const { createPmsClient } = await loadClientCode();
  return currentClient(createPmsClient);
}

/**
 * The PMS client for the current gateway address, sending `headers` with every call too (a
 * catalogue change's id and its manager's approval, which the gateway checks).
 * @example const client = await pmsWithHeaders({ 'x-till-sale': changeId, 'x-till-approval': token });
 */
export async function pmsWithHeaders(headers: Record<string, string>): Promise<PmsClient> {
  const { createPmsClient, withRequestHeaders } = await loadClientCode();
  return withRequestHeaders(currentClient(createPmsClient), headers);
}

/**
 * Starts the page replayer (once; later calls return the same one). Call when the app starts.
 * The replay code is loaded on demand, so it is not part of the first page load. The outbox client
 * follows the gateway address: each send asks `pms()` for the current client.
 * @example void startSync(); // then: syncNow() on "Sync now"
 */
export function startSync(): Promise<PageReplayer> {
  if (!replayer) startHeartbeat();
  replayer ??= Promise.all([import('../../outbox/triggers'), loadClientCode()]).then(
    ([{ startPageReplayer }, { createPmsClient, followingClient }]) =>
      startPageReplayer({
        // follows the gateway address, and keeps the headers each sale's writes carry (approvals)
        client: followingClient(() => currentClient(createPmsClient)),
        // loaded with the replayer, not with the first screen
        probe: () => readiness().then((answer) => answer === 'ready'),
        readyToSend: readiness,
      }),
  );
  return replayer;
}

/**
 * Asks whether the till server and the PMS answer (`GET /readyz`), and tells the header which does not.
 * @example if ((await readiness()) === 'ready') ...
 */
async function readiness(): Promise<GatewayReadiness> {
  const { gatewayReadiness } = await import('../../pms/device-calls');
  const answer = await gatewayReadiness(settings().gatewayUrl);
  notePmsRead(answer === 'ready', Date.now(), answer === 'pms-unreachable' ? 'pms' : 'till-server');
  return answer;
}

/**
 * The header learns of an outage without waiting for a sale to fail, and of its end without an
 * `online` event: readiness every 10 s while the page is shown, every 5 s while a server is down.
 */
function startHeartbeat(): void {
  if (typeof document === 'undefined') return;
  let askedAt = Date.now();
  setInterval(() => {
    if (document.visibilityState !== 'visible') return;
    const down = lastRead()?.reached === false;
    if (!down && Date.now() - askedAt < HEARTBEAT_MS) return;
    askedAt = Date.now();
    void readiness();
  }, HEARTBEAT_WHILE_DOWN_MS);
}

/**
 * Staff's "Sync now": retries everything waiting at once (their backoff reset) and sends it.
 * @example await syncNow();
 */
export async function syncNow(): Promise<unknown> {
  void readiness(); // the header's news even when nothing is due
  return (await startSync()).syncNow();
}

/**
 * Asks for the outbox to be sent, after a sale was recorded or staff acted on one sale: what is due
 * goes now; sales waiting for their backoff keep waiting (only "Sync now" and the browser coming
 * back online retry them early), so during an outage each new sale does not set off a retry of
 * every waiting one. The page replayer also reacts to a recorded sale by registering Background
 * Sync; this asks the worker controlling the page to replay now (off the page's main thread, so a
 * backlog costs the next sale nothing), and the page replays itself where no worker controls it or
 * the worker does not answer. Never rejects: a failed send stays in the outbox and is retried on
 * its schedule.
 * @example await recordCashSale(input); requestReplay();
 */
export function requestReplay(): void {
  startSync()
    .then((replayer) => replayer.sendSoon())
    .catch((error: unknown) => console.error('[sync] could not start sending', error));
}
