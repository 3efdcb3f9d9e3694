// The outbox benchmark's service worker (a module worker, only in the bench build). Both drains run
// here, side by side in one worker, on command from the bench page:
//   drain-ours     our replay engine (replayOutbox, the worker's own entry point minus the sync
//                  event) over the sales the page recorded: each sale create -> add -> close, the
//                  invoice id of the create fed into the add and the close.
//   workbox-fill   workbox-background-sync's Queue is filled, untimed, with the same sales'
//                  requests, one entry per request: create, add, close per sale, built by our own PMS
//                  client so headers and bodies are byte for byte what the engine sends. The Queue
//                  cannot feed the create's invoice id into later entries, so the add and the close
//                  target an invoice Node opened for the sale beforehand; the create still goes out
//                  (same number of requests and of hotel writes) and leaves an empty invoice. Each
//                  sale's first entry records it on the ledger, as our engine's first step does
//                  (Node recorded it already, to open its invoice: the server answers the resend),
//                  and its writes name it in x-till-sale: the gateway forwards only recorded sales'.
//   workbox-drain  Queue.replayRequests(): Workbox's replay, strictly one request after another.
// The Queue is made with forceSyncFallback and a no-op onSync, so filling it does not start a
// replay through Background Sync half-way; the timed replay is the same replayRequests() its sync
// handler calls.
import { Queue } from 'workbox-background-sync';
import { linesToProducts } from '../../src/outbox/intents/definition.ts';
import { replayOutbox } from '../../src/outbox/replay.ts';
import { createPmsClient, withRequestHeaders } from '../../src/pms/client.ts';
import { SALE_HEADER } from '../../src/pms/till-headers.ts';
import type { BenchAnswer, BenchCommand, OursDrained, WorkboxDrained, WorkboxFilled } from './protocol.ts';

/** The parts of the service worker scope used here (this file is type-checked with the DOM lib). */
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(
    type: 'message',
    listener: (event: ExtendableEventLike & { data: unknown; ports: readonly MessagePort[] }) => void,
  ): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: { origin: string };
}
const scope = self as unknown as WorkerScope;

const queue = new Queue('bench-outbox', { forceSyncFallback: true, onSync: async () => undefined });

scope.addEventListener('install', (event) => event.waitUntil(scope.skipWaiting()));
scope.addEventListener('activate', (event) => event.waitUntil(scope.clients.claim()));
scope.addEventListener('message', (event) => {
  const port = event.ports[0];
  const answer = (reply: BenchAnswer) => port?.postMessage(reply);
  event.waitUntil(
    handle(event.data as BenchCommand).then(
      (value) => answer({ ok: true, value }),
      (error: unknown) =>
        answer({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    ),
  );
});

function handle(command: BenchCommand): Promise<unknown> {
  switch (command.kind) {
    case 'drain-ours':
      return drainOurs(command.concurrency);
    case 'workbox-fill':
      return fillWorkbox(command);
    case 'workbox-drain':
      return drainWorkbox();
  }
}

async function drainOurs(concurrency: number): Promise<OursDrained> {
  const client = createPmsClient({ baseUrl: scope.location.origin });
  const drained: OursDrained = {
    seconds: 0,
    runs: 0,
    sent: 0,
    readBack: 0,
    confirmed: 0,
    unsure: 0,
    failed: 0,
    pending: 0,
    needsAttention: 0,
  };
  const started = performance.now();
  // One run drains everything when nothing fails; the loop only matters if something did.
  while (drained.runs < 50) {
    drained.runs += 1;
    const report = await replayOutbox({ client, concurrency, waitForLock: true });
    drained.sent += report.sent;
    drained.readBack += report.readBack;
    drained.confirmed += report.confirmed;
    drained.unsure += report.unsure;
    drained.failed += report.failed;
    drained.pending = report.pending;
    drained.needsAttention = report.needsAttention;
    if (report.pending === 0) break;
    const wait = (report.nextAttemptAt ?? Date.now()) - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  drained.seconds = (performance.now() - started) / 1000;
  return drained;
}

async function fillWorkbox(command: Extract<BenchCommand, { kind: 'workbox-fill' }>): Promise<WorkboxFilled> {
  const started = performance.now();
  const requests = await captureRequests(command);
  for (const request of requests) await queue.pushRequest({ request });
  return { entries: requests.length, seconds: (performance.now() - started) / 1000 };
}

async function drainWorkbox(): Promise<WorkboxDrained> {
  const before = await queue.size();
  const started = performance.now();
  await queue.replayRequests();
  const seconds = (performance.now() - started) / 1000;
  const left = await queue.size();
  return { seconds, replayed: before - left, left };
}

/**
 * The requests our PMS client makes for each sale, captured instead of sent: the client's fetch
 * records the request and fails, so nothing reaches the hotel here.
 */
async function captureRequests(command: Extract<BenchCommand, { kind: 'workbox-fill' }>): Promise<Request[]> {
  const captured: Request[] = [];
  const capture = createPmsClient({
    baseUrl: scope.location.origin,
    fetch: async (url, init) => {
      const { signal: _unstorable, ...rest } = init;
      captured.push(new Request(url, rest));
      throw new TypeError('captured for the Workbox queue');
    },
  });
  const ignore = () => undefined;
  for (const sale of command.sales) {
    const payloadLines = sale.lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      name: line.name,
      priceCents: line.unitPriceCents,
    }));
    await capture.recordLedgerSale(sale.ledger).catch(ignore);
    const writes = withRequestHeaders(capture, { [SALE_HEADER]: sale.ledger.saleId });
    await writes.createCashInvoice({ recipient_name: '', reference: sale.reference }).catch(ignore);
    const products = linesToProducts(payloadLines);
    await writes.addInvoiceProducts({ invoice_id: sale.invoiceId, products }).catch(ignore);
    await writes
      .closeInvoice({
        invoiceId: sale.invoiceId,
        templateId: command.templateId,
        paymentMethodId: command.paymentMethodId,
        sendInvoice: false,
      })
      .catch(ignore);
  }
  return captured;
}
