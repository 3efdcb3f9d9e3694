// The ledger's records in its own order for the Austrian register (docs/fiscal.md, "Austria"): what
// came after a position, as the fiscal driver's input, so a record committed but never signed (a
// crash, answers racing) is signed in its place. Reads `ledger_sales` (seq, sale id, body, time).
import type { LedgerRecord } from '../../../pms/ledger-wire.ts';
import type { HubDb } from '../../hub/hub-db.ts';
import type { LedgerFeed } from '../fiscal-driver.ts';
import type { FiscalSale } from '../fiscal-sale.ts';

export function createLedgerFeed(
  db: HubDb,
  fiscalSaleOf: (record: LedgerRecord, recordedAt: string, seq: number) => FiscalSale | null,
): LedgerFeed {
  const after = db.prepare(
    'SELECT seq, sale_id AS saleId, body, recorded_at AS recordedAt FROM ledger_sales WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  const max = db.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM ledger_sales');
  return {
    after: (seq, limit) =>
      (after.all(seq, limit) as { seq: number; saleId: string; body: string; recordedAt: string }[]).map(
        (row) => ({
          seq: row.seq,
          saleId: row.saleId,
          sale: fiscalSaleOf(JSON.parse(row.body) as LedgerRecord, row.recordedAt, row.seq),
        }),
      ),
    maxSeq: () => (max.get() as { seq: number }).seq,
  };
}
