// Sales still open in the PMS, over the whole ledger (not only the day: a Z may close with them open
// and lists them): per tablet, the records no PMS outcome has been reported for yet (not refunds:
// their PMS side is booked by hand, refund-bookings.ts), with when the
// tablet was last seen; and the records whose newest outcome of a step is a refusal or needs
// attention, unless a later late charge, void or refund took them over. The pending are read from
// ledger_pending (kept by triggers, hub-db.ts), from the oldest record that was still pending last time.
import type { AttentionRecord, PendingDevice } from '../../../pms/closing-wire.ts';
import type { HubDb } from '../../hub/hub-db.ts';

export function createOpenSalesQueries(db: HubDb) {
  const pending = db.prepare(
    `SELECT s.device_id AS deviceId, MAX(s.device_name) AS deviceName, MAX(s.outlet) AS outlet,
            COUNT(*) AS pending, MIN(s.created_at) AS oldestCreatedAt, d.last_seen_at AS lastSeenAt,
            MIN(s.seq) AS firstSeq
       FROM ledger_pending p CROSS JOIN ledger_sales s ON s.seq = p.seq LEFT JOIN devices d ON d.id = s.device_id
      WHERE p.seq >= ? AND s.kind NOT IN ('shift-open', 'shift-close', 'refund')
        AND NOT EXISTS (SELECT 1 FROM ledger_outcomes o WHERE o.sale_id = s.sale_id)
      GROUP BY s.device_id ORDER BY deviceName`,
  );
  // The newest outcome of a step that is a refusal or needs attention, unless a later record (a late
  // charge or a void) took the sale over.
  const attention = db.prepare(
    `SELECT o.sale_id AS saleId, s.reference, s.device_name AS deviceName, s.outlet, o.outcome,
            o.message, o.at
       FROM ledger_outcomes o JOIN ledger_sales s ON s.sale_id = o.sale_id
      WHERE o.outcome IN ('needs-attention', 'refused')
        AND o.seq = (SELECT MAX(n.seq) FROM ledger_outcomes n WHERE n.sale_id = o.sale_id AND n.step = o.step)
        AND NOT EXISTS (SELECT 1 FROM ledger_sales r WHERE r.refers_to = o.sale_id
                         AND r.kind IN ('late-charge', 'void', 'refund'))
      ORDER BY o.at`,
  );
  const newest = db.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM ledger_sales');
  // Every record below this seq has an outcome (outcomes are only ever added): no need to look again.
  let allReportedBelow = 0;
  return {
    pendingByDevice: (): PendingDevice[] => {
      const upTo = (newest.get() as { seq: number }).seq;
      const rows = pending.all(allReportedBelow) as (PendingDevice & { firstSeq: number })[];
      allReportedBelow = rows.length > 0 ? Math.min(...rows.map((row) => row.firstSeq)) : upTo + 1;
      return rows.map(({ firstSeq: _firstSeq, ...row }) => row);
    },
    attention: () => attention.all() as AttentionRecord[],
  };
}
