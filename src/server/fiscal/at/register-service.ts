// The Austrian register's signing loop, one job at a time in the ledger's order (docs/fiscal.md,
// "Austria"): each record is a receipt (cash and card share, spread over the rate fields) or a
// transfer to the PMS (room charges, unsigned); an attempt's id and request are stored before the
// unit is called, so a lost answer, a retry or a restart never makes a second receipt. Owns the
// Monatsbeleg/Jahresbeleg at a month's first sale, outages (failed receipts at once, the outage
// journal, probing, the signed Sammelbeleg on recovery, the 48-hour warning) and special receipts.
import { randomUUID } from 'node:crypto';
import { serverLog } from '../../../node-http/log.ts';
import type { FiscalMark, LedgerFeed } from '../fiscal-driver.ts';
import type { FiscalSale } from '../fiscal-sale.ts';
import { type Completed, isUnreachable, type ReceiptOrder, type RksvBackend } from './backends.ts';
import type { AttemptRow, DepStore, Purpose, ReceiptRow } from './dep-store.ts';
import { markOfSale } from './receipt-marks.ts';
import { type BucketCents, NO_AMOUNTS, viennaTime } from './rksv-core.ts';
import { treatmentOf } from './sale-treatment.ts';

export const SALE_BUDGET_MS = 3000;
export const PROBE_MS = 15_000;
export const OUTAGE_REPORT_MS = 48 * 3600_000;

export interface RegisterServiceOptions {
  store: DepStore;
  backend: () => RksvBackend | undefined;
  test: boolean;
  now?: () => Date;
  budgetMs?: number;
  /** Where the register starts in the ledger (records before it are not this register's). */
  ledgerFrom: () => number;
}

export type RegisterService = ReturnType<typeof createRegisterService>;

