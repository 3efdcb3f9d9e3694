// What the outbox benchmark's page and service worker say to each other, and what Node reads back.
// Owns the message shapes only; bench/outbox/page.ts, bench-sw.ts and harness.ts use them.
import type { LedgerRecord } from '../../src/pms/ledger-wire.ts';
import type { SaleLine } from '../../src/storage/records.ts';

/** The bench worker's file name; the page registers it at the origin's root, scope '/'. */
export const BENCH_WORKER = 'bench-sw.js';

/** One sale as Workbox's queue must carry it: the lines, and the invoice opened for it beforehand. */
export interface WorkboxSale {
  /** Reference written on the invoice and into the line markers (distinct from the engine's sales). */
  reference: string;
  /** The cash invoice Node opened for this sale before the clock started. */
  invoiceId: number;
  lines: SaleLine[];
  /** Its record on the till server's ledger (its own sale id), recorded before the invoice was opened. */
  ledger: LedgerRecord;
}

export type BenchCommand =
  | { kind: 'drain-ours'; concurrency: number }
  | { kind: 'workbox-fill'; sales: WorkboxSale[]; templateId: number; paymentMethodId: number }
  | { kind: 'workbox-drain' };

export interface OursDrained {
  seconds: number;
  /** replayOutbox calls it took (1 when nothing failed). */
  runs: number;
  /** Requests our engine sent and got an answer to (writes), and read-backs it made. */
  sent: number;
  readBack: number;
  confirmed: number;
  unsure: number;
  failed: number;
  pending: number;
  needsAttention: number;
}

export interface WorkboxFilled {
  entries: number;
  seconds: number;
}

export interface WorkboxDrained {
  seconds: number;
  replayed: number;
  left: number;
}

export type BenchAnswer = { ok: true; value: unknown } | { ok: false; error: string };

/** The sale as the page recorded it, for the checks in the hotel's database. */
export interface RecordedSale {
  id: string;
  reference: string;
  lines: SaleLine[];
  totalCents: number;
  /** What the sale's ledger step sends (`POST /till/sales`): Workbox's copies record the same. */
  ledger: LedgerRecord;
}

/** The hooks the bench page puts on `window` for Node to call through page.evaluate. */
export interface BenchPage {
  /** Resolves once the bench worker controls the page. */
  ready(): Promise<void>;
  /** Records the sales one after another; answers each recording's duration in ms and the sales. */
  record(
    sales: { lines: SaleLine[] }[],
    payment: { templateId: number; paymentMethodId: number },
  ): Promise<{ durations: number[]; sales: RecordedSale[] }>;
  /** Sends a command to the bench worker and answers its reply. */
  ask(command: BenchCommand): Promise<unknown>;
  /** The journal's statuses and the outbox's intents that are not done, for the exactly-once check. */
  outboxState(): Promise<{ statuses: Record<string, number>; notDone: number }>;
}
