// The till server as the hotel's hub for devices: pairs tablets with one-time codes, issues and
// checks their device credentials, lists and revokes them, and keeps admin sessions. A device
// credential is 32 random bytes, handed to the tablet once (in a cookie, device-routes.ts) and
// stored only as its SHA-256. A revoked device stays listed, and its credential is refused with
// `device_revoked`, never mistaken for a stranger's.
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { OUTLETS, type Outlet, type Device as TabletDevice } from '../../pms/device-calls.ts';
import { createDayClosing } from '../ledger/closing/day-closing.ts';
import { createSaleRecorder } from '../ledger/record-sale.ts';
import { createSaleLookup } from '../ledger/sale-lookup.ts';
import { createSaleOutcomes } from '../ledger/sale-outcomes.ts';
import { createApprovalClaims } from '../staff/approvals.ts';
import { createAuditLog } from '../staff/audit-log.ts';
import { createStaffRegistry } from '../staff/staff-registry.ts';
import {
  type DeviceRole,
  giveDeviceRole,
  migrateDeviceRoles,
  ROLE_COLUMN,
  ROLE_JOIN,
  rememberCodeRole,
} from './device-roles.ts';
import { type HubDb, openHubDb } from './hub-db.ts';
import { createOutletRegistry } from './outlets.ts';
import { CODE_ALPHABET, CODE_LENGTH, CODE_VALID_MS, normalisePairingCode } from './pairing-codes.ts';
import { createWrongTries, DEFAULT_TRY_LIMIT, type TryLimit } from './wrong-tries.ts';

/** Pairing: 10 wrong codes per address, 100 overall, per 10 minutes; a clean address is spared the overall limit. */
const PAIRING_TRY_LIMIT: TryLimit = { ...DEFAULT_TRY_LIMIT, overallSparesCleanAddresses: true };

import { createHotelZone } from './hotel-zone.ts';
import { createReceiptHeaders } from './receipt-header.ts';

export { OUTLETS, type Outlet };

/** A paired device as the hub keeps it: what the tablet is told (pms/device-calls.ts), and more. */
export interface Device extends TabletDevice {
  role: DeviceRole;
  pairedAt: string;
  lastSeenAt: string | null;
  lastSeenAddress: string | null;
  revokedAt: string | null;
}

/** Why a caller is not a paired device; the words staff see are the app's, keyed by this code. */
export type DeviceRefusal = 'device_not_paired' | 'device_revoked';

/** A refusal with the HTTP status and the code the app translates. */
export class HubError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 410 | 429,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'HubError';
  }
}

export interface HubOptions {
  /** SQLite file of the server's own data; ':memory:' for tests. */
  dbFile: string;
  now?: () => Date;
  /** How long an admin session lasts. Default 12 hours. */
  adminSessionMs?: number;
  /** PBKDF2 rounds of staff keys sealed under a PIN (pms/staff-keys.ts); tests pass fewer. */
  staffKeyRounds?: number;
  /** The hotel's time zone until the admin page sets one: its country's. Default Europe/Berlin. */
  defaultTimeZone?: string;
}

/** Writing "last seen" at most this often per device. */
const LAST_SEEN_EVERY_MS = 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export type Hub = ReturnType<typeof createHub>;

