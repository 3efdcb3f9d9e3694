// Price and limit deviations: a sale made while the till server could not be asked (its record
// arrives more than OUTAGE_AGE_MS after it was made: money has changed hands) that is priced below
// its catalogue or above its outlet's limits without a manager's approval is recorded, not refused,
// and each such line or limit is a row of `ledger_deviations` (append-only, made here if missing),
// listed on the X and Z for the manager to review. docs/ledger.md, "Pricing" and "Bounds".
import type { ApprovedRecord } from '../../pms/closing-wire.ts';
import type { LedgerRecord } from '../../pms/ledger-wire.ts';
import type { HubDb } from '../hub/hub-db.ts';

/** A record made this long before it reached the server was made without it (an outage sale). */
export const OUTAGE_AGE_MS = 2 * 60_000;

/** What was not approved: a price below the catalogue or above it, or an outlet limit passed. */
export interface Deviation {
  kind: 'price' | 'limit';
  field: string;
  /** The cents beyond what was approved (taken off the catalogue; above the limit). */
  cents: number;
  text: string;
}

/** Whether `record`, arriving at `now`, was made without the server (money has changed hands). */
export function madeWithoutServer(record: Pick<LedgerRecord, 'createdAt'>, now: Date): boolean {
  return now.getTime() - new Date(record.createdAt).getTime() > OUTAGE_AGE_MS;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS ledger_deviations (
    sale_seq INTEGER NOT NULL REFERENCES ledger_sales (seq),
    no INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('price', 'limit')),
    field TEXT NOT NULL,
    cents INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (sale_seq, no)
  ) STRICT;
  CREATE TRIGGER IF NOT EXISTS ledger_deviations_no_update BEFORE UPDATE ON ledger_deviations
  BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
  CREATE TRIGGER IF NOT EXISTS ledger_deviations_no_delete BEFORE DELETE ON ledger_deviations
  BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;`;

export function createDeviations(db: HubDb) {
  db.exec(SCHEMA);
  const insert = db.prepare(
    'INSERT INTO ledger_deviations (sale_seq, no, kind, field, cents, text) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const inRange = db.prepare(
    `SELECT s.kind, s.sale_id AS saleId, s.reference, s.refers_to AS refersTo, s.created_at AS createdAt,
            s.staff_name AS staffName, s.device_name AS deviceName, d.cents AS amountCents,
            d.kind || ': ' || d.text AS reason, NULL AS approvedBy
       FROM ledger_deviations d JOIN ledger_sales s ON s.seq = d.sale_seq
      WHERE d.sale_seq > ? AND d.sale_seq <= ? ORDER BY d.sale_seq, d.no`,
  );
  return {
    /** Stores `deviations` of the record `seq`, inside the record's transaction. */
    add(seq: number, deviations: readonly Deviation[]): void {
      for (const [index, d] of deviations.entries())
        insert.run(seq, index + 1, d.kind, d.field, d.cents, d.text);
    },
    /** The deviations of the records `after < seq <= upTo`, in the ledger's order (for the X/Z). */
    list(after: number, upTo: number): ApprovedRecord[] {
      return inRange.all(after, upTo) as ApprovedRecord[];
    },
  };
}

export type Deviations = ReturnType<typeof createDeviations>;
