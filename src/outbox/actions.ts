// What staff can do with a sale that is stuck: retry it (optionally with a corrected payload), or
// settle a step the till could not verify; voiding is in void-sale.ts (re-exported here). Owns the
// rules for each; every action is one strict transaction, keeps the journal entry and its history,
// and is refused with a typed reason (`OutboxActionRefused`, refusal.ts) rather than half-done.
import { getMeta, setMeta, setMetas } from '../storage/db.ts';
import { changeSales, type SaleEntry, type SaleWrite } from '../storage/outbox-store.ts';
import type { IntentRecord } from '../storage/records.ts';
import { isRefusal, OutboxActionRefused, type OutboxRefusal } from './refusal.ts';
import { currentSteps, openStep, resettle } from './sale-state.ts';
import { announceOutboxChange } from './status.ts';
import { confirmedByStaff, dueNow, newRevision, retried, supersede } from './transitions.ts';

export { OutboxActionRefused } from './refusal.ts';
export { checkVoid, voidSale } from './void-sale.ts';

export interface RetryOptions {
  /** A corrected payload for the refused step, stored as a new revision of it. */
  payload?: unknown;
  by?: string;
  now?: number;
}

/**
 * Sends a refused step again (as it was, or corrected), or retries a waiting sale now.
 * @example await retrySale(id, { payload: { ...payload, roomReservationId: 1207 }, by: 'Mia' });
 */
export async function retrySale(saleId: string, options: RetryOptions = {}): Promise<void> {
  const now = options.now ?? Date.now();
  await act(saleId, (entry) => {
    const step = openStep(entry.intents);
    if (entry.sale.status === 'voided' || !step)
      return { code: 'nothing-to-send', reference: entry.sale.reference };
    if (step.state === 'unverifiable') return { code: 'confirm-step-first' };
    if (step.state === 'in-flight') return { code: 'step-being-sent' };
    if (step.state === 'failed' && options.payload !== undefined) {
      const next = newRevision(step, options.payload, now);
      const note = `${options.by ?? 'Staff'} corrected step ${step.step} and sent it again.`;
      return write(entry, [supersede(step, now), next], now, note);
    }
    const again = currentSteps(entry.intents).flatMap((i) => {
      if (retried.from.includes(i.state)) return [retried(i, now)];
      return dueNow.from.includes(i.state) ? [dueNow(i, now)] : [];
    });
    const note =
      step.state === 'failed'
        ? `${options.by ?? 'Staff'} sent step ${step.step} again unchanged.`
        : undefined;
    return write(entry, again, now, note);
  });
}

/**
 * Settles a step whose outcome the till could not verify: staff checked the PMS and say it was
 * posted, or ask to post it again (as a new revision, with a new marker in the PMS line names).
 * 'applied' also settles a refused step that staff completed in the PMS by hand (e.g. closed the
 * invoice there with another payment method), so the sale can finish.
 */
export async function resolveUnverifiable(
  saleId: string,
  decision: 'applied' | 'resend',
  options: { by?: string; now?: number } = {},
): Promise<void> {
  const now = options.now ?? Date.now();
  const by = options.by ?? 'Staff';
  await act(saleId, (entry) => {
    const step = openStep(entry.intents);
    const allowed = step?.state === 'unverifiable' || (step?.state === 'failed' && decision === 'applied');
    if (!step || !allowed) return { code: 'no-step-awaits-decision' };
    if (decision === 'applied') {
      const done = confirmedByStaff(step, now);
      return write(entry, [done], now, `${by} confirmed that step ${step.step} reached the PMS.`);
    }
    const next = newRevision(step, step.payload, now);
    return write(entry, [supersede(step, now), next], now, `${by} chose to post step ${step.step} again.`);
  });
}

/**
 * Makes every waiting step due now (the "Sync now" button, back online) and lifts the "PMS
 * unreachable" hold and the recheck wait of an unpaired tablet (one more try; its reason is kept
 * until a try gets through); a 429's Retry-After still holds. One write however many sales wait:
 * `all-due-at`, which the schedule applies as it reads (schedule.ts).
 */
export async function retryWaitingNow(now = Date.now()): Promise<void> {
  const pairingHold = await getMeta('pairing-hold');
  await setMetas({
    'unreachable-until': 0,
    'all-due-at': now,
    'next-attempt-at': now,
    ...(pairingHold ? { 'pairing-hold': { ...pairingHold, until: 0 } } : {}),
  });
}

/**
 * The tablet was paired: sending no longer waits for it. Follow with "Sync now" (`retryWaitingNow`
 * and a replay) to send what waited at once.
 * @example await endPairingHold(); await replayer.syncNow();
 */
export async function endPairingHold(): Promise<void> {
  await setMeta('pairing-hold', null);
  announceOutboxChange({ type: 'changed' });
}

// ---------------------------------------------------------------------------------------------

function write(
  entry: SaleEntry,
  changed: IntentRecord[],
  now: number,
  note?: string,
): SaleWrite<OutboxRefusal | undefined> {
  const bySeq = new Map(changed.filter((i) => i.seq !== undefined).map((i) => [i.seq, i]));
  const intents = [
    ...entry.intents.map((i) => bySeq.get(i.seq) ?? i),
    ...changed.filter((i) => i.seq === undefined),
  ];
  return { sales: [resettle(entry.sale, intents, now, note)], intents: changed, value: undefined };
}

async function act(
  saleId: string,
  decide: (entry: SaleEntry) => SaleWrite<OutboxRefusal | undefined> | OutboxRefusal,
) {
  const refusal = await changeSales([saleId], ([entry]) => {
    if (!entry) return { value: { code: 'no-such-sale' } as const };
    const decision = decide(entry);
    return isRefusal(decision) ? { value: decision } : decision;
  });
  if (refusal) throw new OutboxActionRefused(refusal);
  announceOutboxChange({ type: 'changed', saleId });
}
