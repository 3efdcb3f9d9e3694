// Checking PINs and signing approvals on the tablet, loaded with the lock screen and the approval
// dialog (not with the first screen). Owns: opening a staff member's key with their PIN (a wrong
// PIN fails: that is the PIN check, offline too), the growing wait after wrong PINs (kept on the
// tablet, so a reload does not reset it; the rule is rules/pin-wait.ts), and a manager's approval
// signed with the manager's key. Wrong PINs are reported to the audit log.
import { createSignal } from 'solid-js';
import type { Approval, StaffCard } from '../pms/staff-calls';
import { openStaffKey, signApproval } from '../pms/staff-keys';
import { type PinTries, pinWaitLeft } from '../rules/pin-wait';
import { LOCAL_KEYS, readLocal, writeLocal } from '../storage/local';
import { reportAction } from './audit-reports';
import { deviceState } from './device';
import { type ApprovalNeed, sessionKey, signedIn, staffCards, startSession } from './staff-session';

const [tries, setTries] = createSignal<PinTries>(readTries());

function readTries(): PinTries {
  const stored = readLocal(LOCAL_KEYS.pinTries) as Partial<PinTries> | undefined;
  return typeof stored?.wrong === 'number' && typeof stored.lastWrongAt === 'number'
    ? { wrong: stored.wrong, lastWrongAt: stored.lastWrongAt }
    : { wrong: 0, lastWrongAt: 0 };
}

/** Milliseconds before the next PIN may be tried (not reactive to time: the view ticks). */
export function pinWait(now = Date.now()): number {
  return pinWaitLeft(tries(), now);
}

function noteWrongPin(staffId: string, now: number): void {
  const next = { wrong: tries().wrong + 1, lastWrongAt: now };
  writeLocal(LOCAL_KEYS.pinTries, next);
  setTries(next);
  reportAction({ kind: 'pin_failed', staffId, note: `wrong PIN ${next.wrong}` });
}

function noteRightPin(): void {
  if (tries().wrong === 0) return;
  const next = { wrong: 0, lastWrongAt: 0 };
  writeLocal(LOCAL_KEYS.pinTries, next);
  setTries(next);
}

export type PinOutcome =
  | { ok: true }
  | { ok: false; reason: 'wrong' | 'unknown' }
  | { ok: false; reason: 'wait'; waitMs: number };

/** Opens a staff member's key with a PIN, minding the wait; counts a wrong PIN. */
async function openKey(
  staffId: string,
  pin: string,
  now = Date.now(),
): Promise<{ card: StaffCard; key: CryptoKey } | PinOutcome> {
  const waitMs = pinWait(now);
  if (waitMs > 0) return { ok: false, reason: 'wait', waitMs };
  const card = staffCards().find((candidate) => candidate.id === staffId);
  if (!card) return { ok: false, reason: 'unknown' };
  const key = await openStaffKey(pin, card.sealedKey);
  if (!key) {
    noteWrongPin(staffId, now);
    return { ok: false, reason: 'wrong' };
  }
  noteRightPin();
  return { card, key };
}

/**
 * Signs a staff member in with their PIN (checked on the tablet: works offline).
 * @example const outcome = await signIn(card.id, '1111'); if (outcome.ok) navigate('/');
 */
export async function signIn(staffId: string, pin: string): Promise<PinOutcome> {
  const opened = await openKey(staffId, pin);
  if ('ok' in opened) return opened;
  startSession(opened.card, opened.key);
  return { ok: true };
}

function approvalFields(need: ApprovalNeed, managerId: string): Approval {
  const state = deviceState();
  return {
    id: crypto.randomUUID(),
    managerId,
    action: need.action,
    subject: need.subject,
    amountCents: need.amountCents,
    deviceId: state.kind === 'paired' ? state.device.id : 'unpaired',
    at: new Date().toISOString(),
  };
}

/** The signed-in manager's own approval, without asking again; null when a waiter is signed in. */
export async function ownApproval(need: ApprovalNeed): Promise<string | null> {
  const current = signedIn();
  const key = sessionKey();
  if (current?.role !== 'manager' || !key) return null;
  return signApproval(key, approvalFields(need, current.id));
}

/** A manager's approval given with their PIN on this tablet (a wrong PIN counts as one). */
export async function managerApproval(
  managerId: string,
  pin: string,
  need: ApprovalNeed,
): Promise<{ ok: true; token: string; manager: string } | Exclude<PinOutcome, { ok: true }>> {
  const card = staffCards().find((candidate) => candidate.id === managerId && candidate.role === 'manager');
  if (!card) return { ok: false, reason: 'unknown' };
  const opened = await openKey(managerId, pin);
  if ('ok' in opened) return opened.ok ? { ok: false, reason: 'unknown' } : opened;
  return {
    ok: true,
    token: await signApproval(opened.key, approvalFields(need, card.id)),
    manager: card.name,
  };
}
