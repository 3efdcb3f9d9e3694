// Where each recorded sale stands in the PMS (`POST /till/sales/:saleId/outcomes`, docs/ledger.md
// "Outcomes"): the tablet reports every PMS step's outcome (done, refused, needs attention, voided)
// with the invoice or charges it got; a row each (append-only), the newest per step is where it stands,
// a resent report is stored once. Only the device that recorded the sale reports on it, alone or many
// in one request (`POST /till/sales/outcomes`, one transaction). Also reads a device's own records
// back, paged, with where each stands (`GET /till/sales`, for the Sync view once it has pruned).
import * as v from 'valibot';
import { ApiError } from '../../node-http/errors.ts';
import type { Device } from '../../pms/device-calls.ts';
import {
  type LedgerOutcome,
  LedgerOutcomeSchema,
  type LedgerRecord,
  type LedgerRecordAnswer,
} from '../../pms/ledger-wire.ts';
import { describeIssues } from '../../pms/wire.ts';
import type { HubDb } from '../hub/hub-db.ts';
import { entryRefusal } from './record-batch.ts';

/** Where one PMS step of a sale stands: its newest reported outcome. */
export interface StepStanding {
  step: number;
  intent: string;
  outcome: LedgerOutcome['outcome'];
  invoiceId: number | null;
  invoiceNumber: string | null;
  message: string | null;
  at: string;
}

/** A device's own record as `GET /till/sales` lists it. */
export interface ListedSale extends LedgerRecordAnswer {
  record: LedgerRecord;
  steps: StepStanding[];
}

/** Most records one page lists. */
export const MAX_PAGE = 500;
/** Most outcome reports one `POST /till/sales/outcomes` carries. */
export const MAX_OUTCOME_BATCH = 200;

/** One report's own answer in a batch: stored (or a repeat), or the refusal it would get alone. */
export type OutcomeBatchResult =
  | { ok: true; stored: boolean }
  | { ok: false; status: number; message: string; code?: string; field?: string };

