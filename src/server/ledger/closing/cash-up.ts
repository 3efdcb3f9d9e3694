// Cash-up per drawer: what each drawer should hold since the last Z (its opening float, the cash
// taken, the cash paid out) and its counts. A cash payment belongs to the drawer its tablet's latest
// shift opened on (`shift-open`, `shift.drawer`), else to the outlet's first drawer; a drawer's float
// is that of the first shift opened on it since the last Z, or a manager's later correction
// (float-corrections.ts). Counts are append-only rows: a recount is a new row, and the newest since
// the last Z is the one that stands.
import type { DrawerCashUp } from '../../../pms/closing-wire.ts';
import type { HubDb } from '../../hub/hub-db.ts';
import type { OutletInfo } from '../../hub/outlets.ts';
import { blockBounds, EFFECTIVE_PAYMENTS, rangeCached, type SeqRange } from './day-queries.ts';
import type { FloatCorrectionRow } from './float-corrections.ts';

export interface CountRow {
  countId: number;
  outlet: string;
  drawer: string;
  upToSeq: number;
  expectedCents: number;
  countedCents: number;
  differenceCents: number;
  denominations: string;
  countedBy: string;
  approvedBy: string | null;
  countedAt: string;
}

export function createCashQueries(db: HubDb) {
  // Cash payments of whole blocks from their kept sums (report_cash_blocks, hub-db.ts); those at the
  // range's ends, and the cash that records without payments pay out, read here.
  const cash = db.prepare(
    `WITH cash AS (
       SELECT e.outlet, MAX(e.cents, 0) AS salesCents, -MIN(e.cents, 0) AS refundsCents,
              (SELECT json_extract(o.body, '$.shift.drawer') FROM ledger_sales o
                WHERE o.device_id = e.device_id AND o.kind = 'shift-open' AND o.seq < e.seq
                ORDER BY o.seq DESC LIMIT 1) AS drawer
         FROM (${EFFECTIVE_PAYMENTS.replace(
           'WHERE p.sale_seq > @after AND p.sale_seq <= @upTo',
           'WHERE ((p.sale_seq > @after AND p.sale_seq < @lo) OR (p.sale_seq >= @hi AND p.sale_seq <= @upTo))',
         )}) e WHERE e.method = 'cash'
       UNION ALL
       SELECT outlet, sales_cents, refunds_cents, drawer
         FROM report_cash_blocks WHERE block >= @loBlock AND block < @hiBlock)
     SELECT outlet, drawer, TOTAL(salesCents) AS salesCents, TOTAL(refundsCents) AS refundsCents
       FROM cash GROUP BY outlet, drawer`,
  );
  const floats = db.prepare(
    `SELECT s.seq, s.outlet, json_extract(s.body, '$.shift.drawer') AS drawer,
            COALESCE(json_extract(s.body, '$.shift.floatCents'), 0) AS floatCents
       FROM ledger_sales s WHERE s.kind = 'shift-open' AND s.seq > @after AND s.seq <= @upTo ORDER BY s.seq`,
  );
  const counts = db.prepare(
    `SELECT count_id AS countId, outlet, drawer, up_to_seq AS upToSeq, expected_cents AS expectedCents,
            counted_cents AS countedCents, difference_cents AS differenceCents, denominations,
            counted_by_name AS countedBy, approved_by_name AS approvedBy, counted_at AS countedAt
       FROM cash_counts WHERE count_id > ? ORDER BY count_id`,
  );
  return {
    cash: rangeCached(
      (range: SeqRange) =>
        cash.all(blockBounds(range)) as {
          outlet: string;
          drawer: string | null;
          salesCents: number;
          refundsCents: number;
        }[],
    ),
    floats: rangeCached(
      (range: SeqRange) =>
        floats.all(range) as { seq: number; outlet: string; drawer: string | null; floatCents: number }[],
    ),
    countsAfter: (countId: number) => counts.all(countId) as CountRow[],
  };
}

export type CashQueries = ReturnType<typeof createCashQueries>;

const drawerKey = (outlet: string, drawer: string) => `${outlet}\u0000${drawer}`;

/**
 * Every drawer of every outlet, and any other drawer a shift named, over `range`; each with the
 * newest count after `lastCountId` (and the cash recorded since that count, from `sinceCount`), and
 * its float as the latest act set it: the first shift opened on it, or a correction made after that.
 */
export function drawerCashUps(
  queries: CashQueries,
  range: SeqRange,
  outlets: readonly OutletInfo[],
  lastCountId: number,
  corrections: readonly FloatCorrectionRow[] = [],
): DrawerCashUp[] {
  const drawers = new Map<string, DrawerCashUp>();
  const firstDrawer = new Map(outlets.map((outlet) => [outlet.id, outlet.drawers[0] ?? outlet.name]));
  const drawer = (outlet: string, name: string | null) => {
    const named = name ?? firstDrawer.get(outlet) ?? outlet;
    const key = drawerKey(outlet, named);
    let found = drawers.get(key);
    if (!found) {
      found = {
        outlet,
        drawer: named,
        floatCents: 0,
        cashSalesCents: 0,
        refundsCents: 0,
        expectedCents: 0,
        count: null,
      };
      drawers.set(key, found);
    }
    return found;
  };
  for (const outlet of outlets) for (const name of outlet.drawers) drawer(outlet.id, name);
  const floatSeq = new Map<string, number>();
  for (const row of queries.floats(range)) {
    const target = drawer(row.outlet, row.drawer);
    const key = drawerKey(target.outlet, target.drawer);
    if (floatSeq.has(key)) continue; // a second tablet joining the drawer brings no new float
    floatSeq.set(key, row.seq);
    target.floatCents = row.floatCents;
  }
  for (const correction of corrections) {
    const target = drawer(correction.outlet, correction.drawer);
    if ((floatSeq.get(drawerKey(target.outlet, target.drawer)) ?? 0) > correction.seenSeq) continue;
    target.floatCents = correction.floatCents;
    target.floatCorrection = {
      previousCents: correction.previousCents,
      reason: correction.reason,
      correctedBy: correction.correctedBy,
      correctedAt: correction.correctedAt,
    };
  }
  for (const row of queries.cash(range)) {
    const target = drawer(row.outlet, row.drawer);
    target.cashSalesCents += row.salesCents;
    target.refundsCents += row.refundsCents;
  }
  for (const target of drawers.values())
    target.expectedCents = target.floatCents + target.cashSalesCents - target.refundsCents;
  for (const count of queries.countsAfter(lastCountId)) {
    const target = drawer(count.outlet, count.drawer);
    target.count = {
      countId: count.countId,
      countedCents: count.countedCents,
      differenceCents: count.differenceCents,
      expectedCents: count.expectedCents,
      denominations: JSON.parse(count.denominations) as Record<string, number>,
      countedBy: count.countedBy,
      approvedBy: count.approvedBy,
      countedAt: count.countedAt,
      cashSinceCents: target.expectedCents - count.expectedCents,
    };
  }
  return [...drawers.values()];
}

/** Whether a drawer saw cash (a float, a cash sale or a payout) and so must be counted before the Z. */
export const drawerHeldCash = (drawer: DrawerCashUp) =>
  drawer.floatCents !== 0 || drawer.cashSalesCents !== 0 || drawer.refundsCents !== 0;
