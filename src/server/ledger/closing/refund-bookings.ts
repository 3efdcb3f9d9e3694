// A refund's PMS side (issue 30, item 4): the PMS interface makes no credit note, so a refund
// recorded at the till leaves its PMS invoice paid. Such refunds are listed apart, "to book in the
// PMS", until a manager marks each one booked there (audited by the caller); they are not "sales
// not yet in the PMS". Owns the table of those marks (its own, append-only: a mark is never undone)
// and the list of refunds still to book, over the whole ledger (a Z may close with them open).
import type { RefundToBook } from '../../../pms/closing-wire.ts';
import type { HubDb } from '../../hub/hub-db.ts';

export function createRefundBookings(db: HubDb, now: () => Date) {
  db.exec(`CREATE TABLE IF NOT EXISTS refund_pms_bookings (
      sale_id TEXT PRIMARY KEY,
      booked_at TEXT NOT NULL,
      booked_by_id TEXT,
      booked_by_name TEXT NOT NULL
    ) STRICT;
    CREATE TRIGGER IF NOT EXISTS refund_pms_bookings_no_update BEFORE UPDATE ON refund_pms_bookings
      BEGIN SELECT RAISE(ABORT, 'refund_pms_bookings is append-only'); END;
    CREATE TRIGGER IF NOT EXISTS refund_pms_bookings_no_delete BEFORE DELETE ON refund_pms_bookings
      BEGIN SELECT RAISE(ABORT, 'refund_pms_bookings is append-only'); END;`);
  const open = db.prepare(
    `SELECT s.sale_id AS saleId, s.reference, s.refers_to AS refersTo, s.created_at AS createdAt,
            s.total_cents AS totalCents, s.device_name AS deviceName, s.staff_name AS staffName,
            (SELECT COALESCE(o.invoice_number, CAST(o.invoice_id AS TEXT)) FROM ledger_outcomes o
              WHERE o.sale_id = s.refers_to AND (o.invoice_number IS NOT NULL OR o.invoice_id IS NOT NULL)
              ORDER BY o.seq DESC LIMIT 1) AS invoice
       FROM ledger_sales s
      WHERE s.kind = 'refund' AND NOT EXISTS (SELECT 1 FROM refund_pms_bookings b WHERE b.sale_id = s.sale_id)
      ORDER BY s.seq`,
  );
  const isRefund = db.prepare(`SELECT 1 FROM ledger_sales WHERE sale_id = ? AND kind = 'refund'`);
  const booked = db.prepare('SELECT 1 FROM refund_pms_bookings WHERE sale_id = ?');
  const insert = db.prepare(
    'INSERT INTO refund_pms_bookings (sale_id, booked_at, booked_by_id, booked_by_name) VALUES (?, ?, ?, ?)',
  );
  return {
    /** Refunds whose credit note is not marked booked in the PMS yet, oldest first. */
    toBook: (): RefundToBook[] => open.all() as RefundToBook[],
    /** Marks `saleId`'s refund booked in the PMS by `who` (a manager: the caller checks and audits). */
    markBooked(
      saleId: string,
      who: { staffId: string | null; staffName: string },
    ): 'marked' | 'unknown' | 'already' {
      if (!isRefund.get(saleId)) return 'unknown';
      if (booked.get(saleId)) return 'already';
      insert.run(saleId, now().toISOString(), who.staffId, who.staffName);
      return 'marked';
    },
  };
}
