// Recording several sales of one paired tablet in one request (`POST /till/sales/batch`, body
// `{records: [...]}`, at most MAX_BATCH): each record goes through the single path (record-sale.ts,
// so the same checks and the same idempotency by sale id), all in the same group commit, and each
// is answered on its own: `{ok: true, answer}` or `{ok: false, status, message, code?, field?}`.
// One refused record never fails the others. docs/ledger.md, "Recording several at once".
import { ApiError } from '../../node-http/errors.ts';
import type { Device } from '../../pms/device-calls.ts';
import type { LedgerRecordAnswer } from '../../pms/ledger-wire.ts';

/** The most records one batch may carry. */
export const MAX_BATCH = 100;

export type BatchResult =
  | { ok: true; answer: Record<string, unknown> }
  | { ok: false; status: number; message: string; code?: string; field?: string };

/** The records of a batch body, or a 400 naming `records`. */
export function recordsOf(body: unknown): unknown[] {
  const records = (body as { records?: unknown } | null)?.records;
  if (!Array.isArray(records) || records.length === 0 || records.length > MAX_BATCH)
    throw new ApiError(400, `records: must be 1 to ${MAX_BATCH} records`, 'records', 'batch_invalid');
  return records;
}

/** Records each of `records` as if it came alone, and answers each one's own result, in order. */
export async function recordBatch(
  records: unknown[],
  device: Device,
  record: (device: Device, body: unknown) => Promise<LedgerRecordAnswer>,
  after: (answer: LedgerRecordAnswer) => Promise<Record<string, unknown>>,
): Promise<BatchResult[]> {
  // started together, so the records ready in this turn share one commit (group-commit.ts)
  const settled = await Promise.allSettled(records.map((body) => record(device, body)));
  return Promise.all(
    settled.map(async (result): Promise<BatchResult> => {
      if (result.status === 'fulfilled')
        return { ok: true, answer: { ...result.value, ...(await after(result.value)) } };
      return refusalOf(result.reason);
    }),
  );
}

/** A batch entry's 4xx as its answer: what the request alone would have answered (a batch of outcomes too). */
export function entryRefusal(error: ApiError): Extract<BatchResult, { ok: false }> {
  return {
    ok: false,
    status: error.status,
    message: error.message,
    ...(error.code ? { code: error.code } : {}),
    ...(error.field ? { field: error.field } : {}),
  };
}

function refusalOf(error: unknown): BatchResult {
  if (error instanceof ApiError && error.status < 500) return entryRefusal(error);
  // anything else is the server's fault, as a single record's 500 would be: the tablet sends it again
  return { ok: false, status: 500, message: 'the till server could not record this sale' };
}
