// Card payments taken on a stand-alone terminal (the till could not drive one: its server was down,
// or none is set up): each one's terminal receipt number, a row of `ledger_standalone_cards`
// (append-only, made here if missing) written in the record's transaction, and listed apart on the
// X and Z so the manager can match the terminal's own end-of-day. docs/ledger.md "Stand-alone card".
import type { StandaloneCardPayment } from '../../pms/closing-wire.ts';
import type { LedgerRecord } from '../../pms/ledger-wire.ts';
import type { HubDb } from '../hub/hub-db.ts';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS ledger_standalone_cards (
    sale_seq INTEGER NOT NULL REFERENCES ledger_sales (seq),
    payment_no INTEGER NOT NULL,
    receipt_number TEXT NOT NULL,
    PRIMARY KEY (sale_seq, payment_no)
  ) STRICT;
  CREATE TRIGGER IF NOT EXISTS ledger_standalone_cards_no_update BEFORE UPDATE ON ledger_standalone_cards
  BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
  CREATE TRIGGER IF NOT EXISTS ledger_standalone_cards_no_delete BEFORE DELETE ON ledger_standalone_cards
  BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;`;

export function createStandaloneCards(db: HubDb) {
  db.exec(SCHEMA);
  const insert = db.prepare(
    'INSERT INTO ledger_standalone_cards (sale_seq, payment_no, receipt_number) VALUES (?, ?, ?)',
  );
  const inRange = db.prepare(
    `SELECT s.outlet, s.kind, s.sale_id AS saleId, s.reference, s.created_at AS createdAt,
            s.staff_name AS staffName, s.device_name AS deviceName, c.receipt_number AS receiptNumber,
            p.amount_cents AS amountCents, p.tip_cents AS tipCents
       FROM ledger_standalone_cards c JOIN ledger_sales s ON s.seq = c.sale_seq
       JOIN ledger_payments p ON p.sale_seq = c.sale_seq AND p.payment_no = c.payment_no
      WHERE c.sale_seq > ? AND c.sale_seq <= ? ORDER BY c.sale_seq, c.payment_no`,
  );
  return {
    /** Stores the stand-alone card payments of the record `seq`, inside the record's transaction. */
    add(seq: number, record: LedgerRecord): void {
      for (const [index, payment] of record.payments.entries())
        if (payment.standalone) insert.run(seq, index + 1, payment.standalone.receiptNumber);
    },
    /** The stand-alone card payments of the records `after < seq <= upTo`, in the ledger's order. */
    list(after: number, upTo: number): StandaloneCardPayment[] {
      return inRange.all(after, upTo) as StandaloneCardPayment[];
    },
  };
}
