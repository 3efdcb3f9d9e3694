// Wrong tries at a secret (pairing codes, admin sign-in), per caller address and overall, kept in
// the server's database so a restart does not clear them. A try is counted when it starts, before
// the slow check (scrypt), in one synchronous step: parallel requests cannot outrun the count. A
// right answer takes its try back. Addresses are counted per IPv4 address and per IPv6 /64.
import type { HubDb } from './hub-db.ts';

export interface TryLimit {
  /** Wrong tries one address may make per window. */
  perAddress: number;
  /** Wrong tries all callers together may make per window. */
  overall: number;
  windowMs: number;
  /**
   * With the overall limit reached, an address without a wrong try of its own in the window still
   * gets its tries (pairing: 100 wrong codes from elsewhere must not block a real tablet's code).
   */
  overallSparesCleanAddresses?: boolean;
}

/** 10 wrong tries per address and 100 overall per 10 minutes (docs/security.md). */
export const DEFAULT_TRY_LIMIT: TryLimit = { perAddress: 10, overall: 100, windowMs: 10 * 60_000 };

export type TryStart = { allowed: true; right(): void } | { allowed: false; retryAfterMs: number };

/** The address a try is counted under: IPv4 as it is (also IPv4-mapped IPv6), IPv6 by its /64. */
export function triesAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back]
    : front;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

export type WrongTries = ReturnType<typeof createWrongTries>;

export function createWrongTries(db: HubDb, now: () => number = Date.now) {
  const prune = db.prepare('DELETE FROM wrong_tries WHERE scope = ? AND at <= ?');
  const oldestMine = db.prepare(
    'SELECT COUNT(*) AS n, MIN(at) AS oldest FROM wrong_tries WHERE scope = ? AND address = ?',
  );
  const oldestAll = db.prepare('SELECT COUNT(*) AS n, MIN(at) AS oldest FROM wrong_tries WHERE scope = ?');
  const insert = db.prepare('INSERT INTO wrong_tries (scope, address, at) VALUES (?, ?, ?)');
  const remove = db.prepare('DELETE FROM wrong_tries WHERE rowid = ?');

  return {
    /**
     * Starts a try at `scope`'s secret from `address`: refused (with how long to wait) over the
     * limit, else counted as wrong until `right()` takes it back.
     * @example const attempt = tries.begin('admin_sign_in', address, DEFAULT_TRY_LIMIT);
     */
    begin(scope: string, address: string, limit: TryLimit): TryStart {
      const at = now();
      const key = triesAddress(address);
      return db.transaction((): TryStart => {
        prune.run(scope, at - limit.windowMs);
        const mine = oldestMine.get(scope, key) as { n: number; oldest: number | null };
        const all = oldestAll.get(scope) as { n: number; oldest: number | null };
        const overallApplies = !limit.overallSparesCleanAddresses || mine.n > 0;
        const blockedSince =
          mine.n >= limit.perAddress
            ? mine.oldest
            : overallApplies && all.n >= limit.overall
              ? all.oldest
              : null;
        if (blockedSince !== null) {
          return { allowed: false, retryAfterMs: Math.max(1, blockedSince + limit.windowMs - at) };
        }
        const rowid = insert.run(scope, key, at).lastInsertRowid;
        return { allowed: true, right: () => void remove.run(rowid) };
      })();
    },
  };
}
