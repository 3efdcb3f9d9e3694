// The shape of a new journal entry before it is written: who and when, what kind, and the ordered
// `[intent name, payload]` steps. Owns composing the SaleRecord and its queued IntentRecords (pure),
// shared by the record functions (journal.ts) and the reversal a void queues (reversal.ts).
import type { IntentRecord, SaleLine, SaleRecord } from '../storage/records.ts';
import { ledgerKindOf, RECORD_IN_LEDGER } from './intents/index.ts';

/** Who made the sale, at which till, and the managers' approvals it carries. */
export interface SaleOrigin {
  staff: string;
  /** The signed-in staff member's id; absent where the server has no staff. */
  staffId?: string;
  till: string;
  /** Managers' approval tokens (pms/staff-keys.ts), sent with the sale's writes (sale-headers.ts). */
  approvals?: string[];
  /** Default Date.now(). */
  at?: number;
  /** The sale's id when it was fixed before recording: a manager's approval names it. */
  saleId?: string;
  /** A part of a split bill, or what was left of one: priced below the catalogue by the split. */
  split?: boolean;
  /** One of the equal parts of a bill: the bill's lines, for the sales ledger. */
  share?: SaleRecord['share'];
}

/** The kind-specific part of a new sale: its lines, extras and `[intent name, payload]` steps. */
export interface SaleDraft {
  kind: SaleRecord['kind'];
  lines: SaleLine[];
  payment?: SaleRecord['payment'];
  card?: SaleRecord['card'];
  standaloneCard?: SaleRecord['standaloneCard'];
  room?: SaleRecord['room'];
  dependsOn?: string[];
  reverses?: string;
  takeBack?: SaleRecord['takeBack'];
  lateChargeOf?: string;
  cancels?: SaleRecord['cancels'];
  /** Default: a new random id. */
  id?: string;
  /** Default: the sum of the lines. */
  totalCents?: number;
  notes?: SaleRecord['notes'];
  /** Managers' approvals of this sale (e.g. a discount above the outlet's limit). */
  approvals?: string[];
  tender?: SaleRecord['tender'];
  ticketDiscount?: SaleRecord['ticketDiscount'];
  shift?: SaleRecord['shift'];
  reason?: string;
  /** The PMS steps; the ledger's step (`ledger.record@1`, step 0) goes before them by itself. */
  intents: [name: string, payload: unknown][];
}

/**
 * A new journal entry with its queued intents (pure; also used for reversals a void queues). Every
 * entry the sales ledger holds gets `ledger.record@1` as step 0, before its PMS steps (which keep
 * their numbers, and so the markers in PMS line names).
 */
export function composeSale(
  origin: SaleOrigin,
  at: number,
  reference: string,
  draft: SaleDraft,
): { sale: SaleRecord; intents: IntentRecord[] } {
  const { intents, id, totalCents, notes, approvals: drafted, ...rest } = draft;
  const approvals = [...new Set([...(drafted ?? []), ...(origin.approvals ?? [])])];
  const sale: SaleRecord = {
    ...rest,
    id: id ?? origin.saleId ?? crypto.randomUUID(),
    reference,
    status: 'pending',
    createdAt: at,
    updatedAt: at,
    staff: origin.staff,
    ...(origin.staffId ? { staffId: origin.staffId } : {}),
    till: origin.till,
    ...(approvals.length > 0 ? { approvals } : {}),
    ...(origin.split ? { split: true } : {}),
    ...(origin.share ? { share: origin.share } : {}),
    totalCents: totalCents ?? draft.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0),
    notes: notes ?? [],
  };
  const ledgerKind = ledgerKindOf(sale);
  const steps: [name: string, payload: unknown, step: number][] = [
    ...(ledgerKind ? [[RECORD_IN_LEDGER, { kind: ledgerKind }, 0] as [string, unknown, number]] : []),
    ...intents.map(([name, payload], index): [string, unknown, number] => [name, payload, index + 1]),
  ];
  const records: IntentRecord[] = steps.map(([name, payload, step]) => ({
    saleId: sale.id,
    step,
    revision: 0,
    name,
    payload,
    state: 'queued',
    attempts: 0,
    notBefore: 0,
    createdAt: at,
  }));
  return { sale, intents: records };
}
