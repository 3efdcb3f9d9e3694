// The till server's sales-ledger calls the outbox makes (docs/ledger.md): record a sale
// (`POST /till/sales`, the first step of every sale; several at once: `POST /till/sales/batch`), report its PMS steps' outcomes
// (`POST /till/sales/:saleId/outcomes`; several, of several sales: `POST /till/sales/outcomes`), and read how far the hotel's days are closed (for pruning). Sent like the PMS calls (http.ts: the same failure kinds,
// the device cookie, the sale's headers), each body checked against ledger-wire.ts before sending.
import * as v from 'valibot';
import { PmsInvalidResponseError, PmsRejectedError, PmsRequestError, PmsServerError } from './errors.ts';
import { callPms, type Transport } from './http.ts';
import {
  type LedgerOutcome,
  LedgerOutcomeSchema,
  type LedgerRecord,
  type LedgerRecordAnswer,
  LedgerRecordSchema,
} from './ledger-wire.ts';
import type { TillOperation } from './operations.ts';
import { describeIssues } from './wire.ts';

/** One outcome report of a batch: the sale it is of, and the outcome. */
export interface OutcomeReport {
  saleId: string;
  outcome: LedgerOutcome;
}

/** The ledger calls of the outbox's client; tests pass fakes with the same functions. */
export interface LedgerCalls {
  /** Records a sale; a resend of the same body gets the stored answer (409 `sale_conflict` for another body). */
  recordLedgerSale(record: LedgerRecord): Promise<LedgerRecordAnswer>;
  /**
   * Records several sales in one request; each record's own answer, or the error recording it alone
   * would have thrown (a refusal, a server fault, a body failing the check). Throws, for all of them,
   * what the request itself met (unreachable, timeout, unpaired). Absent on fakes that have no batch.
   */
  recordLedgerSales?(records: LedgerRecord[]): Promise<(LedgerRecordAnswer | Error)[]>;
  /** Reports one PMS step's outcome of a recorded sale; the server stores a repeat once. */
  reportLedgerOutcome(saleId: string, outcome: LedgerOutcome): Promise<unknown>;
  /**
   * Reports several outcomes, of several sales, in one request; for each, undefined when the server
   * took it, or the error reporting it alone would have thrown. Throws, for all of them, what the
   * request itself met. Absent on fakes that have no batch.
   */
  reportLedgerOutcomes?(reports: OutcomeReport[]): Promise<(Error | undefined)[]>;
  /** The hotel's last Z closing (`GET /till/closing/last-z`): the ledger number it closed up to; null before the first. */
  readLastClosing(): Promise<{ upToSeq: number } | null>;
}

const RecordAnswer = v.looseObject({
  saleId: v.string(),
  seq: v.optional(v.number(), 0),
  receiptNumber: v.optional(v.number(), 0),
  recordedAt: v.optional(v.string(), ''),
});

/** Our choice: the server's answer is taken bare or in the `{success, data}` envelope. */
function enveloped<S extends v.GenericSchema>(schema: S) {
  return v.union([
    v.looseObject({ data: schema }),
    v.pipe(
      schema,
      v.transform((data) => ({ data })),
    ),
  ]);
}

const RecordResponse = enveloped(RecordAnswer);
const BatchRefusal = v.looseObject({
  ok: v.literal(false),
  status: v.number(),
  message: v.optional(v.string(), ''),
  code: v.optional(v.string()),
  field: v.optional(v.string()),
});
const BatchResponse = enveloped(
  v.looseObject({
    results: v.array(v.union([v.looseObject({ ok: v.literal(true), answer: RecordAnswer }), BatchRefusal])),
  }),
);
const OutcomeBatchResponse = enveloped(
  v.looseObject({ results: v.array(v.union([v.looseObject({ ok: v.literal(true) }), BatchRefusal])) }),
);
const OutcomesResponse = enveloped(v.unknown());
const LastClosingResponse = enveloped(
  v.looseObject({ lastZ: v.nullable(v.looseObject({ upToSeq: v.pipe(v.number(), v.integer()) })) }),
);