export function createSaleOutcomes(db: HubDb, now: () => Date) {
  const saleOfDevice = db.prepare('SELECT device_id AS deviceId FROM ledger_sales WHERE sale_id = ?');
  const newestOfStep = db.prepare(
    `SELECT intent, outcome, invoice_id AS invoiceId, at FROM ledger_outcomes
      WHERE sale_id = ? AND step = ? ORDER BY seq DESC LIMIT 1`,
  );
  const insert = db.prepare(
    `INSERT INTO ledger_outcomes (sale_id, step, intent, outcome, invoice_id, invoice_number, charge_ids,
       message, at, reported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const stepsOf = db.prepare(
    `SELECT step, intent, outcome, invoice_id AS invoiceId, invoice_number AS invoiceNumber, message, at
       FROM ledger_outcomes o
      WHERE sale_id = ? AND seq = (SELECT MAX(seq) FROM ledger_outcomes WHERE sale_id = o.sale_id AND step = o.step)
      ORDER BY step`,
  );
  const page = db.prepare(
    `SELECT seq, sale_id AS saleId, receipt_number AS receiptNumber, recorded_at AS recordedAt, body
       FROM ledger_sales WHERE device_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
  );

  const outcomes = {
    /**
     * Stores the outcome `body` reports of `saleId`'s step; false when it repeats the step's newest.
     * @throws ApiError 400 `outcome_invalid` naming the field, 404 `sale_unknown` (not this device's)
     */
    report(device: Device, saleId: string, body: unknown): { stored: boolean } {
      const parsed = v.safeParse(LedgerOutcomeSchema, body);
      if (!parsed.success) {
        const { message, field } = describeIssues(parsed.issues);
        throw new ApiError(400, message, field, 'outcome_invalid');
      }
      const outcome = parsed.output;
      const owner = saleOfDevice.get(saleId) as { deviceId: string } | undefined;
      if (!owner || owner.deviceId !== device.id)
        throw new ApiError(404, `no recorded sale ${saleId} of this tablet`, 'saleId', 'sale_unknown');
      return db.transaction(() => {
        const newest = newestOfStep.get(saleId, outcome.step) as
          | { intent: string; outcome: string; invoiceId: number | null; at: string }
          | undefined;
        if (
          newest &&
          newest.intent === outcome.intent &&
          newest.outcome === outcome.outcome &&
          newest.invoiceId === (outcome.invoiceId ?? null) &&
          newest.at === outcome.at
        )
          return { stored: false };
        insert.run(
          saleId,
          outcome.step,
          outcome.intent,
          outcome.outcome,
          outcome.invoiceId ?? null,
          outcome.invoiceNumber ?? null,
          outcome.chargeIds ? JSON.stringify(outcome.chargeIds) : null,
          outcome.message ?? null,
          outcome.at,
          now().toISOString(),
        );
        return { stored: true };
      })();
    },

    /**
     * Stores each of `body.reports` (`[{saleId, outcome}]`, 1 to MAX_OUTCOME_BATCH) as `report` would
     * alone, in one transaction; answers each one's own result in order. One refused report never
     * fails the others.
     * @throws ApiError 400 `batch_invalid` naming `reports` when the body is not such a list
     */
    reportMany(device: Device, body: unknown): OutcomeBatchResult[] {
      const reports = (body as { reports?: unknown } | null)?.reports;
      if (!Array.isArray(reports) || reports.length === 0 || reports.length > MAX_OUTCOME_BATCH)
        throw new ApiError(
          400,
          `reports: must be 1 to ${MAX_OUTCOME_BATCH} reports`,
          'reports',
          'batch_invalid',
        );
      return db.transaction(() =>
        reports.map((entry, index): OutcomeBatchResult => {
          const { saleId, outcome } = (entry ?? {}) as { saleId?: unknown; outcome?: unknown };
          try {
            if (typeof saleId !== 'string' || saleId === '')
              throw new ApiError(
                400,
                `reports[${index}].saleId: must be a sale id`,
                'saleId',
                'outcome_invalid',
              );
            return { ok: true, ...outcomes.report(device, saleId, outcome) };
          } catch (error) {
            if (!(error instanceof ApiError) || error.status >= 500) throw error; // the whole request fails
            return entryRefusal(error);
          }
        }),
      )();
    },

    /** What the ledger stored of `saleId`: its lines (net and VAT worked out), payments and approvals. */
    stored(saleId: string) {
      const seq = (
        db.prepare('SELECT seq FROM ledger_sales WHERE sale_id = ?').get(saleId) as
          | { seq: number }
          | undefined
      )?.seq;
      if (seq === undefined) return undefined;
      const rows = (table: string, order: string) =>
        db.prepare(`SELECT * FROM ${table} WHERE sale_seq = ? ORDER BY ${order}`).all(seq) as Record<
          string,
          unknown
        >[];
      return {
        lines: rows('ledger_lines', 'line_no'),
        payments: rows('ledger_payments', 'payment_no'),
        approvals: rows('ledger_approvals', 'approval_id'),
      };
    },

    /** Where each step of `saleId` stands. */
    steps(saleId: string): StepStanding[] {
      return stepsOf.all(saleId) as StepStanding[];
    },

    /** `device`'s own records after `after` (a seq), oldest first, at most `limit`; `next` pages on. */
    list(device: Device, after: number, limit: number): { sales: ListedSale[]; next: number | null } {
      const rows = page.all(device.id, after, limit + 1) as (LedgerRecordAnswer & { body: string })[];
      const more = rows.length > limit;
      const sales = rows.slice(0, limit).map(({ body, ...answer }) => ({
        ...answer,
        record: JSON.parse(body) as LedgerRecord,
        steps: stepsOf.all(answer.saleId) as StepStanding[],
      }));
      return { sales, next: more ? sales.at(-1)!.seq : null };
    },
  };
  return outcomes;
}
