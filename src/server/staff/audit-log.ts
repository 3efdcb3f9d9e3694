// The audit log: who did what, on which device, approved by whom. Owns appending (each event once,
// by its id: a tablet's resend of a report is not a second row), reading with filters for the admin
// page, and the CSV export. Rows are never deleted, nor changed but for one thing: an event that can
// come in a flood (wrong sign-ins) is one row per kind, address and minute whose `count` grows
// (`appendCounted`; triggers in hub-db.ts refuse anything else). Every new row is also a log line.
import { randomUUID } from 'node:crypto';
import { serverLog } from '../../node-http/log.ts';
import { hotelDayStart, hotelIsoTime } from '../clock/hotel-clock.ts';
import type { HubDb } from '../hub/hub-db.ts';

/** What the server itself records, besides what tablets report (pms/staff-calls.ts). */
export const SERVER_AUDIT_KINDS = [
  'device_paired',
  'device_revoked',
  'staff_added',
  'staff_disabled',
  'staff_enabled',
  'staff_pin_reset',
  'policy_changed',
  'receipt_header_changed',
  'time_zone_changed',
  'admin_sign_in',
  'admin_sign_in_failed',
  'approval_refused',
  /** An admin sign-in refused unchecked: too many wrong tries from that address, or overall. */
  'admin_sign_in_refused',
  'admin_password_set',
  /** A write of a part of a split bill priced below the catalogue beyond the discount limit (write-approvals.ts). */
  'split_below_catalogue',
  /** A sale made without the till server, priced below its catalogue or above the outlet's limits
   * without approval: recorded for review (ledger/deviations.ts). */
  'ledger_deviation',
  /** A drawer counted (ledger/closing/): subject outlet/drawer, amount the over (+) or short (-). */
  'cash_counted',
  /** A drawer's opening float corrected on the admin page: subject outlet/drawer, amount the new float. */
  'float_corrected',
  /** A Z closed the hotel's day: subject `Z <number>`, amount the day's gross. */
  'day_closed',
  'outlet_added',
  'outlet_changed',
  /** A record stored in the sales ledger (ledger/record-sale.ts), with the managers who approved it. */
  'sale_recorded',
  /** An approval a record used, one row each: "discount approved by Anna". */
  'approval_used',
  /** A write the PMS took through the gateway, with the recorded sale it belongs to. */
  'pms_write',
  /** A PMS write refused because it does not match a recorded sale (ledger/write-matching.ts). */
  'pms_write_refused',
  /** The fiscal admin screens (admin/fiscal-routes.ts). */
  'fiscal_country_changed',
  'tse_set_up',
  'fiscal_start_of_use',
  'fiscal_business_changed',
  /** The till taken out of service with its TSE (fiscal/de/germany.ts decommission). */
  'fiscal_decommissioned',
  /** The test TSE's records archived at a start with a fiskaly account (fiscal-switch.ts). */
  'fiscal_test_archived',
  /** A card payment reversed or refunded on the terminal, with a manager's approval (card-terminal/). */
  'card_reversed',
  'card_refunded',
  'terminal_added',
  'terminal_removed',
  /** Printers set up on the admin page, and print jobs a person gave up (printing/). */
  'printer_added',
  'printer_changed',
  'printer_removed',
  'print_job_given_up',
  'print_job_sent_again',
  /** The /metrics token made anew or removed on the admin page (admin/monitoring-admin.ts). */
  'metrics_token_made',
  'metrics_token_removed',
] as const;

export interface AuditEntry {
  /** Unique per event; a second append with the same id is ignored. Default: a new UUID. */
  eventId?: string;
  kind: string;
  /** When it happened (on the tablet); default now. */
  at?: string;
  staffId?: string | null;
  staffName?: string | null;
  deviceId?: string | null;
  deviceName?: string | null;
  /** The approving manager's name. */
  approvedBy?: string | null;
  subject?: string | null;
  amountCents?: number | null;
  note?: string | null;
}

export interface AuditRow extends Required<Omit<AuditEntry, 'eventId'>> {
  seq: number;
  /** How many events the row stands for (more than 1 only for `appendCounted` rows). */
  count: number;
  eventId: string;
  recordedAt: string;
}

export interface AuditFilter {
  kind?: string;
  staff?: string;
  device?: string;
  /** ISO date or time; inclusive. */
  from?: string;
  /** ISO date or time; a bare date means to the end of that day. */
  to?: string;
  limit?: number;
}

const COLUMNS = `seq, event_id AS eventId, at, recorded_at AS recordedAt, kind, staff_id AS staffId,
  staff_name AS staffName, device_id AS deviceId, device_name AS deviceName, approved_by AS approvedBy,
  subject, amount_cents AS amountCents, note, count`;

/** A counted row stands for the events of one minute. */
const COUNT_WINDOW_MS = 60_000;

export type AuditLog = ReturnType<typeof createAuditLog>;

