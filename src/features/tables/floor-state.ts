// The floor as a tablet's views show it (issue 31): the outlet's plan (read from the server, kept in
// localStorage for a reload offline), each table's state from this tablet's fold (its own operations
// at once, others' as the live channel brings them), whether the server answered last, and what
// changed while it did not.
import { type Accessor, createSignal } from 'solid-js';
import { type PlannedTables, readFloorPlan } from '../../pms/table-calls.ts';
import { kitchenByTable, type TableKitchen } from '../../shared/kitchen-cards.ts';
import { type Floor, type FloorLine, type TableState, tableSummary } from '../../shared/table-fold.ts';
import { DEFAULT_COURSES, type TableOpBody } from '../../shared/table-ops.ts';
import { type KeptTable, keepFloorPlan, keptFloorPlan } from '../../storage/floor-plan.ts';
import { refreshModifierGroups } from './modifiers.ts';
import { type ChangedMeanwhile, changedMeanwhile, createTableSync } from './table-sync.ts';

export interface ShownTable {
  tableId: string;
  name: string;
  /** Seats on the plan (0: a bar tab, or a plan kept without them). */
  seats: number;
  /** A bar tab (opened by name), not a table of the plan. */
  tab: boolean;
  /** The plan's area (its name) and place, column and row from 0 (none: a tab, or a plan kept without). */
  area: string;
  place: { x: number; y: number } | null;
  state: TableState;
  covers: number;
  waiter: string;
  amountCents: number;
  lastRoundAt: number | null;
  lines: FloorLine[];
  /** Held courses a waiter fired. */
  fired: number[];
  /** The kitchen's cards of the table's guests: cooking, and done (bumped) with their courses. */
  kitchen: TableKitchen;
}

const tabletFetch = (url: string, init: RequestInit) => fetch(url, init);
/** The plan's tables as kept: with their area's name and their place. */
const keptOf = ({ areas, tables }: PlannedTables): KeptTable[] =>
  tables.map(({ tableId, name, seats, areaId, x, y }) => ({
    tableId,
    name,
    seats,
    area: areas.find((area) => area.areaId === areaId)?.name ?? '',
    x,
    y,
  }));

/**
 * Reads the outlet's plan and keeps it (a tablet of an outlet with tables then opens on its floor).
 * @example await refreshFloorPlan(device.id);
 */
export async function refreshFloorPlan(deviceId: string): Promise<void> {
  try {
    keepFloorPlan(deviceId, keptOf(await readFloorPlan(tabletFetch, '')));
  } catch {
    // unreachable: the plan kept before stays
  }
}

/**
 * The floor of this tablet's outlet, followed live; `stop` ends it.
 * @example const floor = createFloorState(deviceId); onCleanup(floor.stop);
 */
export function createFloorState(deviceId: string) {
  const sync = createTableSync({ fetcher: tabletFetch, baseUrl: '', deviceId });
  const [plan, setPlan] = createSignal<KeptTable[]>(keptFloorPlan(deviceId));
  const [floor, setFloor] = createSignal<Floor | null>(null);
  const [online, setOnline] = createSignal(true);
  const [meanwhile, setMeanwhile] = createSignal<ChangedMeanwhile[]>([]);
  let away: Floor | null = null;

  const refresh = async () => {
    const next = await sync.floor();
    if (online() && away) {
      setMeanwhile(changedMeanwhile(away, next));
      away = null;
    }
    setFloor(next);
  };
  const readPlan = async () => {
    try {
      const tables = keptOf(await readFloorPlan(tabletFetch, ''));
      keepFloorPlan(deviceId, tables);
      setPlan(tables);
      setOnline(true);
    } catch {
      if (online()) away = floor();
      setOnline(false);
    }
  };
  const stopChanges = sync.onChange(() => void refresh());
  const stopFollowing = sync.follow();
  const check = setInterval(
    () =>
      void readPlan()
        .then(() => sync.sync())
        .then(refresh),
    5000,
  );
  void readPlan()
    .then(() => sync.sync())
    .then(refresh);
  void refreshModifierGroups(tabletFetch);

  const tables: Accessor<ShownTable[]> = () => {
    const folded = floor();
    if (!folded) return [];
    const named = plan();
    const tabs = [...folded.tables.values()].filter((table) => table.tabName && table.openedAt !== null);
    const kitchenOf = kitchenByTable(folded, DEFAULT_COURSES);
    return [
      ...named,
      ...tabs.map((tab) => ({ tableId: tab.tableId, name: tab.tabName, seats: 0, tab: true })),
    ].map(({ tableId, name, seats, tab, area, x, y }: KeptTable & { tab?: boolean }) => {
      const summary = tableSummary(folded, tableId, DEFAULT_COURSES);
      return {
        tableId,
        name,
        seats: seats ?? 0,
        tab: tab === true,
        area: area ?? '',
        place: x !== undefined && y !== undefined ? { x, y } : null,
        state: summary.state,
        covers: summary.table?.covers ?? 0,
        waiter: summary.table?.waiter ?? '',
        amountCents: summary.amountCents,
        lastRoundAt: summary.table?.lastRoundAt ?? null,
        lines: summary.lines,
        fired: summary.table?.fired ?? [],
        kitchen: kitchenOf(tableId),
      };
    });
  };

  return {
    tables,
    courses: DEFAULT_COURSES,
    online,
    meanwhile,
    conflicts: () => floor()?.conflicts ?? [],
    /** Records operations of the signed-in waiter: shown at once, sent when the server is there. */
    async record(bodies: readonly TableOpBody[], staffName: string): Promise<void> {
      await sync.record(bodies, staffName);
      try {
        const { waiting } = await sync.sync();
        if (waiting > 0 && online()) {
          away = floor();
          setOnline(false);
        } else if (waiting === 0 && !online()) setOnline(true);
      } finally {
        await refresh();
      }
    },
    stop() {
      stopChanges();
      stopFollowing();
      clearInterval(check);
    },
  };
}

export type FloorState = ReturnType<typeof createFloorState>;
