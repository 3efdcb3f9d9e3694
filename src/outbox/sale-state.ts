// A sale's state as its intents imply it: which revision of a step counts, the engine's next move,
// status and "needs attention" reason, and the guarded write of one intent change. Pure. How an
// intent changes state is in transitions.ts. Invariants: steps run in step order; only the latest
// revision counts; a step after a `failed` or `unverifiable` one is held; a sale is `synced` only
// when every current step is `done`; a voided sale stays voided.
import type { SaleWrite } from '../storage/outbox-store.ts';
import type { IntentRecord, SaleAttention, SaleRecord, SaleStatus } from '../storage/records.ts';
import { currentSteps, openStep } from '../storage/sale-wake.ts';
import { queueLedgerOutcomes } from './ledger-outcomes.ts';

export { currentSteps, openStep };

export interface SaleSnapshot {
  sale: SaleRecord;
  intents: IntentRecord[];
}

/** What the engine does next with a sale. */
export type NextMove =
  | { kind: 'send'; intent: IntentRecord }
  | { kind: 'reconcile'; intent: IntentRecord }
  | { kind: 'wait'; until: number }
  | { kind: 'held' }
  | { kind: 'waiting-for-dependency' }
  | { kind: 'busy' }
  | { kind: 'finished' };

/**
 * The next move for a sale at time `now`; `dependenciesSynced` says whether the sales it depends on
 * are confirmed in the PMS.
 */
export function nextMove(snapshot: SaleSnapshot, now: number, dependenciesSynced: boolean): NextMove {
  if (snapshot.sale.status === 'voided') return { kind: 'finished' };
  const intent = openStep(snapshot.intents);
  if (!intent) return { kind: 'finished' };
  if (intent.state === 'failed' || intent.state === 'unverifiable') return { kind: 'held' };
  if (intent.state === 'in-flight') return { kind: 'busy' };
  if (!dependenciesSynced) return { kind: 'waiting-for-dependency' };
  if (intent.notBefore > now) return { kind: 'wait', until: intent.notBefore };
  return intent.state === 'unsure' ? { kind: 'reconcile', intent } : { kind: 'send', intent };
}

/** A sale's status as its intents imply it. */
function deriveStatus(sale: SaleRecord, intents: readonly IntentRecord[]): SaleStatus {
  if (sale.voided) return 'voided';
  const steps = currentSteps(intents);
  if (steps.some((intent) => intent.state === 'failed' || intent.state === 'unverifiable'))
    return 'needs-attention';
  return steps.every((intent) => intent.state === 'done') ? 'synced' : 'pending';
}

/** Why the sale needs staff, from its blocking step; undefined when nothing blocks it. */
function deriveAttention(sale: SaleRecord, intents: readonly IntentRecord[]): SaleAttention | undefined {
  if (sale.voided) return undefined;
  const blocking = currentSteps(intents).find((i) => i.state === 'failed' || i.state === 'unverifiable');
  if (!blocking) return undefined;
  const error = blocking.lastError;
  const kind =
    blocking.state === 'unverifiable'
      ? 'cannot-verify'
      : error?.kind === 'unknown-intent'
        ? 'unknown-intent'
        : 'rejected';
  return {
    step: blocking.step,
    kind,
    message: error?.message ?? 'The PMS refused this step.',
    ...(error?.status === undefined ? {} : { status: error.status }),
    ...(error?.field === undefined ? {} : { field: error.field }),
    at: error?.at ?? blocking.settledAt ?? sale.updatedAt,
  };
}

/**
 * The sale after its intents changed: status, attention and sync time recomputed, a note appended.
 * @example const sale = resettle(entry.sale, intents, now, 'Step 2 confirmed by reading back.');
 */
export function resettle(
  sale: SaleRecord,
  intents: readonly IntentRecord[],
  now: number,
  note?: string,
): SaleRecord {
  const status = deriveStatus(sale, intents);
  const attention = deriveAttention(sale, intents);
  const { attention: _old, ...rest } = queueLedgerOutcomes(sale, intents);
  return {
    ...rest,
    status,
    ...(attention ? { attention } : {}),
    updatedAt: now,
    notes: note ? [...sale.notes, { at: now, text: note }] : sale.notes,
    ...(status === 'synced' && sale.syncedAt === undefined ? { syncedAt: now } : {}),
  };
}

/** The snapshot after `write` (from `changeIntent`) is applied to it. */
export function applyWrite(snapshot: SaleSnapshot, write: SaleWrite<unknown>): SaleSnapshot {
  const changed = new Map((write.intents ?? []).map((intent) => [intent.seq, intent]));
  return {
    sale: write.sales?.[0] ?? snapshot.sale,
    intents: snapshot.intents.map((intent) => changed.get(intent.seq) ?? intent),
  };
}

/**
 * Changes one intent (found by `seq`) if `expected` allows its current state, and resettles the sale.
 * Answers `value: false` and writes nothing when the snapshot no longer matches (e.g. voided meanwhile).
 */
export function changeIntent(
  snapshot: SaleSnapshot | undefined,
  seq: number,
  expected: readonly IntentRecord['state'][],
  change: (intent: IntentRecord) => IntentRecord,
  now: number,
  note?: string,
): SaleWrite<boolean> {
  const target = snapshot?.intents.find((intent) => intent.seq === seq);
  if (!snapshot || !target || !expected.includes(target.state) || snapshot.sale.status === 'voided') {
    return { value: false };
  }
  const changed = change(target);
  const intents = snapshot.intents.map((intent) => (intent.seq === seq ? changed : intent));
  const sale = resettle(snapshot.sale, intents, now, note);
  const seen = journalChanged(snapshot.sale, sale);
  // Outcome reports queued for the ledger are written with the step, but staff see no change.
  const queued = !seen && sale.ledgerOutcomes !== snapshot.sale.ledgerOutcomes;
  const sales = seen ? [sale] : queued ? [{ ...sale, updatedAt: snapshot.sale.updatedAt }] : [];
  return { sales, intents: [changed], value: true };
}

/**
 * Whether the journal entry as staff see it changed: status, attention, notes, sync time. A step
 * going in-flight or done while the sale stays pending changes only `updatedAt`, so the entry is
 * not rewritten for it (one put less per step; the intents carry their own times).
 */
function journalChanged(before: SaleRecord, after: SaleRecord): boolean {
  return (
    before.status !== after.status ||
    before.notes !== after.notes ||
    before.syncedAt !== after.syncedAt ||
    JSON.stringify(before.attention) !== JSON.stringify(after.attention)
  );
}
