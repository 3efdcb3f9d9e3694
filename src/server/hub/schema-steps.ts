// Schema steps kept apart from hub-db.ts's migration list: a feature's own tables in the hub's
// database, each feature counting the steps it applied under its own key in `hub_settings`.
import type { HubDb } from './hub-db.ts';

/**
 * Applies the steps of `steps` not yet applied (as counted under `key`), in one transaction; safe
 * on every start.
 * @example applySchemaSteps(db, 'tables_schema', STEPS);
 */
export function applySchemaSteps(db: HubDb, key: string, steps: readonly string[]): void {
  db.transaction(() => {
    const row = db.prepare('SELECT value FROM hub_settings WHERE key = ?').get(key) as
      | { value: string }
      | undefined;
    const done = row ? Number(row.value) : 0;
    for (let step = done; step < steps.length; step += 1) db.exec(steps[step]!);
    if (done !== steps.length)
      db.prepare(
        `INSERT INTO hub_settings (key, value) VALUES (?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      ).run(key, String(steps.length));
  })();
}
