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
      const checked = checkEach('recordLedgerSale', LedgerRecordSchema, records, (record) => record);
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
      const call = batchCall(transport, 'recordLedgerSale', path);
      return inEntriesPlaces(call, checked, answers, 'records', (ok) => ok.answer as LedgerRecordAnswer);
    },
    async reportLedgerOutcomes(reports) {
      const checked = checkEach(
        'reportLedgerOutcome',
        LedgerOutcomeSchema,
        reports,
        (report) => report.outcome,
      );
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
      const call = batchCall(transport, 'reportLedgerOutcome', path);
      return inEntriesPlaces(call, checked, answers, 'reports', () => undefined);
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

type BatchCall = { operation: TillOperation; method: 'POST'; url: string };

function batchCall(transport: Transport, operation: TillOperation, path: string): BatchCall {
  return { operation, method: 'POST', url: `${transport.baseUrl}${path}` };
}

/** Each entry of a batch checked as it would be alone: null, or the error that keeps it from being sent. */
function checkEach<T>(
  operation: TillOperation,
  schema: v.GenericSchema,
  entries: readonly T[],
  checkedPart: (entry: T) => unknown,
): (PmsRequestError | null)[] {
  return entries.map((entry) => {
    try {
      check(operation, schema, checkedPart(entry));
      return null;
    } catch (error) {
      return error as PmsRequestError;
    }
  });
}

/**
 * A batch's answers (one per entry sent, in order) put back in the entries' places, beside the
 * entries that failed the check: `answered` of each taken one, the error alone would have thrown
 * of each refused one. An answer count that does not match is the server's invalid response.
 */
function inEntriesPlaces<Ok extends { ok: true }, R>(
  call: BatchCall,
  checked: readonly (PmsRequestError | null)[],
  answers: readonly (Ok | v.InferOutput<typeof BatchRefusal>)[],
  noun: string,
  answered: (ok: Ok) => R,
): (R | Error)[] {
  const sent = checked.filter((refused) => !refused).length;
  if (answers.length !== sent)
    throw new PmsInvalidResponseError(call, 200, `${answers.length} results for ${sent} ${noun}`);
  let next = 0;
  return checked.map((refused) => {
    if (refused) return refused;
    const result = answers[next++]!;
    return result.ok ? answered(result as Ok) : refusalError(call, result);
  });
}

/** A batch entry's refusal as the error the call alone would have thrown. */
function refusalError(
  call: BatchCall,
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
