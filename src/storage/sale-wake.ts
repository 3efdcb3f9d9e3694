// When a pending sale is next due, kept on its journal entry (`wakeAt`, `waitingSince`) and indexed
// (v4), so a replay run reads the sales that are due instead of every pending one. Owns which
// revision of a step counts and which step is a sale's open one (the outbox's sale-state.ts uses
// them), and the two fields: every write of a sale or its intents recomputes them (outbox-store.ts).
import type { IntentRecord, SaleRecord } from './records.ts';

/** The ledger step's intent name (outbox/intents/ledger-record.ts: RECORD_IN_LEDGER; a test checks). */
export const LEDGER_STEP_NAME = 'ledger.record@1';

/** The steps that go to the till server's ledger, not the PMS (outbox/intents: ledger-record.ts, ledger-void.ts; a test checks). */
const LEDGER_STEPS: ReadonlySet<string> = new Set([LEDGER_STEP_NAME, 'ledger.void@1']);

/**
 * Whether a step goes to the till server's ledger rather than to the PMS (its answers and failures
 * say nothing of the PMS).
 * @example isLedgerStep('ledger.record@1') === true
 */
export function isLedgerStep(name: string): boolean {
  return LEDGER_STEPS.has(name);
}

/** The latest revision of each step, in step order. */
export function currentSteps(intents: readonly IntentRecord[]): IntentRecord[] {
  const latest = new Map<number, IntentRecord>();
  for (const intent of intents) {
    const seen = latest.get(intent.step);
    if (!seen || intent.revision > seen.revision) latest.set(intent.step, intent);
  }
  return [...latest.values()].sort((a, b) => a.step - b.step);
}

/** The first current step that is not settled as done or voided. */
export function openStep(intents: readonly IntentRecord[]): IntentRecord | undefined {
  return currentSteps(intents).find((intent) => intent.state !== 'done' && intent.state !== 'voided');
}

/**
 * The entry with its wake fields as its intents imply them: a pending sale is due from its open
 * step's `notBefore`, waiting since that step's last failure (or its creation); any other sale
 * carries neither, so it is in neither index (nothing of it is ever due).
 */
export function withWake(sale: SaleRecord, intents: readonly IntentRecord[]): SaleRecord {
  const { wakeAt: _at, waitingSince: _since, ...rest } = sale;
  if (sale.status !== 'pending') return rest;
  const open = openStep(intents);
  return {
    ...rest,
    wakeAt: open?.notBefore ?? 0,
    waitingSince: open ? (open.lastError?.at ?? open.createdAt) : 0,
  };
}

/** Whether the two entries' wake fields differ (the entry must be written again). */
export function wakeChanged(before: SaleRecord, after: SaleRecord): boolean {
  return before.wakeAt !== after.wakeAt || before.waitingSince !== after.waitingSince;
}
