// The outbox benchmark's page: records cash sales with the app's own journal (recordCashSale, strict
// durability, exactly as the register does) and timed one by one, and relays commands to the bench
// worker. Only in the bench build (bench/outbox/dist), never in the app.
import { ledgerRecordOf } from '../../src/outbox/intents/ledger-body.ts';
import { recordCashSale } from '../../src/outbox/journal.ts';
import { getTillDb } from '../../src/storage/db.ts';
import { BENCH_WORKER, type BenchAnswer, type BenchCommand, type BenchPage } from './protocol.ts';

const registered = navigator.serviceWorker.register(`/${BENCH_WORKER}`, { type: 'module', scope: '/' });

const bench: BenchPage = {
  async ready() {
    await registered;
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  },

  async record(sales, payment) {
    const durations: number[] = [];
    const recorded = [];
    for (const { lines } of sales) {
      const started = performance.now();
      const sale = await recordCashSale({
        staff: 'Bench',
        till: 'Bench 1',
        lines,
        payment: { ...payment, sendInvoice: false },
      });
      durations.push(performance.now() - started);
      recorded.push({
        id: sale.id,
        reference: sale.reference,
        lines: sale.lines,
        totalCents: sale.totalCents,
        ledger: ledgerRecordOf(sale, 'sale'),
      });
    }
    return { durations, sales: recorded };
  },

  async ask(command: BenchCommand) {
    const worker = (await navigator.serviceWorker.ready).active;
    if (!worker) throw new Error('no active bench worker');
    const channel = new MessageChannel();
    const answer = new Promise<BenchAnswer>((resolve) => {
      channel.port1.onmessage = (event) => resolve(event.data as BenchAnswer);
    });
    worker.postMessage(command, [channel.port2]);
    const reply = await answer;
    if (!reply.ok) throw new Error(reply.error);
    return reply.value;
  },

  async outboxState() {
    const db = await getTillDb();
    const statuses: Record<string, number> = {};
    for (const sale of await db.getAll('sales')) statuses[sale.status] = (statuses[sale.status] ?? 0) + 1;
    const notDone = (await db.getAll('intents')).filter((intent) => intent.state !== 'done').length;
    return { statuses, notDone };
  },
};

(window as unknown as { bench: BenchPage }).bench = bench;
