// What the oldest waiting sale waits for, for the sync view: its step being sent, a step due now,
// the next try of a step that failed (and how it failed), another sale's write to the same room
// in doubt, or the sale it depends on. Pure: decided from the sale as the sync list read it.
import type { IntentRecord, SaleRecord } from '../../storage/records';

export interface OldestWait {
  reference: string;
  createdAt: number;
  /** The step it waits at (its position in the sale, 0: the till server's ledger). */
  step: number;
  why: 'sending' | 'due' | 'retry' | 'held-behind' | 'dependency';
  /** For 'retry': when the next try is. */
  at?: number;
  /** For 'retry': how the last try ended, in the words' terms. */
  problem?: 'unreachable' | 'server' | 'other';
  /** For 'held-behind': the sale whose write to the same room is in doubt. */
  behind?: string;
}

/**
 * What the sale waits for at `now`; `allDueAt`: the last "everything waiting is due now".
 * @example oldestWait({ sale, steps, heldBehind }, Date.now())?.why === 'retry'
 */
export function oldestWait(
  entry: { sale: SaleRecord; steps: IntentRecord[]; heldBehind?: { step: number; reference: string } },
  now: number,
  allDueAt = 0,
): OldestWait | undefined {
  const step = entry.steps.find((intent) => intent.state !== 'done' && intent.state !== 'voided');
  if (!step) return undefined;
  const base = { reference: entry.sale.reference, createdAt: entry.sale.createdAt, step: step.step };
  if (step.state === 'in-flight') return { ...base, why: 'sending' };
  if (entry.heldBehind) return { ...base, why: 'held-behind', behind: entry.heldBehind.reference };
  // made due by a retry pass after its last failure (outbox/schedule.ts applies it when it reads)
  const retried = (step.lastError?.at ?? step.createdAt) <= allDueAt;
  if (step.notBefore > now && !retried) {
    const error = step.lastError;
    const problem =
      error?.kind === 'network' || error?.kind === 'timeout' || error?.pmsUnreachable
        ? 'unreachable'
        : error?.kind === 'server'
          ? 'server'
          : 'other';
    return { ...base, why: 'retry', at: step.notBefore, problem };
  }
  if ((entry.sale.dependsOn ?? []).length > 0 && step.attempts === 0) return { ...base, why: 'dependency' };
  return { ...base, why: 'due' };
}