export function createAuditLog(db: HubDb, now: () => Date) {
  const insert = db.prepare(
    `INSERT INTO audit_log (event_id, at, recorded_at, kind, staff_id, staff_name, device_id, device_name,
       approved_by, subject, amount_cents, note)
     VALUES (@eventId, @at, @recordedAt, @kind, @staffId, @staffName, @deviceId, @deviceName,
       @approvedBy, @subject, @amountCents, @note)
     ON CONFLICT (event_id) DO NOTHING`,
  );

  const countedInsert = db.prepare(
    `INSERT INTO audit_log (event_id, at, recorded_at, kind, staff_id, staff_name, device_id, device_name,
       approved_by, subject, amount_cents, note)
     VALUES (@eventId, @at, @recordedAt, @kind, @staffId, @staffName, @deviceId, @deviceName,
       @approvedBy, @subject, @amountCents, @note)
     ON CONFLICT (event_id) DO UPDATE SET count = count + 1
     RETURNING count`,
  );

  /** What an entry says, as a row's columns (absent: null). */
  const describedBy = (entry: Omit<AuditEntry, 'eventId' | 'at'>) => ({
    kind: entry.kind,
    staffId: entry.staffId ?? null,
    staffName: entry.staffName ?? null,
    deviceId: entry.deviceId ?? null,
    deviceName: entry.deviceName ?? null,
    approvedBy: entry.approvedBy ?? null,
    subject: entry.subject ?? null,
    amountCents: entry.amountCents ?? null,
    note: entry.note ?? null,
  });

  return {
    /** Appends an event; false when an event with this id is already on record. */
    append(entry: AuditEntry): boolean {
      const recordedAt = now().toISOString();
      const row = {
        eventId: entry.eventId ?? randomUUID(),
        at: entry.at ?? recordedAt,
        recordedAt,
        ...describedBy(entry),
      };
      const added = insert.run(row).changes === 1;
      if (added) serverLog().info({ audit: row }, `audit ${row.kind}`);
      return added;
    },

    /**
     * Records an event that can come in a flood: the first of its kind from `source` (an address)
     * in a minute is a row, the others of that minute add to its count. So a flood of wrong
     * sign-ins costs one row per address and minute.
     */
    appendCounted(entry: Omit<AuditEntry, 'eventId' | 'at'>, source: string): void {
      const at = now();
      const minute = Math.floor(at.getTime() / COUNT_WINDOW_MS);
      const row = {
        eventId: `counted:${entry.kind}:${source}:${minute}`,
        at: new Date(minute * COUNT_WINDOW_MS).toISOString(),
        recordedAt: at.toISOString(),
        ...describedBy(entry),
      };
      const { count } = countedInsert.get(row) as { count: number };
      if (count === 1) serverLog().info({ audit: row }, `audit ${row.kind}`);
    },

    /** Rows matching `filter`, newest first (at most `limit`, default 500). */
    list(filter: AuditFilter = {}): AuditRow[] {
      const where: string[] = [];
      const params: unknown[] = [];
      if (filter.kind) {
        where.push('kind = ?');
        params.push(filter.kind);
      }
      if (filter.staff) {
        where.push('(staff_name LIKE ? OR staff_id = ? OR approved_by LIKE ?)');
        params.push(`%${filter.staff}%`, filter.staff, `%${filter.staff}%`);
      }
      if (filter.device) {
        where.push('(device_name LIKE ? OR device_id = ?)');
        params.push(`%${filter.device}%`, filter.device);
      }
      if (filter.from) {
        where.push('at >= ?');
        params.push(
          /^\d{4}-\d{2}-\d{2}$/.test(filter.from) ? hotelDayStart(filter.from).toISOString() : filter.from,
        );
      }
      if (filter.to) {
        where.push('at <= ?');
        // A bare date: to the end of the hotel's day (the last ms before the next day begins).
        const nextDay = (day: string) =>
          new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        params.push(
          /^\d{4}-\d{2}-\d{2}$/.test(filter.to)
            ? new Date(hotelDayStart(nextDay(filter.to)).getTime() - 1).toISOString()
            : filter.to,
        );
      }
      const limit = Math.min(Math.max(filter.limit ?? 500, 1), 100_000);
      return db
        .prepare(
          `SELECT ${COLUMNS} FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
           ORDER BY at DESC, seq DESC LIMIT ${limit}`,
        )
        .all(...params) as AuditRow[];
    },

    /** How many failed PIN tries each device reported, for the admin page. */
    failedPinsByDevice(): { deviceName: string | null; deviceId: string | null; count: number }[] {
      return db
        .prepare(
          `SELECT device_name AS deviceName, device_id AS deviceId, COUNT(*) AS count
             FROM audit_log WHERE kind = 'pin_failed' GROUP BY device_id ORDER BY count DESC`,
        )
        .all() as { deviceName: string | null; deviceId: string | null; count: number }[];
    },
  };
}

const CSV_FIELDS = [
  'seq',
  'at',
  'recordedAt',
  'kind',
  'staffName',
  'staffId',
  'deviceName',
  'deviceId',
  'approvedBy',
  'subject',
  'amountCents',
  'note',
  'count',
] as const;

/** RFC 4180 CSV of audit rows, oldest first; a cell a spreadsheet would run as a formula is quoted with a leading '. */
export function auditCsv(rows: readonly AuditRow[]): string {
  const cell = (value: unknown) => {
    let text = value === null || value === undefined ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [CSV_FIELDS.join(',')];
  // Times on the hotel's clock with their offset (clock/hotel-clock.ts).
  const value = (field: (typeof CSV_FIELDS)[number], v: unknown) =>
    v && (field === 'at' || field === 'recordedAt') ? hotelIsoTime(String(v)) : v;
  for (const row of [...rows].reverse())
    lines.push(CSV_FIELDS.map((field) => cell(value(field, row[field]))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
