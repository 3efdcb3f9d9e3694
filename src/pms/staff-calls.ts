// Staff, approvals and the audit trail as the tablet and the till server share them: the staff
// cards a paired tablet keeps for offline sign-in (`GET /till/staff`), a manager's signed approval,
// and the actions a tablet reports for the audit log (`POST /till/audit`). Owns their wire shapes
// (valibot, checked on both sides) and the headers a gateway write carries to say who made it.
import * as v from 'valibot';
import { callTillServer, type DeviceFetch, OUTLET_ID_PATTERN, TillServerError } from './device-calls.ts';
import { fromBase64Url, type SealedKey, verifyText } from './staff-keys.ts';
import { MAX_APPROVALS, newRequestId, REQUEST_ID_HEADER } from './till-headers.ts';

export const STAFF_ROLES = ['waiter', 'manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export { APPROVAL_HEADER, MAX_APPROVALS, SALE_HEADER, SPLIT_HEADER } from './till-headers.ts';

const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const B64 = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+$/), v.maxLength(4096));
const Iso = v.pipe(v.string(), v.isoTimestamp());

export const SealedKeySchema = v.object({
  salt: B64,
  iv: B64,
  sealed: B64,
  rounds: v.pipe(v.number(), v.integer(), v.minValue(100_000), v.maxValue(10_000_000)),
}) satisfies v.GenericSchema<SealedKey>;

/** A staff member as a tablet keeps them: enough to check the PIN and sign offline, never the PIN. */
export const StaffCardSchema = v.object({
  id: Id,
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(60)),
  role: v.picklist(STAFF_ROLES),
  /** How many digits the PIN has: the PIN pad tries it once that many are typed. */
  pinLength: v.pipe(v.number(), v.integer(), v.minValue(4), v.maxValue(6)),
  sealedKey: SealedKeySchema,
  /** Bumped whenever the PIN is reset, so a tablet drops the old sealed key. */
  keyVersion: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type StaffCard = v.InferOutput<typeof StaffCardSchema>;

/** The longest quick reason, and how many an outlet keeps. */
export const QUICK_REASON_MAX = 60;
export const QUICK_REASONS_MAX = 8;

const LimitCents = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000_000));
/** An outlet's limits on one record without a manager's `over_limit` approval (src/server/ledger/bounds.ts). */
export const OutletLimitsSchema = v.object({
  /** A record's total above this needs a manager. */
  saleLimitCents: LimitCents,
  /** One line's total (price × quantity) above this needs a manager. */
  lineLimitCents: LimitCents,
  /** A tip above this share of the sale (percent) needs a manager. */
  tipLimitPercent: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  /** A tip above this amount needs a manager. */
  tipLimitCents: LimitCents,
  /** A drawer's opening float above this needs a manager. */
  floatLimitCents: LimitCents,
});
export type OutletLimitsWire = v.InferOutput<typeof OutletLimitsSchema>;

/** What an outlet decides for its tablets, set on the admin page. */
export const OutletPolicySchema = v.object({
  outlet: v.pipe(v.string(), v.regex(OUTLET_ID_PATTERN)),
  /** An open price above this (cents) needs a manager's approval. */
  openPriceLimitCents: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** A discount above this (percent of the line or ticket) needs a manager's approval. */
  discountLimitPercent: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  /** Lock after this many idle minutes. */
  idleLockMinutes: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(240)),
  /** Lock after every completed sale. */
  lockAfterSale: v.boolean(),
  /** Days a tablet keeps a sale the PMS confirmed after the Z that closed its day (the outlet's; default 30). */
  retentionDays: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3650))),
  /** Reasons staff tap instead of typing (void, take-back, refund); none: the till's own. */
  quickReasons: v.optional(v.array(v.pipe(v.string(), v.maxLength(QUICK_REASON_MAX)))),
  /** The commodity groups (PMS ids) the register offers; none: all. */
  groupsSold: v.optional(v.array(v.pipe(v.number(), v.integer(), v.minValue(1)))),
  /** The group tab the register opens on, one of `groupsSold`; none: "All". */
  defaultGroup: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** The outlet's limits on one record (the ledger's; sent to tablets so they ask a manager first). */
  limits: v.optional(OutletLimitsSchema),
});
export type OutletPolicy = v.InferOutput<typeof OutletPolicySchema>;

export const StaffListSchema = v.object({
  staff: v.array(StaffCardSchema),
  policy: OutletPolicySchema,
});
export type StaffList = v.InferOutput<typeof StaffListSchema>;

/** What needs a manager's approval. */
export const APPROVAL_ACTIONS = [
  'void_sale',
  'take_back',
  'open_price',
  'discount',
  'close_shift',
  'catalogue_change',
  /** A manager on a tablet reading the X report, counting a drawer or closing the day (subject DAY_CLOSING_SUBJECT). */
  'close_day',
  /** Reversing a card payment on the terminal (its sale's id; the amount charged). */
  'card_reversal',
  /** Refunding to a card on the terminal (the sale's id; the amount). */
  'card_refund',
  /** A record above its outlet's limits (sale, line, tip, float; the sale's or shift's id; the amount). */
  'over_limit',
] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** What a manager approved: one action on one subject (a sale's or shift's id; for a catalogue
 * change, the id the tablet made for that change), on one device. */
