// What a kitchen screen shows (issue 31, item 6), made from an outlet's floor (table-fold.ts): one
// card per round and course that reached the kitchen (drinks, course 0, are the bar's; a held course
// once fired), with its table, round number, waiter, lines with modifiers, notes and seats, items
// cancelled after sending, and whether the kitchen bumped it. Pure: the server builds the kitchen's
// view from it and a waiter's tablet its "ready" marks. Rules: docs/tables.md, "Kitchen screen".
import type { Floor, FloorRound } from './table-fold.ts';
import type { Course } from './table-ops.ts';

/** Courses below this are not the kitchen's: course 0 is drinks, made at the bar. */
export const FIRST_KITCHEN_COURSE = 1;

export interface KitchenLine {
  lineId: string;
  name: string;
  /** Modifier names ("Medium", "No onions"). */
  modifiers: string[];
  note: string;
  /** 0: for the table; 1.. a seat. */
  seat: number;
  /** Items this round sent. */
  quantity: number;
  /** Of those, items taken back (voided) after sending. */
  cancelled: number;
}

export interface KitchenCard {
  /** `roundId:course`. */
  cardId: string;
  roundId: string;
  course: number;
  tableId: string;
  roundNumber: number;
  waiter: string;
  /** When the round was sent (the waiter tablet's clock, ms). */
  sentAt: number;
  /** When it reached the kitchen: sent, or for a held course fired (ms). */
  releasedAt: number;
  lines: KitchenLine[];
  bumped: boolean;
  bumpedAt: number | null;
}

/** When a held course of a table was fired (the first fire of the table's current guests), if known. */
export type FiredAt = (tableId: string, course: number) => number | null;

/** Voided items of each line, given to its latest rounds first: `roundId:lineId` → cancelled. */
function cancelledByRound(floor: Floor): Map<string, number> {
  const byLine = new Map<string, FloorRound[]>();
  for (const round of floor.rounds.values())
    for (const { lineId } of round.lines) byLine.set(lineId, [...(byLine.get(lineId) ?? []), round]);
  const cancelled = new Map<string, number>();
  for (const [lineId, rounds] of byLine) {
    let left = floor.lines.get(lineId)?.voided ?? 0;
    for (const round of [...rounds].reverse()) {
      if (left <= 0) break;
      const sent = round.lines.find((line) => line.lineId === lineId)!.quantity;
      const taken = Math.min(left, sent);
      cancelled.set(`${round.roundId}:${lineId}`, taken);
      left -= taken;
    }
  }
  return cancelled;
}

/**
 * Every card of the floor's rounds that reached the kitchen, oldest first (by when it reached it).
 * @example const open = kitchenCards(floor, courses).filter((card) => !card.bumped);
 */
export function kitchenCards(floor: Floor, courses: readonly Course[], firedAt?: FiredAt): KitchenCard[] {
  const cancelled = cancelledByRound(floor);
  const cards: KitchenCard[] = [];
  for (const round of floor.rounds.values()) {
    const table = floor.tables.get(round.tableId);
    const current = table?.roundIds.includes(round.roundId) ?? false;
    const byCourse = new Map<number, KitchenLine[]>();
    for (const { lineId, quantity } of round.lines) {
      const line = floor.lines.get(lineId);
      if (!line || line.course < FIRST_KITCHEN_COURSE) continue;
      const kitchenLine: KitchenLine = {
        lineId,
        name: line.name,
        modifiers: line.modifiers.map((modifier) => modifier.name),
        note: line.note,
        seat: line.seat,
        quantity,
        cancelled: cancelled.get(`${round.roundId}:${lineId}`) ?? 0,
      };
      byCourse.set(line.course, [...(byCourse.get(line.course) ?? []), kitchenLine]);
    }
    for (const [course, lines] of byCourse) {
      const immediate = courses[course]?.immediate ?? false;
      if (!immediate && !(current && table?.fired.includes(course))) continue; // held: not fired yet
      const fired = immediate ? null : (firedAt?.(round.tableId, course) ?? null);
      const bumpIndex = round.bumped.indexOf(course);
      cards.push({
        cardId: `${round.roundId}:${course}`,
        roundId: round.roundId,
        course,
        tableId: round.tableId,
        roundNumber: round.number,
        waiter: round.staffName,
        sentAt: round.at,
        releasedAt: Math.max(round.at, fired ?? round.at),
        lines,
        bumped: bumpIndex >= 0,
        bumpedAt: bumpIndex >= 0 ? (round.bumpedAt[bumpIndex] ?? null) : null,
      });
    }
  }
  return cards.sort((a, b) => a.releasedAt - b.releasedAt || a.cardId.localeCompare(b.cardId));
}

/** What the kitchen says of a table: how many of its guests' cards are cooking, how many done. */
export interface TableKitchen {
  cooking: number;
  ready: number;
  lastReadyAt: number | null;
  /** The courses of the table's done cards, in course order. */
  readyCourses: number[];
}

const NOTHING: TableKitchen = { cooking: 0, ready: 0, lastReadyAt: null, readyCourses: [] };

/**
 * Each table's kitchen, for its current guests' cards (one pass over the floor's rounds).
 * @example const kitchen = kitchenByTable(floor, courses)(tableId);
 */
export function kitchenByTable(floor: Floor, courses: readonly Course[]): (tableId: string) => TableKitchen {
  const byTable = new Map<string, TableKitchen>();
  for (const card of kitchenCards(floor, courses)) {
    if (!floor.tables.get(card.tableId)?.roundIds.includes(card.roundId)) continue;
    const found = byTable.get(card.tableId) ?? { ...NOTHING, readyCourses: [] };
    if (!card.bumped) found.cooking += 1;
    else {
      found.ready += 1;
      found.lastReadyAt = Math.max(found.lastReadyAt ?? 0, card.bumpedAt ?? 0);
      if (!found.readyCourses.includes(card.course))
        found.readyCourses = [...found.readyCourses, card.course].sort((a, b) => a - b);
    }
    byTable.set(card.tableId, found);
  }
  return (tableId) => byTable.get(tableId) ?? NOTHING;
}
