// The hotel's outlets as data (table `outlets`, seeded with bar, restaurant and minibar): each has
// an id (fixed once made: devices, policies and ledger records name it), a name, its cash drawers,
// the cash-count difference above which a manager must approve, and how many days tablets keep
// confirmed sales. Set on the admin page; refusals are OutletError with the field named.
import { OUTLET_ID_PATTERN } from '../../pms/device-calls.ts';
import type { HubDb } from './hub-db.ts';

export interface OutletInfo {
  id: string;
  name: string;
  /** The outlet's cash drawers by name (at least one). */
  drawers: string[];
  /** A drawer counted over or short by more than this needs a manager's approval. */
  cashDifferenceLimitCents: number;
  /** Days a tablet keeps a confirmed sale after the Z that closed its day. */
  retentionDays: number;
}

export class OutletError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly code: string,
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'OutletError';
  }
}

const MAX_OUTLETS = 50;
const MAX_DRAWERS = 10;

export type OutletRegistry = ReturnType<typeof createOutletRegistry>;

export function createOutletRegistry(db: HubDb, now: () => Date) {
  const select = `SELECT id, name, drawers, cash_difference_limit_cents AS cashDifferenceLimitCents,
    retention_days AS retentionDays FROM outlets`;
  const fromRow = (row: Omit<OutletInfo, 'drawers'> & { drawers: string }): OutletInfo => ({
    ...row,
    drawers: JSON.parse(row.drawers) as string[],
  });

  function checked(input: {
    name: unknown;
    drawers: unknown;
    cashDifferenceLimitCents: unknown;
    retentionDays: unknown;
  }) {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name || name.length > 60)
      throw new OutletError(400, 'outlet_invalid', 'give a name of 1 to 60 characters', 'name');
    const list = Array.isArray(input.drawers) ? input.drawers : String(input.drawers ?? '').split(',');
    const drawers = [...new Set(list.map((drawer) => String(drawer).trim()).filter(Boolean))];
    if (drawers.length === 0 || drawers.length > MAX_DRAWERS || drawers.some((d) => d.length > 60))
      throw new OutletError(
        400,
        'outlet_invalid',
        `name 1 to ${MAX_DRAWERS} drawers (comma-separated, 60 characters each)`,
        'drawers',
      );
    const limit = input.cashDifferenceLimitCents;
    if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0)
      throw new OutletError(
        400,
        'outlet_invalid',
        'the cash difference limit is an amount of 0 or more',
        'cashDifferenceLimit',
      );
    const days = input.retentionDays;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > 3650)
      throw new OutletError(400, 'outlet_invalid', 'keep sales 1 to 3650 days', 'retentionDays');
    return { name, drawers, limit, days };
  }

  const registry = {
    list(): OutletInfo[] {
      return (db.prepare(`${select} ORDER BY position, id`).all() as Parameters<typeof fromRow>[0][]).map(
        fromRow,
      );
    },

    get(id: string): OutletInfo | undefined {
      const row = db.prepare(`${select} WHERE id = ?`).get(id) as Parameters<typeof fromRow>[0] | undefined;
      return row ? fromRow(row) : undefined;
    },

    exists(id: unknown): id is string {
      return typeof id === 'string' && !!db.prepare('SELECT 1 FROM outlets WHERE id = ?').get(id);
    },

    /** @throws OutletError 400 naming the field, 409 outlet_taken */
    add(input: Parameters<typeof checked>[0] & { id: unknown }): OutletInfo {
      const id = typeof input.id === 'string' ? input.id.trim().toLowerCase() : '';
      if (!OUTLET_ID_PATTERN.test(id))
        throw new OutletError(
          400,
          'outlet_invalid',
          'the id is lower-case letters, digits and dashes, starting with a letter (e.g. pool-bar)',
          'id',
        );
      const { name, drawers, limit, days } = checked(input);
      if (registry.exists(id)) throw new OutletError(409, 'outlet_taken', 'that outlet exists already', 'id');
      const count = (db.prepare('SELECT COUNT(*) AS n, MAX(position) AS last FROM outlets').get() as {
        n: number;
        last: number | null;
      }) ?? { n: 0, last: 0 };
      if (count.n >= MAX_OUTLETS)
        throw new OutletError(409, 'outlet_limit', `at most ${MAX_OUTLETS} outlets`, 'id');
      db.prepare(
        `INSERT INTO outlets (id, name, drawers, cash_difference_limit_cents, retention_days, position, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(id, name, JSON.stringify(drawers), limit, days, (count.last ?? 0) + 1, now().toISOString());
      return registry.get(id)!;
    },

    /** @throws OutletError 404 outlet_unknown, 400 naming the field */
    update(id: string, input: Parameters<typeof checked>[0]): OutletInfo {
      if (!registry.exists(id)) throw new OutletError(404, 'outlet_unknown', 'no such outlet', 'id');
      const { name, drawers, limit, days } = checked(input);
      db.prepare(
        `UPDATE outlets SET name = ?, drawers = ?, cash_difference_limit_cents = ?, retention_days = ?
          WHERE id = ?`,
      ).run(name, JSON.stringify(drawers), limit, days, id);
      return registry.get(id)!;
    },
  };
  return registry;
}
