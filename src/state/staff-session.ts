// Who is working the till. Owns: the staff cards and outlet policy this tablet keeps (from the till
// server, for signing in offline), who is signed in (their signing key, opened by their PIN, lives
// only in memory), locking (by hand, when idle, after a sale where the outlet wants it), the
// growing wait after wrong PINs (kept on the tablet, so a reload does not reset it), and a manager's
// approval (signed with the manager's key; approval-request.ts asks for it). Until the server has
// staff, the till runs without sign-in, as before staff existed.
import { createSignal } from 'solid-js';
import type { ApprovalAction, OutletPolicy, StaffCard } from '../pms/staff-calls';
import { signApproval } from '../pms/staff-calls';
import { openStaffKey } from '../pms/staff-keys';
import { type PinTries, pinWaitLeft } from '../rules/pin-wait';
import { LOCAL_KEYS, readLocal, writeLocal } from '../storage/local';
import { reportAction } from './audit-reports';
import { deviceState } from './device';

/** The staff list as last fetched from the till server. */
export interface StaffSnapshot {
  staff: StaffCard[];
  policy: OutletPolicy;
  fetchedAt: number;
}

export interface SignedIn {
  id: string;
  name: string;
  role: StaffCard['role'];
}

const [snapshot, setSnapshot] = createSignal<StaffSnapshot | undefined>(readSnapshot());
const [signedIn, setSignedIn] = createSignal<SignedIn | null>(null);
const [tries, setTries] = createSignal<PinTries>(readTries());
/** The signed-in person's key: memory only, gone with the page. */
let signingKey: CryptoKey | null = null;

function readSnapshot(): StaffSnapshot | undefined {
  const stored = readLocal(LOCAL_KEYS.staff) as Partial<StaffSnapshot> | undefined;
  return stored && Array.isArray(stored.staff) && stored.policy ? (stored as StaffSnapshot) : undefined;
}

function readTries(): PinTries {
  const stored = readLocal(LOCAL_KEYS.pinTries) as Partial<PinTries> | undefined;
  return typeof stored?.wrong === 'number' && typeof stored.lastWrongAt === 'number'
    ? { wrong: stored.wrong, lastWrongAt: stored.lastWrongAt }
    : { wrong: 0, lastWrongAt: 0 };
}

/** The staff who may sign in here (reactive). */
export const staffCards = (): StaffCard[] => snapshot()?.staff ?? [];
/** This outlet's rules (reactive); undefined until the server has told them. */
export const outletPolicy = (): OutletPolicy | undefined => snapshot()?.policy;
/** Whether staff must sign in: the server has staff (reactive). */
export const signInRequired = (): boolean => staffCards().length > 0;
/** Who is signed in (reactive); null when nobody is. */
export { signedIn };
/** Whether the till shows the lock screen (reactive). */
export const isLocked = (): boolean => signInRequired() && signedIn() === null;

/** Keeps the staff list the server sent; signs out whoever is no longer on it, or whose PIN was reset. */
export function keepStaffList(list: { staff: StaffCard[]; policy: OutletPolicy }, now = Date.now()): void {
  const next: StaffSnapshot = { staff: list.staff, policy: list.policy, fetchedAt: now };
  const before = snapshot();
  writeLocal(LOCAL_KEYS.staff, next);
  setSnapshot(next);
  const current = signedIn();
  if (!current) return;
  const was = before?.staff.find((card) => card.id === current.id);
  const card = next.staff.find((candidate) => candidate.id === current.id);
  if (!card || card.role !== current.role || (was && was.keyVersion !== card.keyVersion)) lock();
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
  signingKey = opened.key;
  setSignedIn({ id: opened.card.id, name: opened.card.name, role: opened.card.role });
  reportAction({ kind: 'sign_in', staffId: opened.card.id });
  return { ok: true };
}

/** Locks the till: whoever was signed in must sign in again. */
export function lock(): void {
  const current = signedIn();
  if (!current) return;
  signingKey = null;
  setSignedIn(null);
  reportAction({ kind: 'sign_out', staffId: current.id });
}

/** After a completed sale: locks when the outlet wants it. */
export function saleCompleted(): void {
  if (outletPolicy()?.lockAfterSale) lock();
}

/** What a manager approves: the action, the sale or shift it concerns, and the amount. */
export interface ApprovalNeed {
  action: ApprovalAction;
  subject: string;
  amountCents: number | null;
}

function approvalFields(need: ApprovalNeed, managerId: string) {
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
  if (!current || current.role !== 'manager' || !signingKey) return null;
  return signApproval(signingKey, approvalFields(need, current.id));
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

/** Whether an action of `need` needs a manager: always for voids and take-backs, else above the outlet's limits. */
export function needsApproval(need: ApprovalNeed): boolean {
  if (!signInRequired() || !staffCards().some((card) => card.role === 'manager')) return false;
  const policy = outletPolicy();
  switch (need.action) {
    case 'open_price':
      return policy !== undefined && (need.amountCents ?? 0) > policy.openPriceLimitCents;
    default:
      return true;
  }
}
