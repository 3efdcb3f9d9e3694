// Ledger records for the closing tests, written straight into the ledger tables with SQL (one
// helper, until the recording endpoint lands; then through its function): each record as a tablet
// sends it (pms/ledger-wire.ts), with net and VAT per line (net rounded half away from zero), and
// its approvals and PMS outcomes.
import { randomUUID } from 'node:crypto';
import type { LedgerLine, LedgerPayment, LedgerRecord, PmsOutcome } from '../../../src/pms/ledger-wire.ts';
import type { Device, Hub } from '../../../src/server/hub/hub.ts';

const groupIds = new Map<string, number>();
const productIds = new Map<string, number>();
const idOf = (ids: Map<string, number>, name: string) => {
  if (!ids.has(name)) ids.set(name, ids.size + 1);
  return ids.get(name)!;
};

/** A line: `quantity` × `unitPriceCents` at `vatRateBp`, in `group`. */
export function line(
  name: string,
  quantity: number,
  unitPriceCents: number,
  vatRateBp: number,
  group: string,
  cataloguePriceCents: number | null = unitPriceCents,
): LedgerLine {
  return {
    productId: idOf(productIds, name),
    name,
    quantity,
    unitPriceCents,
    cataloguePriceCents,
    vatRateBp,
    taxClassId: vatRateBp === 1900 ? 1 : 2,
    commodityGroupId: idOf(groupIds, group),
    commodityGroupName: group,
  };
}

export interface FixtureRecord extends Partial<LedgerRecord> {
  kind: LedgerRecord['kind'];
  /** Managers' approvals the record used. */
  approvedBy?: { action: string; managerId: string; managerName: string }[];
  /** PMS outcomes reported for it (step 1, 2, ...). */
  outcomes?: PmsOutcome[];
}

const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/** Records `record` from `device` (outlet, name) as the ledger keeps it; answers its seq. */
export function recordFixture(
  hub: Hub,
  device: Device,
  record: FixtureRecord,
): { seq: number; saleId: string } {
  const lines = record.lines ?? [];
  const payments: LedgerPayment[] = record.payments ?? [];
  const totalCents = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
  const body: LedgerRecord = {
    v: 1,
    saleId: record.saleId ?? randomUUID(),
    reference: record.reference ?? record.saleId?.slice(0, 8) ?? 'REF',
    kind: record.kind,
    createdAt: record.createdAt ?? new Date().toISOString(),
    staffId: record.staffId ?? null,
    lines,
    payments,
    totalCents: record.totalCents ?? totalCents,
    approvals: [],
    ...(record.room ? { room: record.room } : {}),
    ...(record.refersTo ? { refersTo: record.refersTo } : {}),
    ...(record.shift ? { shift: record.shift } : {}),
    ...(record.reason ? { reason: record.reason } : {}),
  };
  const db = hub.db;
  return db.transaction(() => {
    const receipt = (
      db
        .prepare('SELECT COALESCE(MAX(receipt_number), 0) + 1 AS n FROM ledger_sales WHERE outlet = ?')
        .get(device.outlet) as { n: number }
    ).n;
    const json = JSON.stringify(body);
    const seq = Number(
      db
        .prepare(
          `INSERT INTO ledger_sales (sale_id, reference, kind, device_id, device_name, outlet, receipt_number,
             staff_id, staff_name, created_at, recorded_at, refers_to, total_cents, body_sha256, body)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          body.saleId,
          body.reference,
          body.kind,
          device.id,
          device.name,
          device.outlet,
          receipt,
          body.staffId,
          record.staffId ? (hub.staff.member(record.staffId)?.name ?? record.staffId) : null,
          body.createdAt,
          new Date().toISOString(),
          body.refersTo ?? null,
          body.totalCents,
          'sha',
          json,
        ).lastInsertRowid,
    );
    lines.forEach((l, index) => {
      const gross = l.quantity * l.unitPriceCents;
      const net = l.vatRateBp === null ? gross : roundHalfAway((gross * 10_000) / (10_000 + l.vatRateBp));
      const discount =
        l.cataloguePriceCents === null ? 0 : (l.cataloguePriceCents - l.unitPriceCents) * l.quantity;
      db.prepare(
        `INSERT INTO ledger_lines (sale_seq, line_no, product_id, name, quantity, unit_price_cents,
           catalogue_price_cents, discount_cents, gross_cents, vat_rate_bp, net_cents, vat_cents,
           commodity_group_id, commodity_group_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        seq,
        index + 1,
        l.productId,
        l.name,
        l.quantity,
        l.unitPriceCents,
        l.cataloguePriceCents,
        discount,
        gross,
        l.vatRateBp,
        net,
        gross - net,
        l.commodityGroupId,
        l.commodityGroupName,
      );
    });
    payments.forEach((p, index) => {
      db.prepare(
        `INSERT INTO ledger_payments (sale_seq, payment_no, method, amount_cents, tendered_cents, change_cents, tip_cents)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        seq,
        index + 1,
        p.method,
        p.amountCents,
        p.tenderedCents ?? null,
        p.changeCents ?? null,
        p.tipCents ?? 0,
      );
    });
    for (const approval of record.approvedBy ?? [])
      db.prepare(
        `INSERT INTO ledger_approvals (approval_id, sale_seq, action, manager_id, manager_name, amount_cents)
         VALUES (?, ?, ?, ?, ?, NULL)`,
      ).run(randomUUID(), seq, approval.action, approval.managerId, approval.managerName);
    (record.outcomes ?? []).forEach((outcome, index) => {
      db.prepare(
        `INSERT INTO ledger_outcomes (sale_id, step, intent, outcome, message, at, reported_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        body.saleId,
        index + 1,
        'fixture@1',
        outcome,
        outcome === 'done' ? null : `step ${index + 1}: ${outcome}`,
        body.createdAt,
        body.createdAt,
      );
    });
    return { seq, saleId: body.saleId };
  })();
}

/** Pairs a device of `outlet` named `name` on `hub`. */
export function fixtureDevice(hub: Hub, outlet: string, name: string): Device {
  const { code } = hub.createPairingCode({ outlet, name });
  return hub.redeemPairingCode(code, '127.0.0.1').device;
}
