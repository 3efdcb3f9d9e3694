// A drawer's opening float corrected by a manager on the admin page (issue 30: the tablet asks the
// float at a shift's first sign-in and records it as a `shift-open`). A correction is its own row,
// append-only (never an update of the tablet's record or of an earlier correction), for the open day
// (`after_seq`: where the day's records start). The cash-up takes the latest act: a correction over
// the floats the ledger held when it was made (`seen_seq`), a shift opened after it over it.
import type { HubDb } from '../../hub/hub-db.ts';

export interface FloatCorrectionRow {
  correctionId: number;
  outlet: string;
  drawer: string;
  /** The ledger's newest seq when it was made: shifts opened after it are later acts. */
  seenSeq: number;
  floatCents: number;
  previousCents: number;
  reason: string;
  correctedBy: string;
  correctedAt: string;
}

export function createFloatCorrections(db: HubDb) {
  db.exec(`CREATE TABLE IF NOT EXISTS float_corrections (
      correction_id INTEGER PRIMARY KEY AUTOINCREMENT,
      outlet TEXT NOT NULL,
      drawer TEXT NOT NULL,
      after_seq INTEGER NOT NULL,
      seen_seq INTEGER NOT NULL,
      float_cents INTEGER NOT NULL CHECK (float_cents >= 0),
      previous_cents INTEGER NOT NULL,
      reason TEXT NOT NULL,
      corrected_by_id TEXT,
      corrected_by_name TEXT NOT NULL,
      corrected_at TEXT NOT NULL
    ) STRICT;
    CREATE TRIGGER IF NOT EXISTS float_corrections_no_update BEFORE UPDATE ON float_corrections
      BEGIN SELECT RAISE(ABORT, 'float_corrections is append-only'); END;
    CREATE TRIGGER IF NOT EXISTS float_corrections_no_delete BEFORE DELETE ON float_corrections
      BEGIN SELECT RAISE(ABORT, 'float_corrections is append-only'); END;`);
  const ofDay = db.prepare(
    `SELECT correction_id AS correctionId, outlet, drawer, seen_seq AS seenSeq, float_cents AS floatCents,
            previous_cents AS previousCents, reason, corrected_by_name AS correctedBy, corrected_at AS correctedAt
       FROM float_corrections WHERE after_seq = ? ORDER BY correction_id`,
  );
  const insert = db.prepare(
    `INSERT INTO float_corrections (outlet, drawer, after_seq, seen_seq, float_cents, previous_cents, reason,
       corrected_by_id, corrected_by_name, corrected_at)
     VALUES (@outlet, @drawer, @afterSeq, @seenSeq, @floatCents, @previousCents, @reason, @correctedById,
       @correctedByName, @correctedAt)`,
  );
  return {
    /** The corrections of the day whose records start after `afterSeq`, oldest first. */
    ofDay: (afterSeq: number) => ofDay.all(afterSeq) as FloatCorrectionRow[],
    /** Appends one correction (the caller checks the drawer, the amount and who, and audits). */
    append(row: {
      outlet: string;
      drawer: string;
      afterSeq: number;
      seenSeq: number;
      floatCents: number;
      previousCents: number;
      reason: string;
      correctedById: string | null;
      correctedByName: string;
      correctedAt: string;
    }): number {
      return Number(insert.run(row).lastInsertRowid);
    },
  };
}

export type FloatCorrections = ReturnType<typeof createFloatCorrections>;
