// Staff of the hotel as the till server keeps them: name, role (waiter or manager) and PIN. Owns adding,
// disabling and resetting staff, the outlet policies, a manager's admin password (scrypt, checked only
// here), the cards each tablet keeps for offline sign-in (device-keys.ts), and checking one approval
// token (signed by an enabled manager's key for the device, action and subject it names). Refusals are
// StaffError codes. Rules: docs/security.md, "Staff sign-in" and "Manager approvals".
import { randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Outlet } from '../../pms/device-calls.ts';
import {
  type Approval,
  type ApprovalAction,
  approvalSignedBy,
  type OutletPolicy,
  QUICK_REASON_MAX,
  QUICK_REASONS_MAX,
  readApproval,
  type StaffCard,
  type StaffRole,
} from '../../pms/staff-calls.ts';
import { PIN_KEY_ROUNDS, PIN_PATTERN, type SealedKey } from '../../pms/staff-keys.ts';
import type { HubDb } from '../hub/hub-db.ts';
import { derivePinWrapKey, type PinWrapKey, sealDeviceKey } from './device-keys.ts';

/** An admin password: long, since the admin page is reachable from the LAN (docs/security.md). */
export const ADMIN_PASSWORD_MIN = 12;

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** scrypt cost for stored PINs: N=2^15, r=8 (32 MiB, about 0.1 s here). */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export class StaffError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'StaffError';
  }
}

export interface StaffMember {
  id: string;
  name: string;
  role: StaffRole;
  createdAt: string;
  disabledAt: string | null;
  keyVersion: number;
  /** Whether a manager has an admin password (signing in to /admin from elsewhere). */
  hasAdminPassword: boolean;
}

export const DEFAULT_POLICY: Omit<OutletPolicy, 'outlet'> = {
  openPriceLimitCents: 10_000,
  discountLimitPercent: 20,
  idleLockMinutes: 5,
  lockAfterSale: false,
};

/**
 * Approvals spent per sale rather than per write: any write of the approved sale may use one, up to
 * its amount in all (a discount covers every line of its sale, whichever write carries them).
 * Others (a take-back, an open price) are spent by the one write that went through.
 */
export const SPENT_PER_SALE: readonly ApprovalAction[] = ['discount'];

/** What an approval is checked against: the action, its subject, the device, and the least amount. */
export interface ApprovalUse {
  /** The action approved; several where any of them will do (a void's approval takes its charges back). */
  action: ApprovalAction | readonly ApprovalAction[];
  subject: string;
  deviceId: string;
  minAmountCents?: number;
}

export interface StaffOptions {
  /** PBKDF2 rounds of newly sealed keys; tests pass fewer. */
  keyRounds?: number;
}

export type StaffRegistry = ReturnType<typeof createStaffRegistry>;

