// The German fiscal driver's SQLite file (`DATA_DIR/fiscal.sqlite`): one row per sale handed to
// signing (pending -> signed, or pending -> unsigned -> signed late, never back: triggers refuse it),
// the outage journal (start, end, cause, written automatically), the TSE set-up (TSS, client,
// serials, start of use) and its decommissioning (append-only). Secrets are not here: they live in
// fiscal-secrets.json (0600).
import Database from 'better-sqlite3';
import type { FiscalSale } from '../fiscal-sale.ts';
import type { FiscalOrder } from './order-data.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS fiscal_sale (
  sale_id TEXT PRIMARY KEY,
  tx_id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  input TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'signed', 'unsigned')),
  signed_late INTEGER NOT NULL DEFAULT 0,
  outage_id INTEGER,
  signature TEXT,
  signed_at TEXT,
  refused TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS fiscal_sale_unsigned ON fiscal_sale (status, recorded_at);
CREATE TRIGGER IF NOT EXISTS fiscal_sale_signed_is_final BEFORE UPDATE ON fiscal_sale
  WHEN OLD.status = 'signed'
  BEGIN SELECT RAISE(ABORT, 'a signed sale never changes'); END;
CREATE TRIGGER IF NOT EXISTS fiscal_sale_no_delete BEFORE DELETE ON fiscal_sale
  BEGIN SELECT RAISE(ABORT, 'fiscal records are never deleted'); END;