/** The ledger calls over a client's transport (client.ts puts them on the outbox's client). */
export function ledgerCallsOver(transport: Transport): LedgerCalls {
  return {
    async recordLedgerSale(record) {
      check('recordLedgerSale', LedgerRecordSchema, record);
      const path = '/till/sales';
      const answer = await callPms(transport, {
        operation: 'recordLedgerSale',
        path,
        body: record,
        response: RecordResponse,
      });
      return answer as LedgerRecordAnswer;
    },
    async recordLedgerSales(records) {
      const checked = records.map((record) => {
        try {
          check('recordLedgerSale', LedgerRecordSchema, record);
          return null;
        } catch (error) {
          return error as PmsRequestError;
        }
      });
      const sent = records.filter((_, index) => !checked[index]);
      const path = '/till/sales/batch';
      const answers = sent.length
        ? (
            await callPms(transport, {
              operation: 'recordLedgerSale',
              path,
              body: { records: sent },
              response: BatchResponse,
            })
          ).results
        : [];
      const call = {
        operation: 'recordLedgerSale' as const,
        method: 'POST' as const,
        url: `${transport.baseUrl}${path}`,
      };
      if (answers.length !== sent.length)
        throw new PmsInvalidResponseError(call, 200, `${answers.length} results for ${sent.length} records`);
      let next = 0;
      return checked.map((refused) => {
        if (refused) return refused;
        const result = answers[next++]!;
        return result.ok ? (result.answer as LedgerRecordAnswer) : refusalError(call, result);
      });
    },
    async reportLedgerOutcomes(reports) {
      const checked = reports.map((report) => {
        try {
          check('reportLedgerOutcome', LedgerOutcomeSchema, report.outcome);
          return null;
        } catch (error) {
          return error as PmsRequestError;
        }
      });
      const sent = reports.filter((_, index) => !checked[index]);
      const path = '/till/sales/outcomes';
      const answers = sent.length
        ? (
            await callPms(transport, {
              operation: 'reportLedgerOutcome',
              path,
              body: { reports: sent },
              response: OutcomeBatchResponse,
            })
          ).results
        : [];
      const call = {
        operation: 'reportLedgerOutcome' as const,
        method: 'POST' as const,
        url: `${transport.baseUrl}${path}`,
      };
      if (answers.length !== sent.length)
        throw new PmsInvalidResponseError(call, 200, `${answers.length} results for ${sent.length} reports`);
      let next = 0;
      return checked.map((refused) => {
        if (refused) return refused;
        const result = answers[next++]!;
        return result.ok ? undefined : refusalError(call, result);
      });
    },
    async reportLedgerOutcome(saleId, outcome) {
      const body = outcome;
      check('reportLedgerOutcome', LedgerOutcomeSchema, body);
      const path = `/till/sales/${encodeURIComponent(saleId)}/outcomes`;
      return callPms(transport, {
        operation: 'reportLedgerOutcome',
        path,
        body,
        response: OutcomesResponse,
      });
    },
    async readLastClosing() {
      const path = '/till/closing/last-z';
      const answer = await callPms(transport, {
        operation: 'readLastClosing',
        path,
        response: LastClosingResponse,
      });
      return answer.lastZ ? { upToSeq: answer.lastZ.upToSeq } : null;
    },
  };
}

/** A batch entry's refusal as the error the call alone would have thrown. */
function refusalError(
  call: { operation: TillOperation; method: 'POST'; url: string },
  result: v.InferOutput<typeof BatchRefusal>,
): PmsRejectedError | PmsServerError {
  const details = {
    status: result.status,
    pmsMessage: result.message,
    field: result.field,
    code: result.code,
  };
  return result.status < 500
    ? new PmsRejectedError(call, details)
    : new PmsServerError(call, { ...details, pmsUnreachable: false });
}

function check(operation: TillOperation, schema: v.GenericSchema, value: unknown): void {
  const result = v.safeParse(schema, value);
  if (result.success) return;
  const { message, field } = describeIssues(result.issues);
  throw new PmsRequestError(operation, message, field);
}
