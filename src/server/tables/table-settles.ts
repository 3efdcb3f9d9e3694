// A table's `settle` checked against the sales ledger (ledger_sales, same database): its sale must be
// a recorded payment of the tablet's own outlet, not voided, named by no other settle, and worth what
// the settle takes off the table (the fold's rule, table-fold.ts `settleShortfall`). A settle whose
// sale the ledger has not recorded yet is held here (table_settles_held) and decided when the sale
// arrives. Rules and reasons: docs/tables.md, "Paying a table".
import { type Floor, settleShortfall } from '../../shared/table-fold.ts';
import type { TableOp } from '../../shared/table-ops.ts';
import type { HubDb } from '../hub/hub-db.ts';
import { TableError } from './table-errors.ts';

type SettleBody = Extract<TableOp['body'], { kind: 'settle' }>;

/** Ledger kinds that bring money in for what was sold: the only sales a settle may name. */
const PAYING_KINDS = ['sale', 'room-charge'];

/** A held settle, as stored until its sale is recorded. */
export interface HeldSettle {
  opId: string;
  outlet: string;
  deviceId: string;
  op: TableOp;
  /** null while held; 'released' once stored in the log; else the refusal's code. */
  outcome: string | null;
}

export function createSettleChecks(db: HubDb) {
  const saleOf = db.prepare(
    `SELECT outlet, kind, total_cents AS totalCents, json_extract(body, '$.split') AS split, seq,
       EXISTS (SELECT 1 FROM ledger_sales v WHERE v.refers_to = s.sale_id AND v.kind = 'void') AS voided
       FROM ledger_sales s WHERE sale_id = ?`,
  );
  // A sale's worth at the catalogue: what it sold, whatever discount the ledger approved on it.
  const worthAtCatalogue = db.prepare(
    `SELECT COALESCE(SUM(quantity * COALESCE(catalogue_price_cents, unit_price_cents)), 0) AS cents
       FROM ledger_lines WHERE sale_seq = ?`,
  );
  const namedBy = db.prepare(
    `SELECT op_id AS opId FROM table_ops
      WHERE outlet = ? AND json_extract(op, '$.body.kind') = 'settle' AND json_extract(op, '$.body.saleId') = ?
     UNION ALL
     SELECT op_id FROM table_settles_held
      WHERE outlet = ? AND sale_id = ? AND (outcome IS NULL OR outcome = 'released')`,
  );
  const insertHeld = db.prepare(
    `INSERT INTO table_settles_held (op_id, outlet, device_id, sale_id, op, received_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const heldById = db.prepare(
    'SELECT op_id AS opId, outlet, device_id AS deviceId, op, outcome FROM table_settles_held WHERE op_id = ?',
  );
  const heldBySale = db.prepare(
    `SELECT op_id AS opId, outlet, device_id AS deviceId, op, outcome FROM table_settles_held
      WHERE sale_id = ? AND outcome IS NULL ORDER BY received_at, op_id`,
  );
  const allHeld = db.prepare(
    `SELECT op_id AS opId, outlet, device_id AS deviceId, op, outcome FROM table_settles_held
      WHERE outcome IS NULL ORDER BY received_at, op_id`,
  );
  const decide = db.prepare(
    'UPDATE table_settles_held SET outcome = ?, decided_at = ? WHERE op_id = ? AND outcome IS NULL',
  );
  const rowOf = (row: Omit<HeldSettle, 'op'> & { op: string }): HeldSettle => ({
    ...row,
    op: JSON.parse(row.op) as TableOp,
  });

  const checks = {
    /**
     * The sale's worth for a settle of `outlet` naming it, or null when the ledger has not recorded
     * it (yet). `opId`: the settle itself, which may name its own sale.
     * @throws TableError 409 sale_other_outlet, sale_not_payment, sale_voided, sale_used
     */
    worthOf(outlet: string, body: SettleBody, opId: string, field: string): number | null {
      const sale = saleOf.get(body.saleId) as
        | {
            outlet: string;
            kind: string;
            totalCents: number;
            split: number | null;
            seq: number;
            voided: number;
          }
        | undefined;
      if (!sale) return null;
      const refuse = (code: string, message: string) => new TableError(409, code, message, field);
      if (sale.outlet !== outlet) throw refuse('sale_other_outlet', 'the sale is another outlet’s');
      if (!PAYING_KINDS.includes(sale.kind)) throw refuse('sale_not_payment', `a ${sale.kind} pays no table`);
      if (sale.voided) throw refuse('sale_voided', 'the sale was voided');
      const others = (namedBy.all(outlet, body.saleId, outlet, body.saleId) as { opId: string }[]).filter(
        (row) => row.opId !== opId,
      );
      if (others.length > 0) throw refuse('sale_used', 'another settle named this sale');
      // A split's part is priced at its share: its total is what it paid.
      if (sale.split) return sale.totalCents;
      return (worthAtCatalogue.get(sale.seq) as { cents: number }).cents;
    },

    /**
     * What becomes of each of `ops` (from `deviceId` of `outlet`) before the batch is stored: `as`, the
     * operation to store (a settle with its sale's worth written in), `held` (its sale not recorded
     * yet: kept here), or `heldBefore` (a resend of one held). `floor`: the outlet's, before the batch.
     * `release`: a held settle being decided now that its sale is recorded.
     * @throws TableError 409 (the codes of `worthOf`, sale_too_small, a held settle refused, op_id_taken)
     */
    screen(
      outlet: string,
      deviceId: string,
      ops: readonly TableOp[],
      floor: Floor,
      inLog: (opId: string) => boolean,
      release = false,
    ): { as: TableOp; held: boolean; heldBefore: boolean }[] {
      const named = new Set<string>();
      return ops.map((op, index) => {
        const field = `ops.${index}.body.saleId`;
        // Only a settle can have been held: no other operation pays a lookup.
        const kept = release || op.body.kind !== 'settle' ? undefined : checks.held(op.opId);
        if (kept) {
          if (kept.outlet !== outlet || kept.deviceId !== deviceId)
            throw new TableError(
              409,
              'op_id_taken',
              'another device sent this operation id',
              `ops.${index}.opId`,
            );
          if (kept.outcome === null) return { as: op, held: false, heldBefore: true };
          if (kept.outcome !== 'released')
            throw new TableError(409, kept.outcome, 'the settle was refused when its sale came', field);
        }
        const body = op.body;
        if (body.kind !== 'settle' || inLog(op.opId)) return { as: op, held: false, heldBefore: false };
        if (named.has(body.saleId))
          throw new TableError(409, 'sale_used', 'another settle named this sale', field);
        named.add(body.saleId);
        const { coveredCents: _, ...sent } = body;
        const worth = checks.worthOf(outlet, sent, op.opId, field);
        if (worth === null) return { as: { ...op, body: sent }, held: true, heldBefore: false };
        const checked = { ...sent, coveredCents: worth };
        const short = settleShortfall(floor, checked);
        if (short > 0)
          throw new TableError(
            409,
            'sale_too_small',
            `the sale is ${short} cents short of what it settles`,
            field,
          );
        return { as: { ...op, body: checked }, held: false, heldBefore: false };
      });
    },

    /** Keeps a settle until its sale is recorded. */
    hold(outlet: string, op: TableOp, receivedAt: string): void {
      if (op.body.kind !== 'settle') return;
      insertHeld.run(op.opId, outlet, op.deviceId, op.body.saleId, JSON.stringify(op), receivedAt);
    },

    held(opId: string): HeldSettle | undefined {
      const row = heldById.get(opId) as (Omit<HeldSettle, 'op'> & { op: string }) | undefined;
      return row ? rowOf(row) : undefined;
    },

    /** Held settles still waiting: those naming `saleId`, or all of them. */
    waiting(saleId?: string): HeldSettle[] {
      const rows = (saleId ? heldBySale.all(saleId) : allHeld.all()) as (Omit<HeldSettle, 'op'> & {
        op: string;
      })[];
      return rows.map(rowOf);
    },

    /** Settles a held settle once: 'released' (stored in the log) or a refusal's code. */
    decide(opId: string, outcome: string, at: string): void {
      decide.run(outcome, at, opId);
    },
  };
  return checks;
}

export type SettleChecks = ReturnType<typeof createSettleChecks>;