CREATE TABLE IF NOT EXISTS outage (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  started_at TEXT NOT NULL,
  ended_at TEXT,
  cause TEXT NOT NULL,
  unsigned_sales INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE TRIGGER IF NOT EXISTS outage_no_delete BEFORE DELETE ON outage
  BEGIN SELECT RAISE(ABORT, 'the outage journal is never deleted'); END;
CREATE TABLE IF NOT EXISTS setting (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS decommissioning (
  tse_serial TEXT PRIMARY KEY,
  client_serial TEXT NOT NULL,
  out_of_service_on TEXT NOT NULL,
  reason TEXT NOT NULL,
  note TEXT NOT NULL,
  decommissioned_by TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  last_signature_counter INTEGER
) STRICT;
CREATE TRIGGER IF NOT EXISTS decommissioning_no_update BEFORE UPDATE ON decommissioning
  BEGIN SELECT RAISE(ABORT, 'a decommissioning never changes'); END;
CREATE TRIGGER IF NOT EXISTS decommissioning_no_delete BEFORE DELETE ON decommissioning
  BEGIN SELECT RAISE(ABORT, 'a decommissioning is never deleted'); END;
`;

/** What the TSE signed, as the receipt and the DSFinV-K export need it. */
export interface TseSignature {
  txNumber: number;
  signatureCounter: number;
  /** ISO 8601 UTC. */
  timeStart: string;
  timeEnd: string;
  signature: string;
  algorithm: string;
  publicKey: string;
  tseSerial: string;
  clientSerial: string;
  processType: string;
  processData: string;
  qrCode: string;
  /** Unix seconds of the finish log message. */
  logTime: number;
}

export interface FiscalSaleRow {
  saleId: string;
  txId: string;
  kind: string;
  recordedAt: string;
  /** A sale, or a table's order (`order:<id>`). */
  input: FiscalSale | FiscalOrder;
  status: 'pending' | 'signed' | 'unsigned';
  signedLate: boolean;
  outageId: number | null;
  signature: TseSignature | null;
  signedAt: string | null;
  /** Why the TSE refused this sale itself (not an outage): it stays unsigned and is not retried. */
  refused: string | null;
}

export interface OutageRow {
  id: number;
  startedAt: string;
  endedAt: string | null;
  cause: string;
  unsignedSales: number;
}

/** The TSE set-up, as the admin page and the ELSTER notice show it. */
export interface TseSetup {
  tssId: string;
  clientId: string;
  clientSerial: string;
  tseSerial: string;
  publicKey: string;
  /** e.g. "TEST-TSE (Hotel Till, not certified)" or "fiskaly SIGN DE (cloud TSE)". */
  tseType: string;
  /** ISO date the TSE was set up. */
  setUpAt: string;
  /** ISO date the hotel started using it (for ELSTER); default the set-up date. */
  startOfUse: string;
}

/** Why a till leaves service, as the tax office's notice asks it (docs/fiscal.md, "Decommissioning"). */
export const DECOMMISSIONING_REASONS = ['retired', 'defect', 'lost', 'stolen', 'business-closed'] as const;
export type DecommissioningReason = (typeof DECOMMISSIONING_REASONS)[number];

/** A till taken out of service with its TSE: recorded once, never changed. */
export interface Decommissioning {
  tseSerial: string;
  clientSerial: string;
  /** ISO date of the end of use (the ELSTER notice's date). */
  outOfServiceOn: string;
  reason: DecommissioningReason;
  /** The manager's words, e.g. which till replaces it. */
  note: string;
  decommissionedBy: string;
  /** ISO 8601 UTC, when it was recorded. */
  recordedAt: string;
  /** The last sale's signature counter on this TSE; null when it signed none. */
  lastSignatureCounter: number | null;
}

export interface FiscalStore {
  get(saleId: string): FiscalSaleRow | undefined;
  /** Records a sale as pending once; returns the row (existing or new). */
  begin(sale: FiscalSale | FiscalOrder, txId: string): FiscalSaleRow;
  markSigned(saleId: string, signature: TseSignature, late: boolean, at: string): void;
  markUnsigned(saleId: string, outageId: number): void;
  /** The TSE refused this sale's data: unsigned for good, not retried (shown on the admin page). */
  markRefused(saleId: string, reason: string): void;
  /** Sales waiting for a late signature (unsigned, or pending after a crash), oldest first. */
  waiting(): FiscalSaleRow[];
  /** Sales the TSE refused. */
  refusedSales(): FiscalSaleRow[];
  openOutage(): OutageRow | undefined;
  startOutage(cause: string, at: string): OutageRow;
  endOutage(id: number, at: string): void;
  outages(): OutageRow[];
  setup(): TseSetup | undefined;
  saveSetup(setup: TseSetup): void;
  setting(key: string): string | undefined;
  saveSetting(key: string, value: string): void;
  /** The set-up TSE's decommissioning, once it was recorded. */
  decommissioning(): Decommissioning | undefined;
  recordDecommissioning(decommissioning: Decommissioning): void;
  /** The highest signature counter of a signed sale; null when none is signed. */
  lastSignatureCounter(): number | null;
  close(): void;
}

interface RawSale {
  sale_id: string;
  tx_id: string;
  kind: string;
  recorded_at: string;
  input: string;
  status: FiscalSaleRow['status'];
  signed_late: number;
  outage_id: number | null;
  signature: string | null;
  signed_at: string | null;
  refused: string | null;
}

const toRow = (raw: RawSale): FiscalSaleRow => ({
  saleId: raw.sale_id,
  txId: raw.tx_id,
  kind: raw.kind,
  recordedAt: raw.recorded_at,
  input: JSON.parse(raw.input) as FiscalSale | FiscalOrder,
  status: raw.status,
  signedLate: raw.signed_late === 1,
  outageId: raw.outage_id,
  signature: raw.signature ? (JSON.parse(raw.signature) as TseSignature) : null,
  signedAt: raw.signed_at,
  refused: raw.refused,
});

const OUTAGE_COLUMNS =
  'id, started_at AS startedAt, ended_at AS endedAt, cause, unsigned_sales AS unsignedSales';

export function openFiscalStore(file: string): FiscalStore {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(SCHEMA);
  const getSale = db.prepare<[string], RawSale>('SELECT * FROM fiscal_sale WHERE sale_id = ?');
  const getSetting = db.prepare<[string], { value: string }>('SELECT value FROM setting WHERE key = ?');
  const putSetting = db.prepare(
    'INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const store: FiscalStore = {
    get: (saleId) => {
      const raw = getSale.get(saleId);
      return raw ? toRow(raw) : undefined;
    },
    begin: (sale, txId) => {
      db.prepare(
        `INSERT INTO fiscal_sale (sale_id, tx_id, kind, recorded_at, input, status)
           VALUES (?, ?, ?, ?, ?, 'pending') ON CONFLICT (sale_id) DO NOTHING`,
      ).run(sale.saleId, txId, sale.kind, sale.recordedAt, JSON.stringify(sale));
      return toRow(getSale.get(sale.saleId)!);
    },
    markSigned: (saleId, signature, late, at) => {
      db.prepare(
        `UPDATE fiscal_sale SET status = 'signed', signed_late = ?, signature = ?, signed_at = ?
           WHERE sale_id = ?`,
      ).run(late ? 1 : 0, JSON.stringify(signature), at, saleId);
    },
    markUnsigned: db.transaction((saleId: string, outageId: number) => {
      const changed = db
        .prepare(
          `UPDATE fiscal_sale SET status = 'unsigned', outage_id = ? WHERE sale_id = ? AND status = 'pending'`,
        )
        .run(outageId, saleId).changes;
      if (changed)
        db.prepare('UPDATE outage SET unsigned_sales = unsigned_sales + 1 WHERE id = ?').run(outageId);
    }),
    markRefused: (saleId, reason) => {
      db.prepare(
        `UPDATE fiscal_sale SET status = 'unsigned', refused = ? WHERE sale_id = ? AND status != 'signed'`,
      ).run(reason, saleId);
    },
    waiting: () =>
      db
        .prepare<[], RawSale>(
          `SELECT * FROM fiscal_sale WHERE status IN ('unsigned', 'pending') AND refused IS NULL
             ORDER BY recorded_at, rowid`,
        )
        .all()
        .map(toRow),
    refusedSales: () =>
      db
        .prepare<[], RawSale>('SELECT * FROM fiscal_sale WHERE refused IS NOT NULL ORDER BY recorded_at')
        .all()
        .map(toRow),
    openOutage: () =>
      db.prepare<[], OutageRow>(`SELECT ${OUTAGE_COLUMNS} FROM outage WHERE ended_at IS NULL`).get(),
    startOutage: (cause, at) => {
      const id = Number(
        db.prepare('INSERT INTO outage (started_at, cause) VALUES (?, ?)').run(at, cause).lastInsertRowid,
      );
      return { id, startedAt: at, endedAt: null, cause, unsignedSales: 0 };
    },
    endOutage: (id, at) => {
      db.prepare('UPDATE outage SET ended_at = ? WHERE id = ? AND ended_at IS NULL').run(at, id);
    },
    outages: () => db.prepare<[], OutageRow>(`SELECT ${OUTAGE_COLUMNS} FROM outage ORDER BY id DESC`).all(),
    setup: () => {
      const value = getSetting.get('tse_setup')?.value;
      return value ? (JSON.parse(value) as TseSetup) : undefined;
    },
    saveSetup: (setup) => {
      putSetting.run('tse_setup', JSON.stringify(setup));
    },
    setting: (key) => getSetting.get(key)?.value,
    saveSetting: (key, value) => {
      putSetting.run(key, value);
    },
    decommissioning: () => {
      const tseSerial = store.setup()?.tseSerial;
      if (!tseSerial) return undefined;
      return db
        .prepare<[string], Decommissioning>(
          `SELECT tse_serial AS tseSerial, client_serial AS clientSerial, out_of_service_on AS outOfServiceOn,
             reason, note, decommissioned_by AS decommissionedBy, recorded_at AS recordedAt,
             last_signature_counter AS lastSignatureCounter
           FROM decommissioning WHERE tse_serial = ?`,
        )
        .get(tseSerial);
    },
    recordDecommissioning: (d) => {
      db.prepare(
        `INSERT INTO decommissioning (tse_serial, client_serial, out_of_service_on, reason, note,
           decommissioned_by, recorded_at, last_signature_counter) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        d.tseSerial,
        d.clientSerial,
        d.outOfServiceOn,
        d.reason,
        d.note,
        d.decommissionedBy,
        d.recordedAt,
        d.lastSignatureCounter,
      );
    },
    lastSignatureCounter: () =>
      (db
        .prepare(
          "SELECT MAX(json_extract(signature, '$.signatureCounter')) FROM fiscal_sale WHERE status = 'signed'",
        )
        .pluck()
        .get() as number | null) ?? null,
    close: () => db.close(),
  };
  return store;
}
