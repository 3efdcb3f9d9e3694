// Checking PINs and signing approvals on the tablet, loaded with the lock screen and the approval
// dialog (not with the first screen). Owns: opening a staff member's key with their PIN (a wrong
// PIN fails: that is the PIN check, offline too), the growing wait after wrong PINs, per staff
// member (so one person's wrong PINs do not lock out the manager; kept on the tablet, so a reload
// does not reset it; the rule is rules/pin-wait.ts), and a manager's approval
// signed with the manager's key. Wrong PINs are reported to the audit log.
import { createSignal } from 'solid-js';
import type { Approval, StaffCard } from '../../pms/staff-calls';
import { openStaffKey, signApproval } from '../../pms/staff-keys';
import { type PinTries, pinWaitLeft } from '../../rules/pin-wait';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../storage/local';
import { deviceState } from '../device';
import { reportAction } from './audit-reports';
import { type ApprovalNeed, sessionKey, signedIn, staffCards, startSession } from './staff-session';

/** Wrong PIN tries per staff id since that person's last right PIN. */
type TriesByStaff = Readonly<Record<string, PinTries>>;

const [tries, setTries] = createSignal<TriesByStaff>(readTries());

function readTries(): TriesByStaff {
  const stored = readLocal(LOCAL_KEYS.pinTries);
  if (!stored || typeof stored !== 'object') return {};
  // an older till kept one count for the whole tablet ({wrong, lastWrongAt}): not kept per person
  const byStaff: Record<string, PinTries> = {};
  for (const [staffId, value] of Object.entries(stored as Record<string, Partial<PinTries>>)) {
    if (typeof value?.wrong === 'number' && typeof value.lastWrongAt === 'number')
      byStaff[staffId] = { wrong: value.wrong, lastWrongAt: value.lastWrongAt };
  }
  return byStaff;
}

const NO_TRIES: PinTries = { wrong: 0, lastWrongAt: 0 };

function writeTries(staffId: string, next: PinTries): void {
  const all = { ...tries(), [staffId]: next };
  if (next.wrong === 0) delete all[staffId];
  writeLocal(LOCAL_KEYS.pinTries, all);
  setTries(all);
}

/** Milliseconds before `staffId`'s next PIN may be tried (reactive to their tries, not to time: the view ticks). */
export function pinWait(staffId: string, now = Date.now()): number {
  return pinWaitLeft(tries()[staffId] ?? NO_TRIES, now);
}

function noteWrongPin(staffId: string, now: number): void {
  const next = { wrong: (tries()[staffId]?.wrong ?? 0) + 1, lastWrongAt: now };
  writeTries(staffId, next);
  reportAction({ kind: 'pin_failed', staffId, note: `wrong PIN ${next.wrong}` });
}

function noteRightPin(staffId: string): void {
  if (!tries()[staffId]) return;
  writeTries(staffId, NO_TRIES);
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
  const waitMs = pinWait(staffId, now);
  if (waitMs > 0) return { ok: false, reason: 'wait', waitMs };
  const card = staffCards().find((candidate) => candidate.id === staffId);
  if (!card) return { ok: false, reason: 'unknown' };
  const key = await openStaffKey(pin, card.sealedKey);
  if (!key) {
    noteWrongPin(staffId, now);
    return { ok: false, reason: 'wrong' };
  }
  noteRightPin(staffId);
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
