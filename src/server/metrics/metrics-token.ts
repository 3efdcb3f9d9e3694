// The token a monitoring system sends to `/metrics` (`Authorization: Bearer <token>`), made on the
// admin page and shown there once. Only its SHA-256 is kept (hub_settings `metrics_token_sha256`),
// compared in constant time; without one, `/metrics` answers 401 to everybody.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { HubDb } from '../hub/hub-db.ts';

const KEY = 'metrics_token_sha256';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

export function createMetricsToken(db: HubDb) {
  const read = db.prepare('SELECT value FROM hub_settings WHERE key = ?').pluck();
  const write = db.prepare(
    'INSERT INTO hub_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare('DELETE FROM hub_settings WHERE key = ?');
  return {
    /** Whether a token is set. */
    isSet: (): boolean => read.get(KEY) !== undefined,
    /** Makes a new token (the old one stops working) and answers it: the only time it is seen. */
    renew(): string {
      const token = randomBytes(32).toString('base64url');
      write.run(KEY, sha256(token).toString('hex'));
      return token;
    },
    /** Turns `/metrics` off. */
    clear(): void {
      remove.run(KEY);
    },
    /** Whether `authorization` (the header's value) carries the token. */
    accepts(authorization: string | undefined): boolean {
      const stored = read.get(KEY) as string | undefined;
      const match = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(authorization ?? '');
      if (!stored || !match) return false;
      return timingSafeEqual(sha256(match[1]!), Buffer.from(stored, 'hex'));
    },
  };
}

export type MetricsToken = ReturnType<typeof createMetricsToken>;
