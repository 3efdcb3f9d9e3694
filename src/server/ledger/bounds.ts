// Each outlet's limits on what one record may carry without a manager (a sale's total, a line's
// total, a tip as a share of the sale and as an amount, a drawer's opening float), their defaults
// for a hotel bar, and the ceilings no setting may pass (the wire's MAX_RECORD_CENTS). Rules:
// docs/ledger.md, "Bounds". `outlet_limits` (settings, made here if missing) keeps what a manager set.
import { type LedgerRecord, MAX_RECORD_CENTS } from '../../pms/ledger-wire.ts';
import { lineGross } from '../../shared/vat.ts';
import type { HubDb } from '../hub/hub-db.ts';

export interface OutletLimits {
  /** A record's total (sale, room charge, refund...) above this needs a manager. */
  saleLimitCents: number;
  /** One line's total (price × quantity) above this needs a manager. */
  lineLimitCents: number;
  /** A tip above this share of the sale (percent; and above TIP_SHARE_FLOOR_CENTS) needs a manager. */
  tipLimitPercent: number;
  /** A tip above this amount needs a manager. */
  tipLimitCents: number;
  /** A drawer's opening float above this needs a manager. */
  floatLimitCents: number;
}

/** Defaults that fit a hotel bar (ours): 2,000.00 a sale, 1,000.00 a line, tips up to 50 % or
 * 100.00, a float up to 1,000.00. */
export const DEFAULT_LIMITS: OutletLimits = {
  saleLimitCents: 200_000,
  lineLimitCents: 100_000,
  tipLimitPercent: 50,
  tipLimitCents: 10_000,
  floatLimitCents: 100_000,
};

/** A tip of at most this is never held to the share (a coffee rounded up). */
export const TIP_SHARE_FLOOR_CENTS = 500;

/** One limit a record passes: the field, its amount, and the outlet's limit. */
export interface Breach {
  field: string;
  amountCents: number;
  limitCents: number;
  text: string;
}

const euros = (cents: number) => (cents / 100).toFixed(2);

/**
 * The outlet limits `record` passes (none: it needs no manager for its size). Pure.
 * @example limitsBreached(record, DEFAULT_LIMITS)[0]?.field === 'totalCents'
 */
export function limitsBreached(record: LedgerRecord, limits: OutletLimits): Breach[] {
  const breaches: Breach[] = [];
  const over = (field: string, amountCents: number, limitCents: number, what: string) => {
    if (amountCents > limitCents)
      breaches.push({
        field,
        amountCents,
        limitCents,
        text: `${what} ${euros(amountCents)} is above the outlet's limit of ${euros(limitCents)}`,
      });
  };
  over('totalCents', Math.abs(record.totalCents), limits.saleLimitCents, 'the total');
  for (const [index, line] of record.lines.entries())
    over(`lines.${index}`, Math.abs(lineGross(line)), limits.lineLimitCents, `line ${index + 1}`);
  record.payments.forEach((payment, index) => {
    const tip = payment.tipCents ?? 0;
    if (tip <= 0) return;
    const share = Math.floor((Math.abs(record.totalCents) * limits.tipLimitPercent) / 100);
    over(`payments.${index}.tipCents`, tip, limits.tipLimitCents, 'the tip');
    if (tip <= limits.tipLimitCents)
      over(`payments.${index}.tipCents`, tip, Math.max(share, TIP_SHARE_FLOOR_CENTS), 'the tip');
  });
  if (record.kind === 'shift-open' && record.shift?.floatCents !== undefined)
    over('shift.floatCents', record.shift.floatCents, limits.floatLimitCents, 'the float');
  return breaches;
}

/** Why a setting was refused, naming the field. */
export class LimitsError extends Error {
  constructor(
    readonly field: keyof OutletLimits,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'LimitsError';
  }
}

/** Checks `limits` against the ceilings. @throws LimitsError naming the first field that is wrong */
export function checkLimits(limits: OutletLimits): OutletLimits {
  for (const field of ['saleLimitCents', 'lineLimitCents', 'tipLimitCents', 'floatLimitCents'] as const) {
    const value = limits[field];
    if (!Number.isInteger(value) || value < 0 || value > MAX_RECORD_CENTS)
      throw new LimitsError(field, `must be whole cents from 0 to ${MAX_RECORD_CENTS}`);
  }
  const percent = limits.tipLimitPercent;
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new LimitsError('tipLimitPercent', 'must be a whole percent from 0 to 100');
  return limits;
}

/** The outlets' limits as set (the table made here if missing), defaults where none is. */
export function createOutletLimits(db: HubDb) {
  db.exec(`CREATE TABLE IF NOT EXISTS outlet_limits (outlet TEXT PRIMARY KEY, limits TEXT NOT NULL) STRICT`);
  const select = db.prepare('SELECT limits FROM outlet_limits WHERE outlet = ?');
  const upsert = db.prepare(
    `INSERT INTO outlet_limits (outlet, limits) VALUES (?, ?)
     ON CONFLICT (outlet) DO UPDATE SET limits = excluded.limits`,
  );
  return {
    /** The limits of `outlet`. */
    of(outlet: string): OutletLimits {
      const row = select.get(outlet) as { limits: string } | undefined;
      return { ...DEFAULT_LIMITS, ...(row ? (JSON.parse(row.limits) as Partial<OutletLimits>) : {}) };
    },
    /** Sets `outlet`'s limits. @throws LimitsError beyond a ceiling */
    set(outlet: string, limits: OutletLimits): OutletLimits {
      const checked = checkLimits({ ...DEFAULT_LIMITS, ...limits });
      upsert.run(outlet, JSON.stringify(checked));
      return checked;
    },
  };
}

export type OutletLimitsStore = ReturnType<typeof createOutletLimits>;
