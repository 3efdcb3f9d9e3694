// What a tablet's floor shows, built from the outlet's fold and plan: every table of the plan and
// every open bar tab with its state (free, open, ordered, course waiting, bill asked), waiter, covers,
// amount at the tablets' prices and time of the last round, the lines still on a table, its rounds
// and the conflicts the merge rules reported. The wire shape of GET /till/tables/floor.

import type { FloorPlanArea } from '../../pms/table-calls.ts';
import {
  type Floor,
  type FloorLine,
  type FloorRound,
  owingOf,
  tableSummary,
} from '../../shared/table-fold.ts';
import type { Course } from '../../shared/table-ops.ts';

export function floorView(floor: Floor, plan: FloorPlanArea[], courses: readonly Course[], revision: number) {
  const planned = plan.flatMap((area) => area.tables.map((table) => ({ ...table, areaId: area.areaId })));
  const tabs = [...floor.tables.values()].filter((table) => table.tabName && table.openedAt !== null);
  const lines: FloorLine[] = [];
  const rounds: FloorRound[] = [];
  const summarise = (tableId: string) => {
    const summary = tableSummary(floor, tableId, courses);
    lines.push(...summary.lines);
    for (const roundId of summary.table?.roundIds ?? []) rounds.push(floor.rounds.get(roundId)!);
    const table = summary.table;
    return {
      state: summary.state,
      amountCents: summary.amountCents,
      covers: table?.covers ?? 0,
      waiter: table?.waiter ?? '',
      note: table?.note ?? '',
      openedAt: table?.openedAt ?? null,
      lastRoundAt: table?.lastRoundAt ?? null,
      fired: table?.fired ?? [],
    };
  };
  return {
    revision,
    courses,
    areas: plan.map(({ areaId, name }) => ({ areaId, name })),
    tables: [
      ...planned.map((table) => ({ ...table, tabName: '', ...summarise(table.tableId) })),
      ...tabs.map((tab) => ({
        tableId: tab.tableId,
        name: tab.tabName,
        areaId: null,
        seats: 0,
        x: 0,
        y: 0,
        tabName: tab.tabName,
        ...summarise(tab.tableId),
      })),
    ],
    lines: lines.map((line) => ({ ...line, owing: owingOf(line) })),
    rounds,
    conflicts: floor.conflicts.slice(-100),
  };
}

export type FloorView = ReturnType<typeof floorView>;
