// The Austrian register's SQLite file (`DATA_DIR/rksv.sqlite`, STRICT, append-only by triggers):
// the register's set-up, each receipt attempt (its id and request written before the unit is
// called), the DEP (every JWS in order, failed, training and storno ones included), how each ledger
// record was treated (receipt or transfer to the PMS), the outage journal (only its end is ever set),
// and logged checks and backups. Secrets (AES key) are in rksv-secrets.json, not here.
import Database from 'better-sqlite3';
import type { BucketCents, ReceiptKind } from './rksv-core.ts';

const noChange = (table: string) => `
CREATE TRIGGER IF NOT EXISTS ${table}_no_update BEFORE UPDATE ON ${table}
  BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END;
CREATE TRIGGER IF NOT EXISTS ${table}_no_delete BEFORE DELETE ON ${table}
  BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END;`;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS rksv_register (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  kassen_id TEXT NOT NULL,
  mode TEXT NOT NULL,
  zda TEXT NOT NULL,
  key_id TEXT NOT NULL,
  counter_bytes INTEGER NOT NULL,
  company_id TEXT NOT NULL,
  business TEXT NOT NULL,
  public_key TEXT,
  fiskaly TEXT,
  ledger_from INTEGER NOT NULL,
  set_up_at TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS rksv_attempt (
  number INTEGER PRIMARY KEY,
  attempt_id TEXT NOT NULL UNIQUE,
  purpose TEXT NOT NULL,
  kind TEXT NOT NULL,
  sale_id TEXT,
  request TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS rksv_receipt (
  position INTEGER PRIMARY KEY AUTOINCREMENT,
  number INTEGER NOT NULL UNIQUE REFERENCES rksv_attempt (number),
  receipt_number TEXT NOT NULL UNIQUE,
  purpose TEXT NOT NULL,
  kind TEXT NOT NULL,
  sale_id TEXT,
  time TEXT NOT NULL,
  amounts TEXT NOT NULL,
  counter_after TEXT,
  signed INTEGER NOT NULL,
  jws TEXT NOT NULL,
  outage_id INTEGER,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS rksv_receipt_sale ON rksv_receipt (sale_id);
CREATE INDEX IF NOT EXISTS rksv_receipt_purpose ON rksv_receipt (purpose, position);
CREATE TABLE IF NOT EXISTS rksv_sale (
  sale_id TEXT PRIMARY KEY,
  ledger_seq INTEGER,
  treatment TEXT NOT NULL CHECK (treatment IN ('receipt', 'transfer', 'none')),
  note TEXT NOT NULL,
  gross_cents INTEGER NOT NULL,
  signed_cents INTEGER NOT NULL,
  recorded_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS rksv_sale_seq ON rksv_sale (ledger_seq);
CREATE TABLE IF NOT EXISTS rksv_outage (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  started_at TEXT NOT NULL,
  cause TEXT NOT NULL,
  ended_at TEXT,
  warned_at TEXT
) STRICT;
CREATE TRIGGER IF NOT EXISTS rksv_outage_end_once BEFORE UPDATE ON rksv_outage
  WHEN OLD.started_at IS NOT NEW.started_at OR OLD.cause IS NOT NEW.cause OR OLD.id IS NOT NEW.id
    OR (OLD.ended_at IS NOT NULL AND OLD.ended_at IS NOT NEW.ended_at)
    OR (OLD.warned_at IS NOT NULL AND OLD.warned_at IS NOT NEW.warned_at)
  BEGIN SELECT RAISE(ABORT, 'an outage only gets its end and its warning, once'); END;
CREATE TRIGGER IF NOT EXISTS rksv_outage_no_delete BEFORE DELETE ON rksv_outage
  BEGIN SELECT RAISE(ABORT, 'rksv_outage is append-only'); END;
CREATE TABLE IF NOT EXISTS rksv_event (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  note TEXT NOT NULL,
  at TEXT NOT NULL
) STRICT;
${['rksv_register', 'rksv_attempt', 'rksv_receipt', 'rksv_sale', 'rksv_event'].map(noChange).join('\n')}
`;

export type Purpose = 'start' | 'sale' | 'monthly' | 'yearly' | 'sammel' | 'closing' | 'control';

export interface RegisterRow {
  kassenId: string;
  mode: 'test-unit' | 'fiskaly';
  zda: string;
  keyId: string;
  counterBytes: number;
  /** `U:ATU12345678` or `S:123456789`. */
  companyId: string;
  business: { name: string; address: string; vatId?: string; taxNumber?: string };
  /** base64 SPKI DER of the signing key (test unit). */
  publicKey: string | null;
  /** fiskaly ids: organisation's SCU and the cash register. */
  fiskaly: { scuId: string; cashRegisterId: string } | null;
  /** The ledger's position at set-up: earlier records are not this register's. */
  ledgerFrom: number;
  setUpAt: string;
}

export interface AttemptRow {
  number: number;
  attemptId: string;
  purpose: Purpose;
  kind: ReceiptKind;
  saleId: string | null;
  request: unknown;
  createdAt: string;
}

export interface ReceiptRow {
  position: number;
  number: number;
  receiptNumber: string;
  purpose: Purpose;
  kind: ReceiptKind;
  saleId: string | null;
  time: string;
  amounts: BucketCents;
  counterAfter: bigint | null;
  signed: boolean;
  jws: string;
  outageId: number | null;
  createdAt: string;
}

export interface OutageRow {
  id: number;
  startedAt: string;
  cause: string;
  endedAt: string | null;
  warnedAt: string | null;
}

export interface SaleTreatment {
  saleId: string;
  ledgerSeq: number | null;
  treatment: 'receipt' | 'transfer' | 'none';
  note: string;
  grossCents: number;
  signedCents: number;
  recordedAt: string;
}

export type DepStore = ReturnType<typeof openDepStore>;

type Raw = Record<string, unknown>;
const receiptOf = (row: Raw): ReceiptRow => ({
  position: row.position as number,
  number: row.number as number,
  receiptNumber: row.receipt_number as string,
  purpose: row.purpose as Purpose,
  kind: row.kind as ReceiptKind,
  saleId: (row.sale_id as string | null) ?? null,
  time: row.time as string,
  amounts: JSON.parse(row.amounts as string) as BucketCents,
  counterAfter: row.counter_after === null ? null : BigInt(row.counter_after as string),
  signed: row.signed === 1,
  jws: row.jws as string,
  outageId: (row.outage_id as number | null) ?? null,
  createdAt: row.created_at as string,
});
const outageOf = (row: Raw): OutageRow => ({
  id: row.id as number,
  startedAt: row.started_at as string,
  cause: row.cause as string,
  endedAt: (row.ended_at as string | null) ?? null,
  warnedAt: (row.warned_at as string | null) ?? null,
});

export function openDepStore(file: string) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(SCHEMA);
  const q = {
    register: db.prepare('SELECT * FROM rksv_register WHERE id = 1'),
    addRegister: db.prepare(
      `INSERT INTO rksv_register (id, kassen_id, mode, zda, key_id, counter_bytes, company_id, business, public_key, fiskaly, ledger_from, set_up_at)
       VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    nextNumber: db.prepare('SELECT COALESCE(MAX(number), 0) + 1 AS n FROM rksv_attempt'),
    addAttempt: db.prepare(
      'INSERT INTO rksv_attempt (number, attempt_id, purpose, kind, sale_id, request, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    // Attempts complete in their order, so the pending ones are those after the last receipt's.
    pending: db.prepare(
      'SELECT * FROM rksv_attempt WHERE number > (SELECT COALESCE(MAX(number), 0) FROM rksv_receipt) ORDER BY number',
    ),
    addReceipt: db.prepare(
      `INSERT INTO rksv_receipt (number, receipt_number, purpose, kind, sale_id, time, amounts, counter_after, signed, jws, outage_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    last: db.prepare('SELECT * FROM rksv_receipt ORDER BY position DESC LIMIT 1'),
    all: db.prepare('SELECT * FROM rksv_receipt ORDER BY position'),
    bySale: db.prepare('SELECT * FROM rksv_receipt WHERE sale_id = ? ORDER BY position'),
    attemptBySale: db.prepare('SELECT * FROM rksv_attempt WHERE sale_id = ? ORDER BY number'),
    lastOf: db.prepare('SELECT * FROM rksv_receipt WHERE purpose = ? ORDER BY position DESC LIMIT 1'),
    treatment: db.prepare('SELECT * FROM rksv_sale WHERE sale_id = ?'),
    addTreatment: db.prepare(
      'INSERT INTO rksv_sale (sale_id, ledger_seq, treatment, note, gross_cents, signed_cents, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    lastLedgerSeq: db.prepare('SELECT MAX(ledger_seq) AS seq FROM rksv_sale'),
    openOutage: db.prepare('SELECT * FROM rksv_outage WHERE ended_at IS NULL ORDER BY id DESC LIMIT 1'),
    addOutage: db.prepare('INSERT INTO rksv_outage (started_at, cause) VALUES (?, ?)'),
    endOutage: db.prepare('UPDATE rksv_outage SET ended_at = ? WHERE id = ? AND ended_at IS NULL'),
    warnOutage: db.prepare('UPDATE rksv_outage SET warned_at = ? WHERE id = ? AND warned_at IS NULL'),
    outages: db.prepare('SELECT * FROM rksv_outage ORDER BY id DESC LIMIT 50'),
    failedIn: db.prepare('SELECT COUNT(*) AS n FROM rksv_receipt WHERE outage_id = ? AND signed = 0'),
    addEvent: db.prepare('INSERT INTO rksv_event (kind, subject, note, at) VALUES (?, ?, ?, ?)'),
    events: db.prepare('SELECT * FROM rksv_event WHERE kind = ? ORDER BY id DESC LIMIT 20'),
  };
  // Told of every special receipt (not a sale's) once it is in the DEP: the hub prints it.
  const specialListeners = new Set<(receipt: ReceiptRow) => void>();
  return {
    db,
    register(): RegisterRow | undefined {
      const row = q.register.get() as Raw | undefined;
      if (!row) return undefined;
      return {
        kassenId: row.kassen_id as string,
        mode: row.mode as RegisterRow['mode'],
        zda: row.zda as string,
        keyId: row.key_id as string,
        counterBytes: row.counter_bytes as number,
        companyId: row.company_id as string,
        business: JSON.parse(row.business as string) as RegisterRow['business'],
        publicKey: (row.public_key as string | null) ?? null,
        fiskaly: row.fiskaly ? (JSON.parse(row.fiskaly as string) as RegisterRow['fiskaly']) : null,
        ledgerFrom: row.ledger_from as number,
        setUpAt: row.set_up_at as string,
      };
    },
    saveRegister(r: RegisterRow) {
      q.addRegister.run(
        r.kassenId,
        r.mode,
        r.zda,
        r.keyId,
        r.counterBytes,
        r.companyId,
        JSON.stringify(r.business),
        r.publicKey,
        r.fiskaly ? JSON.stringify(r.fiskaly) : null,
        r.ledgerFrom,
        r.setUpAt,
      );
    },
    /** Writes the attempt (its id and request) before the unit is called; answers its number. */
    addAttempt(a: Omit<AttemptRow, 'number'>): AttemptRow {
      return db.transaction(() => {
        const number = (q.nextNumber.get() as { n: number }).n;
        q.addAttempt.run(
          number,
          a.attemptId,
          a.purpose,
          a.kind,
          a.saleId,
          JSON.stringify(a.request),
          a.createdAt,
        );
        return { ...a, number };
      })();
    },
    /** Attempts with no DEP row yet (a crash or lost answer), oldest first. */
    pendingAttempts(): AttemptRow[] {
      return (q.pending.all() as Raw[]).map((row) => ({
        number: row.number as number,
        attemptId: row.attempt_id as string,
        purpose: row.purpose as Purpose,
        kind: row.kind as ReceiptKind,
        saleId: (row.sale_id as string | null) ?? null,
        request: JSON.parse(row.request as string) as unknown,
        createdAt: row.created_at as string,
      }));
    },
    addReceipt(r: Omit<ReceiptRow, 'position'>) {
      q.addReceipt.run(
        r.number,
        r.receiptNumber,
        r.purpose,
        r.kind,
        r.saleId,
        r.time,
        JSON.stringify(r.amounts),
        r.counterAfter === null ? null : String(r.counterAfter),
        r.signed ? 1 : 0,
        r.jws,
        r.outageId,
        r.createdAt,
      );
      if (r.purpose === 'sale' || specialListeners.size === 0) return;
      const stored = receiptOf(q.last.get() as Raw);
      for (const listener of specialListeners) listener(stored);
    },
    /** Calls `listener` with each special receipt (Start-, Monats-, Jahres-, Null-, Sammel-, Schlussbeleg) once stored. */
    onSpecial(listener: (receipt: ReceiptRow) => void): () => void {
      specialListeners.add(listener);
      return () => specialListeners.delete(listener);
    },
    lastReceipt: () => {
      const row = q.last.get() as Raw | undefined;
      return row ? receiptOf(row) : undefined;
    },
    lastOf: (purpose: Purpose) => {
      const row = q.lastOf.get(purpose) as Raw | undefined;
      return row ? receiptOf(row) : undefined;
    },
    receipts: () => (q.all.all() as Raw[]).map(receiptOf),
    receiptsOfSale: (saleId: string) => (q.bySale.all(saleId) as Raw[]).map(receiptOf),
    attemptsOfSale: (saleId: string) => (q.attemptBySale.all(saleId) as Raw[]).length,
    treatment(saleId: string): SaleTreatment | undefined {
      const row = q.treatment.get(saleId) as Raw | undefined;
      if (!row) return undefined;
      return {
        saleId: row.sale_id as string,
        ledgerSeq: (row.ledger_seq as number | null) ?? null,
        treatment: row.treatment as SaleTreatment['treatment'],
        note: row.note as string,
        grossCents: row.gross_cents as number,
        signedCents: row.signed_cents as number,
        recordedAt: row.recorded_at as string,
      };
    },
    addTreatment(t: SaleTreatment) {
      q.addTreatment.run(
        t.saleId,
        t.ledgerSeq,
        t.treatment,
        t.note,
        t.grossCents,
        t.signedCents,
        t.recordedAt,
      );
    },
    lastLedgerSeq: () => (q.lastLedgerSeq.get() as { seq: number | null }).seq ?? 0,
    openOutage: () => {
      const row = q.openOutage.get() as Raw | undefined;
      return row ? outageOf(row) : undefined;
    },
    startOutage(at: string, cause: string): OutageRow {
      const id = Number(q.addOutage.run(at, cause).lastInsertRowid);
      return { id, startedAt: at, cause, endedAt: null, warnedAt: null };
    },
    endOutage: (id: number, at: string) => q.endOutage.run(at, id),
    warnOutage: (id: number, at: string) => q.warnOutage.run(at, id),
    outages: () =>
      (q.outages.all() as Raw[]).map((row) => ({
        ...outageOf(row),
        failed: (q.failedIn.get(row.id) as { n: number }).n,
      })),
    addEvent: (kind: string, subject: string, note: string, at: string) =>
      q.addEvent.run(kind, subject, note, at),
    events: (kind: string) =>
      q.events.all(kind) as { id: number; kind: string; subject: string; note: string; at: string }[],
    close: () => db.close(),
  };
}
