// The day's report reads lines and records through sums kept per block of 1024 seqs (hub-db.ts
// report_*_blocks: lines, records, payments, cash per drawer) and pending sales through ledger_pending: over a seeded ledger of 5,000 sales
// (the Z benchmark's mix), every range, aligned to blocks or not, gives exactly the rows of the plain
// GROUP BY over the ledger, and the pending list what a scan of every record without an outcome gives.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seed } from '../../../bench/z.bench.ts';
import { createHub, type Hub } from '../../../src/server/hub/hub.ts';
import { createCashQueries } from '../../../src/server/ledger/closing/cash-up.ts';
import { createDayQueries, EFFECTIVE_PAYMENTS } from '../../../src/server/ledger/closing/day-queries.ts';
import { createOpenSalesQueries } from '../../../src/server/ledger/closing/open-sales.ts';

const PLAIN_LINES = `SELECT s.outlet, l.vat_rate_bp AS vatRateBp, l.commodity_group_id AS groupId,
    MAX(l.commodity_group_name) AS groupName, SUM(COALESCE(l.quantity_milli, l.quantity * 1000)) AS quantityMilli, SUM(l.net_cents) AS netCents,
    SUM(l.vat_cents) AS vatCents, SUM(l.gross_cents) AS grossCents, SUM(l.discount_cents) AS discountCents
  FROM ledger_lines l JOIN ledger_sales s ON s.seq = l.sale_seq
 WHERE l.sale_seq > @after AND l.sale_seq <= @upTo AND s.kind IN ('sale', 'room-charge', 'void', 'take-back', 'refund')
 GROUP BY s.outlet, l.vat_rate_bp, l.commodity_group_id, CASE WHEN l.commodity_group_id IS NULL THEN l.commodity_group_name END`;
const PLAIN_RECORDS = `SELECT s.outlet, s.kind = 'late-charge' AS late, s.staff_id AS staffId, MAX(s.staff_name) AS staffName,
    s.device_id AS deviceId, MAX(s.device_name) AS deviceName, substr(s.created_at, 1, 13) AS hourUtc,
    COUNT(*) AS records, SUM(s.total_cents) AS totalCents
  FROM ledger_sales s
 WHERE s.seq > @after AND s.seq <= @upTo AND s.kind IN ('sale', 'room-charge', 'late-charge', 'void', 'take-back', 'refund')
 GROUP BY s.outlet, late, s.staff_id, s.device_id, hourUtc`;
const PLAIN_PAYMENTS = `SELECT e.outlet, e.method, e.staff_id AS staffId, COUNT(DISTINCT e.seq) AS records,
    SUM(e.cents) AS amountCents, SUM(e.tip) AS tipCents
  FROM (${EFFECTIVE_PAYMENTS}) e GROUP BY e.outlet, e.method, e.staff_id`;
const PLAIN_CASH = `WITH cash AS (
    SELECT e.outlet, e.cents,
           (SELECT json_extract(o.body, '$.shift.drawer') FROM ledger_sales o
             WHERE o.device_id = e.device_id AND o.kind = 'shift-open' AND o.seq < e.seq
             ORDER BY o.seq DESC LIMIT 1) AS drawer
      FROM (${EFFECTIVE_PAYMENTS}) e WHERE e.method = 'cash')
  SELECT outlet, drawer, TOTAL(MAX(cents, 0)) AS salesCents, -TOTAL(MIN(cents, 0)) AS refundsCents
    FROM cash GROUP BY outlet, drawer`;

/** Rows as text, in one order (-0 and 0 alike). */
const sorted = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).sort();
const cashOf = (hub: Hub) => createCashQueries(hub.db);

let hub: Hub;
beforeEach(() => {
  hub = createHub({ dbFile: ':memory:' });
  const devices = ['bar', 'restaurant', 'minibar', 'bar'].map((outlet, i) => {
    const { code } = hub.createPairingCode({ outlet, name: `Tablet ${i + 1}` });
    return hub.redeemPairingCode(code, '127.0.0.1').device;
  });
  seed(hub.db, devices, 5000);
});
afterEach(() => hub.close());

describe('report blocks', () => {
  it('give the same rows as grouping the ledger itself, for ranges on and off block edges', () => {
    const lastSeq = (hub.db.prepare('SELECT MAX(seq) AS seq FROM ledger_sales').get() as { seq: number }).seq;
    expect(lastSeq).toBeGreaterThan(4 * 1024);
    const ranges = [
      { after: 0, upTo: lastSeq },
      { after: 0, upTo: 1023 },
      { after: 1023, upTo: 3071 },
      { after: 1022, upTo: 3072 },
      { after: 500, upTo: 4100 },
      { after: 1500, upTo: 1600 },
      { after: 2047, upTo: 2048 },
    ];
    const linesPlain = hub.db.prepare(PLAIN_LINES);
    const recordsPlain = hub.db.prepare(PLAIN_RECORDS);
    const paymentsPlain = hub.db.prepare(PLAIN_PAYMENTS);
    const cashPlain = hub.db.prepare(PLAIN_CASH);
    // A split bill: two cash payments of one sale count it once.
    const split = hub.db
      .prepare(
        `SELECT p.sale_seq AS seq FROM ledger_payments p WHERE p.method = 'cash' AND p.sale_seq > 2100 LIMIT 1`,
      )
      .get() as { seq: number };
    hub.db
      .prepare(
        `INSERT INTO ledger_payments (sale_seq, payment_no, method, amount_cents, tip_cents) VALUES (?, 2, 'cash', 100, 5)`,
      )
      .run(split.seq);
    for (const range of ranges) {
      const queries = createDayQueries(hub.db); // nothing kept from another range
      const lines = queries.lines(range);
      expect(lines.length).toBeGreaterThan(0);
      expect(sorted(lines)).toEqual(sorted(linesPlain.all(range)));
      expect(sorted(queries.records(range))).toEqual(sorted(recordsPlain.all(range)));
      expect(sorted(queries.payments(range))).toEqual(sorted(paymentsPlain.all(range)));
      expect(sorted(cashOf(hub).cash(range))).toEqual(sorted(cashPlain.all(range)));
    }
  });

  it('keep the pending sales: a new record is pending until an outcome is reported', () => {
    const scan = () =>
      hub.db
        .prepare(
          `SELECT s.sale_id AS saleId FROM ledger_sales s WHERE s.kind NOT IN ('shift-open', 'shift-close')
             AND NOT EXISTS (SELECT 1 FROM ledger_outcomes o WHERE o.sale_id = s.sale_id) ORDER BY s.seq`,
        )
        .all();
    const kept = () => hub.db.prepare('SELECT sale_id AS saleId FROM ledger_pending ORDER BY seq').all();
    const pendingCount = () =>
      createOpenSalesQueries(hub.db)
        .pendingByDevice()
        .reduce((sum, device) => sum + device.pending, 0);
    expect(scan().length).toBeGreaterThan(0);
    expect(kept()).toEqual(scan());
    expect(pendingCount()).toBe(scan().length);
    const first = (scan()[0] as { saleId: string }).saleId;
    hub.db
      .prepare(
        `INSERT INTO ledger_outcomes (sale_id, step, intent, outcome, at, reported_at) VALUES (?, 1, 't@1', 'done', 'x', 'x')`,
      )
      .run(first);
    expect(kept()).toEqual(scan());
    expect(kept().map((row) => (row as { saleId: string }).saleId)).not.toContain(first);
    expect(pendingCount()).toBe(scan().length);
  });
});