export function createStaffRegistry(db: HubDb, now: () => Date, options: StaffOptions = {}) {
  const keyRounds = options.keyRounds ?? PIN_KEY_ROUNDS;
  const selectMember = `SELECT id, name, role, created_at AS createdAt, disabled_at AS disabledAt,
    key_version AS keyVersion, admin_password_hash IS NOT NULL AS hasAdminPassword FROM staff`;

  async function hashSecret(pin: string): Promise<string> {
    const salt = randomBytes(16);
    const hash = await scryptAsync(pin, salt, 32, SCRYPT);
    return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
  }

  async function secretMatches(pin: string, stored: string): Promise<boolean> {
    const [scheme, salt, hash] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !hash) return false;
    const typed = await scryptAsync(pin, Buffer.from(salt, 'base64url'), 32, SCRYPT);
    return timingSafeEqual(typed, Buffer.from(hash, 'base64url'));
  }

  function checkPin(pin: unknown): string {
    if (typeof pin !== 'string' || !PIN_PATTERN.test(pin))
      throw new StaffError(400, 'pin_format', 'a PIN is 4 to 6 digits', 'pin');
    return pin;
  }

  function checkName(name: unknown): string {
    const trimmed = typeof name === 'string' ? name.trim() : '';
    if (!trimmed || trimmed.length > 60)
      throw new StaffError(400, 'name_required', 'give a name of 1 to 60 characters', 'name');
    return trimmed;
  }

  function member(id: string): StaffMember | undefined {
    const row = db.prepare(`${selectMember} WHERE id = ?`).get(id) as StaffMember | undefined;
    return row && { ...row, hasAdminPassword: !!row.hasAdminPassword };
  }

  async function sealFor(pin: string) {
    const [pinHash, kept] = await Promise.all([hashSecret(pin), derivePinWrapKey(pin, keyRounds)]);
    return { pinHash, kept };
  }

  /** A device's own sealed key of a staff member, made on first ask. */
  const selectDeviceKey = db.prepare(
    'SELECT sealed_key AS sealedKey FROM staff_device_keys WHERE staff_id = ? AND device_id = ? AND key_version = ?',
  );
  const upsertDeviceKey = db.prepare(
    `INSERT INTO staff_device_keys (staff_id, device_id, key_version, public_key, sealed_key)
       VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (staff_id, device_id) DO UPDATE SET key_version = excluded.key_version,
       public_key = excluded.public_key, sealed_key = excluded.sealed_key`,
  );
  async function deviceKey(staffId: string, deviceId: string, version: number, kept: PinWrapKey) {
    const row = selectDeviceKey.get(staffId, deviceId, version) as { sealedKey: string } | undefined;
    if (row) return JSON.parse(row.sealedKey) as SealedKey;
    const made = await sealDeviceKey(kept);
    const again = selectDeviceKey.get(staffId, deviceId, version) as { sealedKey: string } | undefined;
    if (again) return JSON.parse(again.sealedKey) as SealedKey; // a parallel ask made it first
    upsertDeviceKey.run(staffId, deviceId, version, made.publicKey, JSON.stringify(made.sealedKey));
    return made.sealedKey;
  }

  return {
    list(): StaffMember[] {
      return (
        db
          .prepare(`${selectMember} ORDER BY disabled_at IS NOT NULL, name COLLATE NOCASE`)
          .all() as StaffMember[]
      ).map((row) => ({ ...row, hasAdminPassword: !!row.hasAdminPassword }));
    },

    member,

    hasManager(): boolean {
      return !!db.prepare(`SELECT 1 FROM staff WHERE role = 'manager' AND disabled_at IS NULL`).get();
    },

    /** @throws StaffError 400 (name, role, PIN), 409 name_taken */
    async add(request: { name: unknown; role: unknown; pin: unknown }): Promise<StaffMember> {
      const name = checkName(request.name);
      if (request.role !== 'waiter' && request.role !== 'manager')
        throw new StaffError(400, 'role_invalid', 'the role is waiter or manager', 'role');
      const pin = checkPin(request.pin);
      if (db.prepare('SELECT 1 FROM staff WHERE name = ? COLLATE NOCASE').get(name))
        throw new StaffError(409, 'name_taken', 'someone of that name is on the staff list already', 'name');
      const sealed = await sealFor(pin);
      const id = randomUUID();
      // public_key and sealed_key: the one shared key of before (legacy rows); now per device.
      db.prepare(
        `INSERT INTO staff (id, name, role, pin_hash, pin_length, public_key, sealed_key, key_version,
           created_at, pin_wrap_key, pin_salt, pin_rounds)
         VALUES (?, ?, ?, ?, ?, '', '', 1, ?, ?, ?, ?)`,
      ).run(
        id,
        name,
        request.role,
        sealed.pinHash,
        pin.length,
        now().toISOString(),
        sealed.kept.wrapKey,
        sealed.kept.salt,
        sealed.kept.rounds,
      );
      return member(id)!;
    },

    /** A new PIN (and signing key): approvals signed with the old key are refused from now on. */
    async resetPin(id: string, pin: unknown): Promise<StaffMember> {
      const checked = checkPin(pin);
      if (!member(id)) throw new StaffError(404, 'staff_unknown', 'no such staff member', 'id');
      const sealed = await sealFor(checked);
      db.transaction(() => {
        db.prepare(
          `UPDATE staff SET pin_hash = ?, pin_length = ?, public_key = '', sealed_key = '',
             pin_wrap_key = ?, pin_salt = ?, pin_rounds = ?, key_version = key_version + 1 WHERE id = ?`,
        ).run(sealed.pinHash, checked.length, sealed.kept.wrapKey, sealed.kept.salt, sealed.kept.rounds, id);
        db.prepare('DELETE FROM staff_device_keys WHERE staff_id = ?').run(id);
      })();
      return member(id)!;
    },

    /** Disables or enables; the last enabled manager cannot be disabled. */
    setDisabled(id: string, disabled: boolean): StaffMember {
      const found = member(id);
      if (!found) throw new StaffError(404, 'staff_unknown', 'no such staff member', 'id');
      if (disabled && found.role === 'manager' && !found.disabledAt) {
        const managers = db
          .prepare(`SELECT COUNT(*) AS n FROM staff WHERE role = 'manager' AND disabled_at IS NULL`)
          .get() as { n: number };
        if (managers.n <= 1)
          throw new StaffError(409, 'last_manager', 'the last manager cannot be disabled', 'id');
      }
      db.prepare('UPDATE staff SET disabled_at = ? WHERE id = ?').run(
        disabled ? now().toISOString() : null,
        id,
      );
      return member(id)!;
    },

    /**
     * Sets a manager's admin password (the admin page's sign-in from elsewhere than the server
     * machine); at least ADMIN_PASSWORD_MIN characters.
     * @throws StaffError 400 password_short / not_manager, 404 staff_unknown
     */
    async setAdminPassword(id: string, password: unknown): Promise<StaffMember> {
      const found = member(id);
      if (!found) throw new StaffError(404, 'staff_unknown', 'no such staff member', 'id');
      if (found.role !== 'manager')
        throw new StaffError(400, 'not_manager', 'only a manager has an admin password', 'password');
      if (typeof password !== 'string' || password.length < ADMIN_PASSWORD_MIN || password.length > 200)
        throw new StaffError(
          400,
          'password_short',
          `an admin password has ${ADMIN_PASSWORD_MIN} to 200 characters`,
          'password',
        );
      const hash = await hashSecret(password);
      db.prepare('UPDATE staff SET admin_password_hash = ? WHERE id = ?').run(hash, id);
      return member(id)!;
    },

    /** The enabled manager with this name and admin password (admin page sign-in), else null. */
    async signInWithPassword(name: unknown, password: unknown): Promise<StaffMember | null> {
      if (typeof name !== 'string' || typeof password !== 'string' || password.length > 200) return null;
      const row = db
        .prepare(
          `SELECT id, admin_password_hash AS hash FROM staff
             WHERE name = ? COLLATE NOCASE AND disabled_at IS NULL AND role = 'manager'`,
        )
        .get(name.trim()) as { id: string; hash: string | null } | undefined;
      if (!row?.hash) {
        await hashSecret(password); // as slow as a real check, so a wrong name is not told apart by time
        return null;
      }
      return (await secretMatches(password, row.hash)) ? member(row.id)! : null;
    },

    /**
     * What `deviceId` keeps for offline sign-in: every enabled staff member's card, with a signing
     * key made for this device only (a staff member from before per-device keys: their one shared
     * key, whose approvals are refused until their PIN is reset).
     */
    async cards(deviceId: string): Promise<StaffCard[]> {
      const rows = db
        .prepare(
          `SELECT id, name, role, pin_length AS pinLength, sealed_key AS sealedKey, key_version AS keyVersion,
                  pin_wrap_key AS wrapKey, pin_salt AS salt, pin_rounds AS rounds
             FROM staff WHERE disabled_at IS NULL ORDER BY name COLLATE NOCASE`,
        )
        .all() as (Omit<StaffCard, 'sealedKey'> & {
        sealedKey: string;
        wrapKey: string | null;
        salt: string | null;
        rounds: number | null;
      })[];
      const cards: StaffCard[] = [];
      for (const { wrapKey, salt, rounds, sealedKey, ...card } of rows) {
        const sealed =
          wrapKey && salt && rounds
            ? await deviceKey(card.id, deviceId, card.keyVersion, { wrapKey, salt, rounds })
            : (JSON.parse(sealedKey) as SealedKey);
        cards.push({ ...card, sealedKey: sealed });
      }
      return cards;
    },

    policy(outlet: Outlet): OutletPolicy {
      const row = db.prepare('SELECT policy FROM outlet_policies WHERE outlet = ?').get(outlet) as
        | { policy: string }
        | undefined;
      return { ...DEFAULT_POLICY, ...(row ? (JSON.parse(row.policy) as Partial<OutletPolicy>) : {}), outlet };
    },

    /** @throws StaffError 400 naming the field that is out of range */
    setPolicy(outlet: Outlet, policy: Omit<OutletPolicy, 'outlet'>): OutletPolicy {
      if (!db.prepare('SELECT 1 FROM outlets WHERE id = ?').get(outlet))
        throw new StaffError(400, 'invalid_outlet', 'unknown outlet', 'outlet');
      const check = (ok: boolean, field: string, message: string) => {
        if (!ok) throw new StaffError(400, 'policy_invalid', message, field);
      };
      check(
        Number.isInteger(policy.openPriceLimitCents) && policy.openPriceLimitCents >= 0,
        'openPriceLimit',
        'the open price limit is an amount of 0 or more',
      );
      check(
        Number.isFinite(policy.discountLimitPercent) &&
          policy.discountLimitPercent >= 0 &&
          policy.discountLimitPercent <= 100,
        'discountLimitPercent',
        'the discount limit is 0 to 100 %',
      );
      check(
        Number.isInteger(policy.idleLockMinutes) &&
          policy.idleLockMinutes >= 1 &&
          policy.idleLockMinutes <= 240,
        'idleLockMinutes',
        'the idle lock is 1 to 240 minutes',
      );
      const reasons = (policy.quickReasons ?? [])
        .map((reason) => reason.trim().replace(/\s+/g, ' '))
        .filter(Boolean);
      check(
        reasons.length <= QUICK_REASONS_MAX && reasons.every((reason) => reason.length <= QUICK_REASON_MAX),
        'quickReasons',
        `at most ${QUICK_REASONS_MAX} quick reasons of at most ${QUICK_REASON_MAX} characters each`,
      );
      const sold = [...new Set(policy.groupsSold ?? [])].sort((a, b) => a - b);
      check(
        sold.length <= 200 && sold.every((id) => Number.isInteger(id) && id >= 1),
        'groupsSold',
        'the groups sold are group numbers (1 or more), or none for all groups',
      );
      const defaultGroup = policy.defaultGroup;
      check(
        defaultGroup === undefined ||
          (Number.isInteger(defaultGroup) &&
            defaultGroup >= 1 &&
            (sold.length === 0 || sold.includes(defaultGroup))),
        'defaultGroup',
        'the default group is one of the groups sold',
      );
      const stored = {
        openPriceLimitCents: policy.openPriceLimitCents,
        discountLimitPercent: policy.discountLimitPercent,
        idleLockMinutes: policy.idleLockMinutes,
        lockAfterSale: !!policy.lockAfterSale,
        ...(reasons.length > 0 ? { quickReasons: reasons } : {}),
        ...(sold.length > 0 ? { groupsSold: sold } : {}),
        ...(defaultGroup !== undefined ? { defaultGroup } : {}),
      };
      db.prepare(
        `INSERT INTO outlet_policies (outlet, policy) VALUES (?, ?)
         ON CONFLICT (outlet) DO UPDATE SET policy = excluded.policy`,
      ).run(outlet, JSON.stringify(stored));
      return { ...stored, outlet };
    },

    /**
     * The approval in `token`, if it is a real one for this use; else a StaffError 403 with the code:
     * approval_required (none, or not a signed approval), approval_not_manager (unknown, disabled or
     * not a manager), approval_invalid (not signed with that manager's current key),
     * approval_mismatch (another action, subject, device, or a smaller amount), approval_used (spent
     * on another subject, or, for a PMS write, spent by a write that went through already; one spent
     * per sale, SPENT_PER_SALE, only once writes have used all of its amount). `amountLeftCents` is
     * what writes have not yet used of its amount.
     */
    async checkApproval(
      token: string | undefined,
      use: ApprovalUse,
      forWrite = false,
    ): Promise<{ approval: Approval; manager: StaffMember; amountLeftCents: number }> {
      const approval = token ? readApproval(token) : null;
      if (!token || !approval)
        throw new StaffError(403, 'approval_required', `this needs a manager's approval`, 'approval');
      const row = db
        .prepare(
          `SELECT k.public_key AS publicKey FROM staff s
             LEFT JOIN staff_device_keys k ON k.staff_id = s.id AND k.device_id = ? AND k.key_version = s.key_version
               AND EXISTS (SELECT 1 FROM devices d WHERE d.id = k.device_id AND d.revoked_at IS NULL)
             WHERE s.id = ? AND s.role = 'manager' AND s.disabled_at IS NULL`,
        )
        .get(approval.deviceId, approval.managerId) as { publicKey: string | null } | undefined;
      if (!row)
        throw new StaffError(
          403,
          'approval_not_manager',
          'the approval does not name an active manager',
          'approval',
        );
      // Only the key made for the device the approval names: no other device's key, no shared one.
      if (!row.publicKey || !(await approvalSignedBy(token, row.publicKey)))
        throw new StaffError(
          403,
          'approval_invalid',
          'the approval is not signed by that manager',
          'approval',
        );
      const actions: readonly ApprovalAction[] = typeof use.action === 'string' ? [use.action] : use.action;
      if (
        !actions.includes(approval.action) ||
        approval.subject !== use.subject ||
        approval.deviceId !== use.deviceId ||
        (use.minAmountCents !== undefined && (approval.amountCents ?? -1) < use.minAmountCents)
      )
        throw new StaffError(403, 'approval_mismatch', 'the approval is for something else', 'approval');
      const used = db
        .prepare(
          `SELECT action, subject, write_done AS writeDone, amount_used_cents AS amountUsed
             FROM used_approvals WHERE id = ?`,
        )
        .get(approval.id) as
        | { action: ApprovalAction; subject: string; writeDone: number; amountUsed: number }
        | undefined;
      const amountLeftCents = (approval.amountCents ?? 0) - (used?.amountUsed ?? 0);
      const perSale = SPENT_PER_SALE.includes(approval.action);
      if (
        used &&
        (!actions.includes(used.action) ||
          used.subject !== use.subject ||
          (forWrite && (perSale ? amountLeftCents <= 0 : used.writeDone)))
      )
        throw new StaffError(403, 'approval_used', 'this approval was used already', 'approval');
      return { approval, manager: member(approval.managerId)!, amountLeftCents };
    },

    /**
     * Spends an approval on its subject: by a PMS write that went through (`write`), or by a report.
     * `amountCents` adds to what writes have used of it (negative: gives back what a write that
     * failed had taken), for an approval spent per sale.
     */
    spendApproval(approval: Approval, write: boolean, amountCents = 0): void {
      db.prepare(
        `INSERT INTO used_approvals (id, action, subject, used_at, write_done, amount_used_cents)
           VALUES (?, ?, ?, ?, ?, MAX(?, 0))
         ON CONFLICT (id) DO UPDATE SET write_done = MAX(write_done, excluded.write_done),
           amount_used_cents = MAX(amount_used_cents + ?, 0)`,
      ).run(
        approval.id,
        approval.action,
        approval.subject,
        now().toISOString(),
        write ? 1 : 0,
        amountCents,
        amountCents,
      );
    },
  };
}
