// What the test TSE's route modules share: its database statements, the clock, the admin sessions,
// the lookups that refuse with fiskaly's errors, and the error type and its rendering.
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ClientRow, LogMessageRow, TseDb, TssRow } from './tse-db.ts';

export const TEST_TSE_VERSION = '2.1.35';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A fiskaly-style error answer. */
export class TseError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  423: 'Locked',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Renders a TseError as fiskaly does: {code, message, status_code, error}, with Retry-After. */
export function renderTseError(app: Hono): void {
  app.onError((error, c) => {
    if (!(error instanceof TseError)) throw error;
    if (error.retryAfterSeconds !== undefined) c.header('retry-after', String(error.retryAfterSeconds));
    return c.json(
      {
        code: error.code,
        message: error.message,
        status_code: error.status,
        error: ERROR_NAMES[error.status] ?? 'Error',
      },
      error.status,
    );
  });
}

export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  try {
    const body = await c.req.json();
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new TseError(400, 'E_VALIDATION', 'the body must be a JSON object');
}

export type TseContext = ReturnType<typeof createTseContext>;

export function createTseContext(db: TseDb, now: () => Date) {
  const seconds = () => Math.floor(now().getTime() / 1000);
  /** Admin sessions per TSS: tss id -> expiry (unix s). In memory: a restart ends them. */
  const adminSessions = new Map<string, number>();
  const getTss = db.prepare<[string], TssRow>('SELECT * FROM tss WHERE id = ?');
  const getClient = db.prepare<[string, string], ClientRow>(
    'SELECT * FROM client WHERE tss_id = ? AND id = ?',
  );
  const countClients = db.prepare<[string], { n: number }>(
    "SELECT count(*) AS n FROM client WHERE tss_id = ? AND state = 'REGISTERED'",
  );
  const getRevision = db.prepare<[string, string, number], { request: string; answer: string }>(
    'SELECT request, answer FROM tx_revision WHERE tss_id = ? AND tx_id = ? AND revision = ?',
  );
  const latestRevision = db.prepare<[string, string], { revision: number; answer: string }>(
    'SELECT revision, answer FROM tx_revision WHERE tss_id = ? AND tx_id = ? ORDER BY revision DESC LIMIT 1',
  );
  const activeCount = db.prepare<[string], { n: number }>(
    `SELECT count(*) AS n FROM tx_revision r WHERE tss_id = ? AND revision =
       (SELECT max(revision) FROM tx_revision WHERE tss_id = r.tss_id AND tx_id = r.tx_id)
       AND json_extract(answer, '$.state') = 'ACTIVE'`,
  );
  const insertRevision = db.prepare(
    'INSERT INTO tx_revision (tss_id, tx_id, revision, request, answer) VALUES (?, ?, ?, ?, ?)',
  );
  const insertLog = db.prepare(
    `INSERT INTO log_message (tss_id, signature_counter, tx_id, tx_number, operation, client_serial,
       log_time, message, signature) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const listLogs = db.prepare<[string, number, number], LogMessageRow>(
    `SELECT * FROM log_message WHERE tss_id = ? AND signature_counter BETWEEN ? AND ?
       ORDER BY signature_counter`,
  );
  const tssOf = (c: Context): TssRow => {
    const id = c.req.param('tss_id') ?? '';
    const tss = getTss.get(id);
    if (!tss) throw new TseError(404, 'E_TSS_NOT_FOUND', `no TSS ${id}`);
    return tss;
  };
  const requireAdmin = (tss: TssRow) => {
    const expiry = adminSessions.get(tss.id);
    if (!expiry || expiry < seconds())
      throw new TseError(401, 'E_ADMIN_NOT_AUTHENTICATED', 'authenticate as admin first');
  };
  const requireUsable = (tss: TssRow) => {
    if (tss.state === 'DEFECTIVE')
      throw new TseError(423, 'E_TSS_DEFECTIVE', 'the TSS is defective: create a new one');
    if (tss.state === 'DISABLED') throw new TseError(400, 'E_TSS_DISABLED', 'the TSS is disabled');
  };
  return {
    db,
    seconds,
    adminSessions,
    getTss,
    getClient,
    countClients,
    getRevision,
    latestRevision,
    activeCount,
    insertRevision,
    insertLog,
    listLogs,
    tssOf,
    requireAdmin,
    requireUsable,
  };
}
