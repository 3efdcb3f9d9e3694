// The hotel's modifier groups on the till server (shared/modifier-groups.ts): kept in the server's
// database (modifier_groups, one row per group, in the admin page's order), read by paired tablets
// and replaced one group at a time by a manager on the admin page (modifier-admin.ts).
import { groupProblem, type ModifierGroup } from '../../shared/modifier-groups.ts';
import type { HubDb } from '../hub/hub-db.ts';
import { migrateTableTables } from './table-db.ts';
import { TableError } from './table-errors.ts';

export function createModifierStore(db: HubDb, onSaved: (groupId: string) => void = () => {}) {
  migrateTableTables(db);
  const all = db.prepare('SELECT body FROM modifier_groups ORDER BY position, group_id');
  const nextPosition = db.prepare('SELECT COALESCE(MAX(position), 0) + 1 AS position FROM modifier_groups');
  const upsert = db.prepare(
    `INSERT INTO modifier_groups (group_id, position, body) VALUES (?, ?, ?)
     ON CONFLICT (group_id) DO UPDATE SET body = excluded.body`,
  );
  const remove = db.prepare('DELETE FROM modifier_groups WHERE group_id = ?');
  return {
    list(): ModifierGroup[] {
      return (all.all() as { body: string }[]).map((row) => JSON.parse(row.body) as ModifierGroup);
    },
    /**
     * Saves `group` (a new one goes last).
     * @throws TableError 400 modifiers_invalid naming the field
     */
    save(group: ModifierGroup): void {
      const problem = groupProblem(group);
      if (problem) throw new TableError(400, 'modifiers_invalid', problem.message, problem.field);
      upsert.run(group.groupId, (nextPosition.get() as { position: number }).position, JSON.stringify(group));
      onSaved(group.groupId);
    },
    remove(groupId: string): boolean {
      return remove.run(groupId).changes === 1;
    },
  };
}

export type ModifierStore = ReturnType<typeof createModifierStore>;
