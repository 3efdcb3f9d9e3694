// The server's check that an `add_line` does not skip a required modifier group (issue 31), so a
// paired tablet sending operations directly cannot do what the table screen forbids. Owns when each
// group was last saved and when each device read the groups (its own tables, created here), and the
// rule for a tablet that was offline: an operation is judged only by the groups the device had read
// before it made it (docs/tables.md, "Modifier groups: the server's check").
import * as v from 'valibot';
import type { TableOpsRequest } from '../../pms/table-calls.ts';
import { Responses } from '../../pms/wire.ts';
import { groupsOfProduct, type ModifierGroup } from '../../shared/modifier-groups.ts';
import { PRODUCTS_PATH } from '../catalogue/index.ts';
import type { HubDb } from '../hub/hub-db.ts';
import { TableError } from './table-errors.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS modifier_group_saves (
  group_id TEXT PRIMARY KEY,
  saved_at TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS modifier_reads (
  device_id TEXT NOT NULL,
  read_at TEXT NOT NULL,
  PRIMARY KEY (device_id, read_at)
) STRICT;`;

/** Groups saved before this check existed count as saved at the epoch: every tablet could know them. */
const LONG_AGO = '1970-01-01T00:00:00.000Z';
/** How long the server trusts its read of the PMS's article numbers (groups may name K-310). */
const ARTICLE_NUMBERS_MAX_AGE_MS = 60_000;

export function createModifierCheck(options: {
  db: HubDb;
  now?: () => Date;
  /** The server's read of a PMS path (the gateway's), for article numbers; none: PMS ids only. */
  read?: (path: string) => Promise<{ status: number; json: unknown }>;
}) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  db.exec(SCHEMA);
  const saved = db.prepare(
    `INSERT INTO modifier_group_saves (group_id, saved_at) VALUES (?, ?)
     ON CONFLICT (group_id) DO UPDATE SET saved_at = excluded.saved_at`,
  );
  const savedAtOf = db.prepare('SELECT saved_at AS savedAt FROM modifier_group_saves WHERE group_id = ?');
  const latestSave = db.prepare('SELECT MAX(saved_at) AS savedAt FROM modifier_group_saves');
  const latestRead = db.prepare('SELECT MAX(read_at) AS readAt FROM modifier_reads WHERE device_id = ?');
  const insertRead = db.prepare('INSERT OR IGNORE INTO modifier_reads (device_id, read_at) VALUES (?, ?)');
  const readBefore = db.prepare(
    'SELECT MAX(read_at) AS readAt FROM modifier_reads WHERE device_id = ? AND read_at <= ?',
  );
  const firstRead = db.prepare('SELECT MIN(read_at) AS readAt FROM modifier_reads WHERE device_id = ?');
  let numbers: { at: number; byId: Map<string, string> } | undefined;

  /** PMS id -> article number, as last read (kept on a failed read; empty before the first). */
  async function articleNumbers(): Promise<Map<string, string>> {
    if (!options.read) return new Map();
    if (numbers && now().getTime() - numbers.at < ARTICLE_NUMBERS_MAX_AGE_MS) return numbers.byId;
    // A failed read keeps the numbers last read (a group naming a PMS id is checked regardless) and
    // is tried again only after the same wait, so no batch waits on a PMS that does not answer.
    let byId = numbers?.byId ?? new Map<string, string>();
    try {
      const answer = await options.read(PRODUCTS_PATH);
      const parsed = v.safeParse(Responses.productsAvailable, answer.json);
      if (parsed.success)
        byId = new Map(parsed.output.data.map((product) => [String(product.id), product.number]));
    } catch {
      // the PMS is out
    }
    numbers = { at: now().getTime(), byId };
    return byId;
  }

  /** When the device could have learnt the groups it judged `at` (its clock) by. */
  function knownAt(deviceId: string, at: number): string {
    const iso = Number.isFinite(at) ? new Date(at).toISOString() : now().toISOString();
    const before = (readBefore.get(deviceId, iso) as { readAt: string | null }).readAt;
    if (before) return before;
    // Made before its first read (a forged old clock, or the first seconds after pairing): judged as
    // at that read; a device that never read is judged by the groups now.
    return (firstRead.get(deviceId) as { readAt: string | null }).readAt ?? now().toISOString();
  }

  return {
    /** A manager saved the group (modifier-store.ts): tablets learn it at their next read. */
    noteSaved(groupId: string): void {
      saved.run(groupId, now().toISOString());
    },

    /** The device read the groups (GET /till/tables/modifiers): kept when a group changed since its last read. */
    noteRead(deviceId: string): void {
      const last = (latestRead.get(deviceId) as { readAt: string | null }).readAt;
      const change = (latestSave.get() as { savedAt: string | null }).savedAt ?? LONG_AGO;
      if (!last || last < change) insertRead.run(deviceId, now().toISOString());
    },

    /**
     * Refuses the batch when a new `add_line` skips a required group its tablet knew of.
     * @throws TableError 400 modifier_required, field `ops.N.body.line.modifiers`, naming the group
     */
    async check(
      deviceId: string,
      ops: TableOpsRequest['ops'],
      groups: readonly ModifierGroup[],
      fresh: ReadonlySet<string>,
    ): Promise<void> {
      const required = groups.filter((group) => group.required && group.minChoices > 0);
      const adds = ops
        .map((op, index) => ({ op, index }))
        .filter(({ op }) => op.body.kind === 'add_line' && fresh.has(op.opId));
      if (required.length === 0 || adds.length === 0) return;
      const byNumber = required.some((group) => group.productIds.some((id) => !/^\d+$/.test(id)));
      const numberOf = byNumber ? await articleNumbers() : new Map<string, string>();
      for (const { op, index } of adds) {
        if (op.body.kind !== 'add_line') continue;
        const { line } = op.body;
        const known = knownAt(deviceId, op.at);
        const asked = groupsOfProduct(required, line.productId, numberOf.get(line.productId) ?? '');
        for (const group of asked) {
          const savedAt =
            (savedAtOf.get(group.groupId) as { savedAt: string } | undefined)?.savedAt ?? LONG_AGO;
          if (savedAt > known) continue; // changed after the tablet last read: it could not know
          const names = new Set(group.options.map((option) => option.name));
          const chosen = line.modifiers.filter((modifier) => names.has(modifier.name)).length;
          if (chosen < group.minChoices)
            throw new TableError(
              400,
              'modifier_required',
              `${line.name}: choose ${group.name} (group ${group.groupId}, at least ${group.minChoices})`,
              `ops.${index}.body.line.modifiers`,
            );
        }
      }
    },
  };
}

export type ModifierCheck = ReturnType<typeof createModifierCheck>;
