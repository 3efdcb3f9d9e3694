// The ledger's side of the gateway's matching of PMS writes (write-matching.ts): the records a write
// may belong to (a device's record of the named sale, or one referring to it), the invoices the till
// created for a sale (ledger_invoices, kept from the create's answer), and keeping a new one.
import type { LedgerRecord } from '../../pms/ledger-wire.ts';
import type { HubDb } from '../hub/hub-db.ts';

/** The event id prefix of a recorded sale's PMS write in the audit log: `pms_write:<sale id>:<uuid>`. */
export const PMS_WRITE_EVENT = 'pms_write:';
/** Where a pms_write row's note says what of the record the write used (JSON, by key). */
export const USED_MARK = '; used ';

/** A recorded sale a write may belong to. */
export interface RecordedSale {
  saleId: string;
  kind: string;
  refersTo: string | null;
  record: LedgerRecord;
  managers: string[];
  staffName: string | null;
}

/** The ledger's reads and the one write the gateway's matching needs; the hub makes it (hub.ledger.writes). */
export function createSaleLookup(db: HubDb, now: () => Date) {
  const candidatesOf = db.prepare(
    `SELECT s.sale_id AS saleId, s.kind, s.refers_to AS refersTo, s.body, s.staff_name AS staffName,
            (SELECT group_concat(DISTINCT manager_name) FROM ledger_approvals a WHERE a.sale_seq = s.seq) AS managers
       FROM ledger_sales s WHERE s.device_id = ? AND (s.sale_id = ? OR s.refers_to = ?) ORDER BY s.seq DESC`,
  );
  const invoiceOf = db.prepare('SELECT sale_id AS saleId FROM ledger_invoices WHERE invoice_id = ?');
  const insertInvoice = db.prepare(
    'INSERT INTO ledger_invoices (invoice_id, sale_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const saleById = db.prepare('SELECT body FROM ledger_sales WHERE sale_id = ?');
  // A range on the unique event_id index: the sale's pms_write rows only.
  const writesOf = db.prepare('SELECT note FROM audit_log WHERE event_id >= ? AND event_id < ?');
  return {
    /** `deviceId`'s records named `saleId` or referring to it, newest first. */
    candidates(deviceId: string, saleId: string): RecordedSale[] {
      const rows = candidatesOf.all(deviceId, saleId, saleId) as (Omit<
        RecordedSale,
        'record' | 'managers'
      > & {
        body: string;
        managers: string | null;
      })[];
      return rows.map(({ body, managers, ...row }) => ({
        ...row,
        record: JSON.parse(body) as LedgerRecord,
        managers: managers ? managers.split(',') : [],
      }));
    },
    /** The sale the till created `invoiceId` for, or undefined. */
    saleOfInvoice(invoiceId: number): string | undefined {
      return (invoiceOf.get(invoiceId) as { saleId: string } | undefined)?.saleId;
    },
    /** Keeps the invoice a create answered for `saleId`. */
    invoiceCreated(invoiceId: number, saleId: string): void {
      insertInvoice.run(invoiceId, saleId, now().toISOString());
    },
    /** What the PMS took of `saleId`'s record so far (write-matching.ts's keys), from its pms_write rows. */
    usedBy(saleId: string): Map<string, number> {
      const used = new Map<string, number>();
      const rows = writesOf.all(`${PMS_WRITE_EVENT}${saleId}:`, `${PMS_WRITE_EVENT}${saleId};`) as {
        note: string | null;
      }[];
      for (const { note } of rows) {
        const at = note?.lastIndexOf(USED_MARK) ?? -1;
        if (at < 0) continue;
        const counts = JSON.parse(note!.slice(at + USED_MARK.length)) as Record<string, number>;
        for (const [key, count] of Object.entries(counts)) used.set(key, (used.get(key) ?? 0) + count);
      }
      return used;
    },
    /** The record of `saleId`, or undefined. */
    record(saleId: string): LedgerRecord | undefined {
      const row = saleById.get(saleId) as { body: string } | undefined;
      return row ? (JSON.parse(row.body) as LedgerRecord) : undefined;
    },
  };
}