export function createHub(options: HubOptions) {
  const db: HubDb = openHubDb(options.dbFile);
  migrateDeviceRoles(db);
  const now = options.now ?? (() => new Date());
  const iso = () => now().toISOString();
  const adminSessionMs = options.adminSessionMs ?? 12 * 3_600_000;
  const tries = createWrongTries(db, () => now().getTime());
  const lastSeenWritten = new Map<string, number>();
  const audit = createAuditLog(db, now);
  const staff = createStaffRegistry(db, now, { keyRounds: options.staffKeyRounds });
  const outlets = createOutletRegistry(db, now);
  const closing = createDayClosing(db, outlets, now);
  const ledger = {
    ...createSaleRecorder({ db, staff, audit, now }),
    /** PMS outcomes of recorded sales, and a device's own records (ledger/sale-outcomes.ts). */
    outcomes: createSaleOutcomes(db, now),
    /** What the gateway's matching of PMS writes reads (ledger/write-matching.ts). */
    writes: createSaleLookup(db, now),
  };
  const receiptHeaders = createReceiptHeaders(db, () => outlets.list().map((outlet) => outlet.id));
  const timeZone = createHotelZone(db, options.defaultTimeZone ?? 'Europe/Berlin');

  const serverId = (() => {
    const row = db.prepare('SELECT value FROM hub_settings WHERE key = ?').get('server_id') as
      | { value: string }
      | undefined;
    if (row) return row.value;
    const id = randomBytes(4).toString('hex');
    db.prepare('INSERT INTO hub_settings (key, value) VALUES (?, ?)').run('server_id', id);
    return id;
  })();

  const selectDevice = db.prepare(
    `SELECT d.id, d.name, d.outlet, ${ROLE_COLUMN}, d.paired_at AS pairedAt, d.last_seen_at AS lastSeenAt,
            d.last_seen_address AS lastSeenAddress, d.revoked_at AS revokedAt
       FROM devices d ${ROLE_JOIN} WHERE d.token_hash = ?`,
  );
  const touchDevice = db.prepare('UPDATE devices SET last_seen_at = ?, last_seen_address = ? WHERE id = ?');

  return {
    /** Random per server, so two till servers on one host name keep apart cookies. */
    serverId,
    /** Who did what (staff/audit-log.ts). */
    audit,
    /** Wrong tries at secrets, kept across restarts (wrong-tries.ts). */
    tries,
    /** Staff, PINs, outlet policies and approvals (staff/staff-registry.ts). */
    staff,
    /** The hotel's outlets: names, drawers, limits (outlets.ts). */
    outlets,
    /** X and Z reports, drawer counts (ledger/closing/). */
    closing,
    /** The hub's database, for the modules that keep their own tables in it (ledger/, card-terminal/card-db.ts, printing/print-db.ts). */
    db,
    /** PMS writes' claims on approvals (staff/approvals.ts). */
    approvals: createApprovalClaims(db, now),
    /** The sales ledger: recording (ledger/record-sale.ts) and outcomes (ledger/sale-outcomes.ts). */
    ledger,
    /** The receipt header of the hotel and its outlets (receipt-header.ts). */
    receiptHeaders,
    /** The hotel's time zone, the zone of every time the server shows (hotel-zone.ts). */
    timeZone,
    /** The cookie that carries this server's device credential. */
    cookieName: `till_device_${serverId}`,

    /** A one-time code for one tablet of `outlet` (a till unless `role` says kitchen), valid for 10 minutes. */
    createPairingCode(request: { outlet: Outlet; name: string; role?: DeviceRole }): {
      code: string;
      expiresAt: Date;
    } {
      const outlet = outlets.get(request.outlet);
      if (!outlet) throw new HubError(400, 'invalid_outlet', 'unknown outlet', 'outlet');
      // The code fixes the tablet's name (issue 30), one no paired tablet or open code has yet.
      const wanted = request.name.trim().slice(0, 56) || `${outlet.name} tablet`;
      const taken = new Set(
        (
          db
            .prepare(
              `SELECT name FROM devices WHERE revoked_at IS NULL
               UNION SELECT device_name FROM pairing_codes WHERE used_at IS NULL AND expires_at > ?`,
            )
            .all(iso()) as { name: string }[]
        ).map((row) => row.name),
      );
      let name = wanted;
      for (let n = 2; taken.has(name); n += 1) name = `${wanted} ${n}`;
      let code = '';
      for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
      const expiresAt = new Date(now().getTime() + CODE_VALID_MS);
      db.prepare(
        `INSERT INTO pairing_codes (code_hash, outlet, device_name, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?)`,
      ).run(sha256(code), request.outlet, name, iso(), expiresAt.toISOString());
      rememberCodeRole(db, sha256(code), request.role ?? 'till');
      return { code, expiresAt };
    },

    /**
     * Pairs the tablet that typed `typedCode`: a new device and its credential (returned once).
     * @throws HubError 400 pairing_code_invalid, 410 pairing_code_expired / pairing_code_used,
     *   429 too_many_attempts (after too many wrong codes from this address or overall).
     */
    redeemPairingCode(
      typedCode: unknown,
      address: string,
      deviceName?: unknown,
    ): { device: Device; token: string } {
      const attempt = tries.begin('pairing', address, PAIRING_TRY_LIMIT);
      if (!attempt.allowed) {
        throw new HubError(
          429,
          'too_many_attempts',
          'too many wrong pairing codes; wait',
          'code',
          attempt.retryAfterMs,
        );
      }
      const code = typeof typedCode === 'string' ? normalisePairingCode(typedCode) : null;
      const row = code
        ? (db.prepare('SELECT * FROM pairing_codes WHERE code_hash = ?').get(sha256(code)) as
            | {
                code_hash: string;
                outlet: Outlet;
                device_name: string;
                expires_at: string;
                used_at: string | null;
              }
            | undefined)
        : undefined;
      if (!row) {
        throw new HubError(400, 'pairing_code_invalid', 'this is not a valid pairing code', 'code');
      }
      attempt.right(); // a code that exists: used or expired, it is not a guess to count
      if (row.used_at)
        throw new HubError(410, 'pairing_code_used', 'this pairing code was already used', 'code');
      if (Date.parse(row.expires_at) <= now().getTime()) {
        throw new HubError(410, 'pairing_code_expired', 'this pairing code has expired', 'code');
      }
      // The code fixes the name (issue 30): a tablet cannot name itself (`deviceName` is ignored).
      void deviceName;
      const name = row.device_name;
      const token = newToken();
      const device: Device = {
        id: randomUUID(),
        name,
        outlet: row.outlet,
        role: 'till',
        pairedAt: iso(),
        lastSeenAt: iso(),
        lastSeenAddress: address,
        revokedAt: null,
      };
      db.transaction(() => {
        db.prepare(
          `INSERT INTO devices (id, name, outlet, token_hash, paired_at, last_seen_at, last_seen_address)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          device.id,
          device.name,
          device.outlet,
          sha256(token),
          device.pairedAt,
          device.lastSeenAt,
          address,
        );
        db.prepare('UPDATE pairing_codes SET used_at = ?, device_id = ? WHERE code_hash = ?').run(
          iso(),
          device.id,
          row.code_hash,
        );
        device.role = giveDeviceRole(db, device.id, row.code_hash);
      })();
      audit.append({
        kind: 'device_paired',
        deviceId: device.id,
        deviceName: device.name,
        note: device.role === 'kitchen' ? `${device.outlet} (kitchen)` : device.outlet,
      });
      return { device, token };
    },

    /** The paired device a credential belongs to, or why it is refused. Notes when it was seen. */
    authenticate(
      token: string | undefined,
      address: string,
    ): { device: Device } | { refusal: DeviceRefusal } {
      if (!token) return { refusal: 'device_not_paired' };
      const device = selectDevice.get(sha256(token)) as Device | undefined;
      if (!device) return { refusal: 'device_not_paired' };
      if (device.revokedAt) return { refusal: 'device_revoked' };
      const at = now().getTime();
      if (at - (lastSeenWritten.get(device.id) ?? 0) >= LAST_SEEN_EVERY_MS) {
        lastSeenWritten.set(device.id, at);
        touchDevice.run(iso(), address, device.id);
      }
      return { device };
    },

    listDevices(): Device[] {
      return db
        .prepare(
          `SELECT d.id, d.name, d.outlet, ${ROLE_COLUMN}, d.paired_at AS pairedAt,
                  d.last_seen_at AS lastSeenAt, d.last_seen_address AS lastSeenAddress, d.revoked_at AS revokedAt
             FROM devices d ${ROLE_JOIN} ORDER BY d.revoked_at IS NOT NULL, d.paired_at DESC`,
        )
        .all() as Device[];
    },

    /** Revokes a device; false when there is no such (unrevoked) device. `by`: who did it, for the audit log. */
    revokeDevice(id: string, by?: { staffId: string | null; staffName: string }): boolean {
      const revoked =
        db.prepare('UPDATE devices SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(iso(), id)
          .changes === 1;
      if (revoked) {
        const name = (db.prepare('SELECT name FROM devices WHERE id = ?').get(id) as { name: string }).name;
        audit.append({ kind: 'device_revoked', deviceId: id, deviceName: name, ...by });
      }
      return revoked;
    },

    /** A new admin session's token (kept only as its hash); `staffId`: the manager who signed in. */
    createAdminSession(staffId: string | null = null): string {
      const token = newToken();
      const expires = new Date(now().getTime() + adminSessionMs).toISOString();
      db.prepare('DELETE FROM admin_sessions WHERE expires_at <= ?').run(iso());
      db.prepare(
        'INSERT INTO admin_sessions (token_hash, created_at, expires_at, staff_id) VALUES (?, ?, ?, ?)',
      ).run(sha256(token), iso(), expires, staffId);
      return token;
    },

    /** The manager an admin session belongs to; null for the admin key's sessions or none. */
    adminSessionStaff(token: string | undefined): string | null {
      if (!token) return null;
      const row = db
        .prepare('SELECT staff_id AS staffId FROM admin_sessions WHERE token_hash = ?')
        .get(sha256(token)) as { staffId: string | null } | undefined;
      return row?.staffId ?? null;
    },

    isAdminSession(token: string | undefined): boolean {
      if (!token) return false;
      // A manager's session ends with their role: disabled or made a waiter, they are out.
      const row = db
        .prepare(
          `SELECT s.expires_at, s.staff_id, st.role, st.disabled_at FROM admin_sessions s
             LEFT JOIN staff st ON st.id = s.staff_id WHERE s.token_hash = ?`,
        )
        .get(sha256(token)) as
        | { expires_at: string; staff_id: string | null; role: string | null; disabled_at: string | null }
        | undefined;
      if (!row || Date.parse(row.expires_at) <= now().getTime()) return false;
      return row.staff_id === null || (row.role === 'manager' && row.disabled_at === null);
    },

    endAdminSession(token: string | undefined): void {
      if (token) db.prepare('DELETE FROM admin_sessions WHERE token_hash = ?').run(sha256(token));
    },

    /** Throws unless the database takes a write (for /readyz: a full disk, a read-only file). */
    checkWritable(): void {
      db.prepare(
        `INSERT INTO hub_settings (key, value) VALUES ('ready_checked_at', ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      ).run(iso());
    },

    close(): void {
      db.close();
    },
  };
}

/** Compares a typed secret with the real one in constant time. */
export function sameSecret(typed: string, secret: string): boolean {
  const a = createHash('sha256').update(typed).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}