export function createRegisterService(options: RegisterServiceOptions) {
  const { store } = options;
  const now = options.now ?? (() => new Date());
  const budget = options.budgetMs ?? SALE_BUDGET_MS;
  let queue: Promise<unknown> = Promise.resolve();
  let feed: LedgerFeed | undefined;
  let probing: NodeJS.Timeout | undefined;
  const run = <T>(job: () => Promise<T>): Promise<T> => {
    const next = queue.then(job, job);
    queue = next.catch(() => undefined);
    return next;
  };

  /** The receipt's time: Vienna local time, never before the DEP's last receipt. */
  const receiptTime = () => {
    const time = viennaTime(now());
    const last = store.lastReceipt()?.time ?? '';
    return last.localeCompare(time) > 0 ? last : time;
  };

  async function untilDeadline(
    backend: RksvBackend,
    attempt: AttemptRow,
    deadline: number,
  ): Promise<Completed> {
    let backoff = 100;
    for (;;) {
      try {
        return await backend.complete(attempt, deadline);
      } catch (error) {
        if (!isUnreachable(error) || Date.now() + backoff >= deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, backoff));
        backoff *= 2;
      }
    }
  }

  /** Completes an attempt: its DEP row (signed, or failed in an outage); null: still pending (fiskaly). */
  async function finish(
    attempt: AttemptRow,
    deadline: number,
    recovering = false,
  ): Promise<ReceiptRow | null> {
    const backend = options.backend()!;
    let outage = store.openOutage();
    let completed: Completed | null = null;
    let cause = '';
    let refused = false;
    if (!outage || recovering) {
      try {
        completed = await untilDeadline(backend, attempt, deadline);
      } catch (error) {
        refused = !isUnreachable(error);
        cause = `${isUnreachable(error) ? 'signature unit unreachable' : 'signature unit refused'}: ${(error as Error).message}`;
      }
    }
    if (!completed) {
      // The Startbeleg must be signed: it stays pending, and the set-up says why.
      if (attempt.purpose === 'start') throw new Error(cause);
      if (refused && backend.mode === 'fiskaly') {
        // fiskaly refused the data itself: not an outage, and never repeated (it would hold up the
        // queue); the row has no JWS and the log says why (ours).
        serverLog().error(
          { component: 'rksv', attempt: attempt.attemptId, cause },
          'fiskaly refused a receipt',
        );
        completed = {
          receiptNumber: `refused-${attempt.attemptId}`,
          time: '',
          jws: '',
          signed: false,
          counterAfter: null,
        };
      } else {
        if (!outage) {
          outage = store.startOutage(now().toISOString(), cause);
          serverLog().warn(
            { component: 'rksv', cause },
            'the signature unit is out: receipts say "Sicherheitseinrichtung ausgefallen"',
          );
          startProbing();
        }
        completed = backend.failed(attempt);
        if (!completed) return null;
      }
    }
    const row: Omit<ReceiptRow, 'position'> = {
      number: attempt.number,
      receiptNumber: completed.receiptNumber,
      purpose: attempt.purpose,
      kind: attempt.kind,
      saleId: attempt.saleId,
      time: completed.time,
      amounts: (attempt.request as { amounts: BucketCents }).amounts,
      counterAfter: completed.counterAfter,
      signed: completed.signed,
      jws: completed.jws,
      outageId: completed.signed ? null : (outage?.id ?? null),
      createdAt: now().toISOString(),
    };
    store.addReceipt(row);
    return store.lastReceipt()!;
  }

  /** Stores a new attempt (with the sale's treatment, in one transaction) and completes it. */
  async function issue(
    order: Omit<ReceiptOrder, 'time'>,
    deadline: number,
    extra?: () => void,
    recovering = false,
  ) {
    const backend = options.backend()!;
    const attempt = store.db.transaction(() => {
      extra?.();
      const number = (
        store.db.prepare('SELECT COALESCE(MAX(number), 0) + 1 AS n FROM rksv_attempt').get() as { n: number }
      ).n;
      const request = {
        wire: backend.prepare({ ...order, time: receiptTime() }, number),
        amounts: order.amounts,
      };
      return store.addAttempt({
        attemptId: randomUUID(),
        purpose: order.purpose,
        kind: order.kind,
        saleId: order.saleId,
        request,
        createdAt: now().toISOString(),
      });
    })();
    return finish(attempt, deadline, recovering);
  }

  /** Completes attempts left pending (a crash, or fiskaly unreachable); false if one still is. */
  async function drain(deadline: number, recovering = false): Promise<boolean> {
    for (const attempt of store.pendingAttempts())
      if (!(await finish(attempt, deadline, recovering))) return false;
    return true;
  }

  /** A month's (or year's) closing receipt before the first receipt of a new month (local register). */
  async function monthly(deadline: number) {
    const last = store.lastReceipt();
    if (!last || options.backend()!.makesSpecialReceipts) return;
    const time = receiptTime();
    if (last.time.slice(0, 7) === time.slice(0, 7)) return;
    const purpose: Purpose = last.time.slice(0, 4) !== time.slice(0, 4) ? 'yearly' : 'monthly';
    await issue({ purpose, kind: 'zero', amounts: NO_AMOUNTS, saleId: null }, deadline);
  }

  /** Treats one ledger record (once: a repeat finds its treatment). */
  async function treat(sale: FiscalSale, seq: number | null, deadline: number) {
    if (store.treatment(sale.saleId)) return;
    const t = treatmentOf(sale);
    const row = {
      saleId: sale.saleId,
      ledgerSeq: seq,
      treatment: t.treatment,
      note: t.note,
      grossCents: t.gross,
      signedCents: t.treatment === 'receipt' ? t.till! : 0,
      recordedAt: sale.recordedAt,
    };
    if (t.treatment !== 'receipt' || !usable()) {
      store.addTreatment(
        usable() ? row : { ...row, treatment: 'none', note: 'no Austrian register in use', signedCents: 0 },
      );
      return;
    }
    await monthly(deadline);
    await issue({ purpose: 'sale', kind: t.kind!, amounts: t.amounts!, saleId: sale.saleId }, deadline, () =>
      store.addTreatment(row),
    );
  }

  const usable = () => !!store.lastOf('start') && !store.lastOf('closing') && !!options.backend();

  /** Ledger records before `seq` not treated yet (a crash, or answers racing), in order. */
  async function catchUp(beforeSeq: number, deadline: number) {
    if (!feed) return;
    for (;;) {
      const from = Math.max(store.lastLedgerSeq(), options.ledgerFrom());
      const records = feed.after(from, 100).filter((record) => record.seq < beforeSeq);
      if (records.length === 0) return;
      for (const record of records) {
        if (record.sale) await treat(record.sale, record.seq, deadline);
        else if (!store.treatment(record.saleId))
          store.addTreatment({
            saleId: record.saleId,
            ledgerSeq: record.seq,
            treatment: 'none',
            note: 'not a sale',
            grossCents: 0,
            signedCents: 0,
            recordedAt: '',
          });
      }
    }
  }

  const markOf = (saleId: string) => markOfSale(store, saleId, options.backend()?.mode === 'test-unit');

  /** Asks the unit whether it is back; if so, the signed Sammelbeleg ends the outage. */
  async function recoverNow(): Promise<boolean> {
    const outage = store.openOutage();
    const backend = options.backend();
    if (!outage || !backend) return true;
    warnIfLong();
    if (!(await backend.probe())) return false;
    const deadline = Date.now() + 30_000;
    if (backend.makesSpecialReceipts) {
      if (!(await drain(deadline, true))) return false;
    } else {
      if (!(await drain(deadline, true))) return false;
      const sammel = await issue(
        { purpose: 'sammel', kind: 'zero', amounts: NO_AMOUNTS, saleId: null },
        deadline,
        undefined,
        true,
      );
      if (!sammel?.signed) return false;
      // A Jahresbeleg made during the outage must be made again, signed (facts 1.8).
      const yearly = store.lastOf('yearly');
      if (yearly && !yearly.signed)
        await issue(
          { purpose: 'yearly', kind: 'zero', amounts: NO_AMOUNTS, saleId: null },
          deadline,
          undefined,
          true,
        );
    }
    store.endOutage(outage.id, now().toISOString());
    serverLog().info({ component: 'rksv', outage: outage.id }, 'the signature unit is back: outage ended');
    stopProbing();
    return true;
  }

  /** The 48-hour mark: logged once per outage (the admin page shows what to tell FinanzOnline). */
  function warnIfLong() {
    const outage = store.openOutage();
    if (!outage || outage.warnedAt) return;
    if (now().getTime() - Date.parse(outage.startedAt) < OUTAGE_REPORT_MS) return;
    store.warnOutage(outage.id, now().toISOString());
    serverLog().warn(
      { component: 'rksv', startedAt: outage.startedAt, cause: outage.cause },
      'the signature unit has been out for 48 hours: report the outage in FinanzOnline (admin page, Fiscal)',
    );
  }

  function startProbing(intervalMs = PROBE_MS) {
    if (probing) return;
    probing = setInterval(() => {
      void run(recoverNow).catch(() => undefined);
    }, intervalMs);
    probing.unref();
  }
  function stopProbing() {
    if (probing) clearInterval(probing);
    probing = undefined;
  }

  return {
    /** Signs (or marks) a sale, after every earlier ledger record; a repeat answers the first outcome. */
    sign(sale: FiscalSale): Promise<FiscalMark> {
      const start = Date.now();
      return run(async () => {
        const deadline = start + budget;
        if (!store.treatment(sale.saleId)) {
          if (usable()) await drain(deadline);
          if (sale.seq !== undefined) await catchUp(sale.seq, deadline);
          if (sale.seq === undefined || sale.seq > options.ledgerFrom())
            await treat(sale, sale.seq ?? null, deadline);
          warnIfLong();
        }
        return (
          markOf(sale.saleId) ?? { saleId: sale.saleId, status: 'not-required', lines: [], qrCode: null }
        );
      });
    },
    reprint: (saleId: string) => markOf(saleId),
    /** Treats the ledger's untreated records (after a restart). */
    attachLedger(next: LedgerFeed) {
      feed = next;
      if (usable())
        void run(() =>
          drain(Date.now() + 30_000).then(() => catchUp(Number.MAX_SAFE_INTEGER, Date.now() + 30_000)),
        ).catch(() => undefined);
    },
    ledgerMaxSeq: () => feed?.maxSeq() ?? 0,
    /** A special receipt (the start, a zero or closing receipt, a Jahresbeleg made by hand). */
    special(purpose: Exclude<Purpose, 'sale'>): Promise<ReceiptRow | null> {
      return run(async () => {
        const deadline = Date.now() + (purpose === 'start' ? 30_000 : budget);
        if (purpose !== 'start' && !usable()) throw new Error('the register is not in use');
        if (!(await drain(deadline, purpose === 'start')))
          throw new Error('the signature unit cannot be reached');
        if (purpose === 'start' && store.lastOf('start')) return store.lastOf('start')!;
        return issue(
          { purpose, kind: purpose === 'start' ? 'start' : 'zero', amounts: NO_AMOUNTS, saleId: null },
          deadline,
          undefined,
          purpose === 'start',
        );
      });
    },
    recover: () => run(recoverNow),
    startProbing,
    stop: stopProbing,
    whenIdle: () => run(async () => undefined),
  };
}
