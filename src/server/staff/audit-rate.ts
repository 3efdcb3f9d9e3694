// How many audit events one tablet may report a minute (issue 30: one tablet wrote 221 rows a
// second). Counted per device in memory, per clock minute; beyond the limit the report is refused
// 429 `audit_rate` with Retry-After, and the tablet keeps its events and sends them again later.
import { ApiError } from '../../node-http/errors.ts';

/** Events a tablet reports in one minute at most (ours: a busy bar logs a few a minute). */
export const AUDIT_EVENTS_PER_MINUTE = 600;

export function createAuditRate(now: () => number = Date.now, limit = AUDIT_EVENTS_PER_MINUTE) {
  const counts = new Map<string, { minute: number; events: number }>();
  return {
    /** Counts `events` for `deviceId`. @throws ApiError 429 `audit_rate` beyond the limit (nothing counted) */
    take(deviceId: string, events: number): void {
      const minute = Math.floor(now() / 60_000);
      const seen = counts.get(deviceId);
      const used = seen?.minute === minute ? seen.events : 0;
      if (used + events > limit) {
        const retryAfter = Math.max(1, Math.ceil(((minute + 1) * 60_000 - now()) / 1000));
        throw new ApiError(
          429,
          `at most ${limit} audit events a minute from one tablet`,
          'events',
          'audit_rate',
          retryAfter,
        );
      }
      if (counts.size > 10_000 && !seen) counts.clear();
      counts.set(deviceId, { minute, events: used + events });
    },
  };
}