export const ApprovalSchema = v.object({
  id: Id,
  managerId: Id,
  action: v.picklist(APPROVAL_ACTIONS),
  subject: Id,
  /** The amount approved (cents): an open price, a discount, a take-back, a new product's price; null where none. */
  amountCents: v.nullable(v.pipe(v.number(), v.integer())),
  deviceId: Id,
  at: Iso,
});
export type Approval = v.InferOutput<typeof ApprovalSchema>;

/** The approval a token carries, unchecked: its signature still has to be verified. */
export function readApproval(token: string): Approval | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  try {
    const parsed = v.safeParse(ApprovalSchema, JSON.parse(new TextDecoder().decode(fromBase64Url(payload))));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** Whether `token` was signed by the key of `publicKey`. */
export async function approvalSignedBy(token: string, publicKey: string): Promise<boolean> {
  const [payload, signature] = token.split('.');
  return !!payload && !!signature && verifyText(publicKey, payload, signature);
}

const Token = v.pipe(v.string(), v.maxLength(4096));

/** What a tablet reports for the audit log. */
export const TABLET_AUDIT_KINDS = [
  'sign_in',
  'sign_out',
  'pin_failed',
  'sale',
  'room_charge',
  'void_sale',
  'take_back',
  'catalogue_change',
  'shift_close',
] as const;
export type TabletAuditKind = (typeof TABLET_AUDIT_KINDS)[number];

export const TabletAuditEventSchema = v.object({
  /** Made once on the tablet; a resend of the same event is recorded once. */
  id: Id,
  kind: v.picklist(TABLET_AUDIT_KINDS),
  at: Iso,
  /** Who was signed in (for `pin_failed`, whose PIN was tried). */
  staffId: v.nullable(Id),
  /** The sale, shift or product it concerns. */
  subject: v.optional(v.nullable(Id)),
  /** Within the ledger's ceiling (MAX_RECORD_CENTS, ledger-wire.ts): no amount answers 500. */
  amountCents: v.optional(
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(-1_000_000_000), v.maxValue(1_000_000_000))),
  ),
  /** A short human note (a reason, a sale reference). */
  note: v.optional(v.pipe(v.string(), v.maxLength(300))),
  /** A manager's approval of the action (older tablets send a sale's first approval only here). */
  approval: v.optional(Token),
  /** Every approval the action carries (a sale with an open price and a discount has two). */
  approvals: v.optional(v.pipe(v.array(Token), v.maxLength(MAX_APPROVALS))),
});
export type TabletAuditEvent = v.InferOutput<typeof TabletAuditEventSchema>;

export const AuditBatchSchema = v.object({
  events: v.pipe(v.array(TabletAuditEventSchema), v.minLength(1), v.maxLength(200)),
});

/** The server's verdict on each reported event: recorded (or recorded before), or refused with a code. */
export const AuditAnswerSchema = v.object({
  results: v.array(
    v.object({
      id: Id,
      outcome: v.picklist(['recorded', 'refused']),
      code: v.optional(v.string()),
    }),
  ),
});
export type AuditAnswer = v.InferOutput<typeof AuditAnswerSchema>;

/** Which tablet-reported actions need a manager's approval, and of which action. */
export const APPROVAL_NEEDED: Partial<Record<TabletAuditKind, ApprovalAction>> = {
  void_sale: 'void_sale',
  take_back: 'take_back',
  catalogue_change: 'catalogue_change',
};

/** Called through a wrapper: `fetch` called as a method of something else throws "Illegal invocation". */
const globalFetch: DeviceFetch = (url, init) => fetch(url, init);

/**
 * The staff cards and the outlet policy for this paired tablet; rejects with a TillServerError.
 * @example const { staff, policy } = await fetchStaffList('');
 */
export async function fetchStaffList(
  baseUrl: string,
  fetcher: DeviceFetch = globalFetch,
): Promise<StaffList> {
  const body = await callTillServer(fetcher, `${baseUrl}/till/staff`, { method: 'GET' });
  const parsed = v.safeParse(StaffListSchema, body);
  if (!parsed.success)
    throw new TillServerError('unexpected', 200, 'The till server sent an unreadable staff list');
  return parsed.output;
}

/**
 * Reports audit events; answers the server's verdict on each (recorded once, or refused with a code).
 * @example const { results } = await reportAuditEvents('', [event]);
 */
export async function reportAuditEvents(
  baseUrl: string,
  events: readonly TabletAuditEvent[],
  fetcher: DeviceFetch = globalFetch,
): Promise<AuditAnswer> {
  const body = await callTillServer(fetcher, `${baseUrl}/till/audit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: newRequestId() },
    body: JSON.stringify({ events }),
  });
  const parsed = v.safeParse(AuditAnswerSchema, body);
  if (!parsed.success)
    throw new TillServerError('unexpected', 200, 'The till server sent an unreadable answer');
  return parsed.output;
}
