// Who is working the till. Owns: the staff cards and outlet policy this tablet keeps (from the till
// server, for signing in offline), who is signed in (their signing key, opened by their PIN, lives
// only in memory), locking (by hand, when idle, after a sale where the outlet wants it), and which
// actions need a manager. Checking PINs and signing approvals is staff-pins.ts, loaded with the
// lock screen: the first screen carries none of it. Until the server has staff, the till runs
// without sign-in, as before staff existed.
import { createSignal } from 'solid-js';
import type { ApprovalAction, OutletPolicy, StaffCard } from '../../pms/staff-calls';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../storage/local';
import { settings } from '../device';
import { report } from './audit-later';

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

/** What a manager approves: the action, the sale or shift it concerns, and the amount. */
export interface ApprovalNeed {
  action: ApprovalAction;
  subject: string;
  amountCents: number | null;
  /** For a discount: the percentage of the line or ticket it takes off (the outlet's limit is in percent). */
  percent?: number;
}

function readSnapshot(): StaffSnapshot | undefined {
  const stored = readLocal(LOCAL_KEYS.staff) as Partial<StaffSnapshot> | undefined;
  return stored && Array.isArray(stored.staff) && stored.policy ? (stored as StaffSnapshot) : undefined;
}

const [snapshot, setSnapshot] = createSignal<StaffSnapshot | undefined>(readSnapshot());
const [signedIn, setSignedIn] = createSignal<SignedIn | null>(null);
/** The signed-in person's key: memory only, gone with the page. */
let signingKey: CryptoKey | null = null;

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

/**
 * Who records an action: the signed-in staff member, or, where the server has no staff, the name
 * set in Settings.
 * @example recordCashSale({ ...actingStaff(), till, lines, payment });
 */
export function actingStaff(): { staff: string; staffId?: string } {
  const current = signedIn();
  return current ? { staff: current.name, staffId: current.id } : { staff: settings().staffName };
}

/** The signed-in person's key (staff-pins.ts signs approvals with it); null when nobody is. */
export function sessionKey(): CryptoKey | null {
  return signingKey;
}

/** Starts the session of `card`, whose key their PIN just opened (staff-pins.ts). */
export function startSession(card: StaffCard, key: CryptoKey): void {
  signingKey = key;
  setSignedIn({ id: card.id, name: card.name, role: card.role });
  report({ kind: 'sign_in', staffId: card.id });
}

/** Locks the till: whoever was signed in must sign in again. */
export function lock(): void {
  const current = signedIn();
  if (!current) return;
  signingKey = null;
  setSignedIn(null);
  report({ kind: 'sign_out', staffId: current.id });
}

/** After a completed sale: locks when the outlet wants it. */
export function saleCompleted(): void {
  if (outletPolicy()?.lockAfterSale) lock();
}

/**
 * Keeps the staff list the server sent (staff-sync.ts); locks when whoever is signed in is no longer
 * on it, or their PIN was reset or their role changed.
 */
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

/** Whether an action of `need` needs a manager: always for voids and take-backs, else above the outlet's limits. */
export function needsApproval(need: ApprovalNeed): boolean {
  if (!signInRequired() || !staffCards().some((card) => card.role === 'manager')) return false;
  const policy = outletPolicy();
  switch (need.action) {
    case 'open_price':
      return policy !== undefined && (need.amountCents ?? 0) > policy.openPriceLimitCents;
    case 'discount':
      return policy === undefined || (need.percent ?? 100) > policy.discountLimitPercent;
    default:
      return true;
  }
}

/**
 * Whether whoever works the till must ask a manager before `action` (reactive): nobody or a waiter
 * is signed in, and the action needs a manager here (an action judged by amount: above any amount).
 * @example <Show when={asksManager('catalogue_change')}>Ask a manager</Show>
 */
export function asksManager(action: ApprovalAction): boolean {
  return signedIn()?.role !== 'manager' && needsApproval({ action, subject: '', amountCents: null });
}
