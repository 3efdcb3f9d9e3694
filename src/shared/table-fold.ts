// The floor of one outlet as a fold over its table operations (table-ops.ts), applied in compareOps
// order: the same set of operations gives the same floor whatever order they arrived in. A line's
// quantity, sent, voided and paid counts are sums and maxima (order-free); its seat, course, note and
// table are the latest set. Rules that refuse part of an operation record a conflict, never throw.
// Pure: the till server and the tablet (its offline view) both run it. Rules: docs/tables.md.
import { type Course, compareOps, type LineModifier, type TableOp } from './table-ops.ts';

export interface FloorLine {
  lineId: string;
  tableId: string;
  productId: string;
  name: string;
  unitCents: number;
  groupId: number;
  course: number;
  seat: number;
  modifiers: LineModifier[];
  note: string;
  /** On the bill: what was asked for, never less than what was sent. */
  quantity: number;
  sent: number;
  voided: number;
  paid: number;
  addedBy: string;
  addedAt: number;
  voids: { quantity: number; reason: string; staffName: string; approvedBy: string | null }[];
}

export interface FloorRound {
  roundId: string;
  tableId: string;
  /** 1, 2, ... within the table's current guests. */
  number: number;
  at: number;
  staffName: string;
  deviceId: string;
  /** What this round added to each line's sent count. */
  lines: { lineId: string; quantity: number }[];
  /** Courses of this round the kitchen bumped. */
  bumped: number[];
  /** When each of `bumped` was bumped (the bump's clock), in the same order. */
  bumpedAt: number[];
}

export interface FloorTable {
  tableId: string;
  /** A bar tab's name; '' for a table of the floor plan. */
  tabName: string;
  covers: number;
  waiter: string;
  note: string;
  openedAt: number | null;
  lastRoundAt: number | null;
  billAsked: boolean;
  /** Held courses a waiter fired. */
  fired: number[];
  roundIds: string[];
  /** Since the table was last free: what the sales of its settles were worth (the server's
   * `coveredCents`), and what their settled items are worth at the table's prices. */
  paidCents: number;
  settledCents: number;
}

export type ConflictRule =
  | 'below_sent'
  | 'over_void'
  | 'over_paid'
  | 'duplicate_line'
  | 'unknown_line'
  | 'not_covered';

/** Part of an operation the rules refused: shown to its device (and the other waiter's). */
export interface FloorConflict {
  opId: string;
  deviceId: string;
  staffName: string;
  rule: ConflictRule;
  lineId: string | null;
  /** How much of the operation was refused (items; cents for `not_covered`). */
  refused: number;
}

export interface Floor {
  tables: Map<string, FloorTable>;
  lines: Map<string, FloorLine>;
  rounds: Map<string, FloorRound>;
  conflicts: FloorConflict[];
}

interface LineTotals {
  base: number;
  deltas: number;
  sentMax: number;
  voids: number;
  paid: number;
}

/** A fold that takes operations in compareOps order; `last` says where it stands. */
export interface FloorFold {
  floor: Floor;
  /** The last operation applied (a later one may be applied next; an earlier one needs a new fold). */
  last: TableOp | null;
  apply(op: TableOp): void;
}

export function createFloorFold(courses: readonly Course[]): FloorFold {
  const floor: Floor = { tables: new Map(), lines: new Map(), rounds: new Map(), conflicts: [] };
  const totals = new Map<string, LineTotals>();
  // Operations on a line not added yet (its add_line comes later in compareOps order: a skewed clock).
  // Their counts still count; their seat, course, note or table are older than the add's, so lost.
  const held = new Map<string, { op: TableOp; then: (line: FloorLine, t: LineTotals) => void }[]>();
  const fold: FloorFold = { floor, last: null, apply };

  const table = (tableId: string): FloorTable => {
    let found = floor.tables.get(tableId);
    if (!found) {
      found = {
        tableId,
        tabName: '',
        covers: 0,
        waiter: '',
        note: '',
        openedAt: null,
        lastRoundAt: null,
        billAsked: false,
        fired: [],
        roundIds: [],
        paidCents: 0,
        settledCents: 0,
      };
      floor.tables.set(tableId, found);
    }
    return found;
  };
  const seated = (op: TableOp, tableId: string) => {
    const found = table(tableId);
    if (found.openedAt === null) {
      found.openedAt = op.at;
      found.waiter = op.staffName;
    }
    return found;
  };
  const conflict = (op: TableOp, rule: ConflictRule, lineId: string | null, refused: number): void =>
    void floor.conflicts.push({
      opId: op.opId,
      deviceId: op.deviceId,
      staffName: op.staffName,
      rule,
      lineId,
      refused,
    });
  const recount = (line: FloorLine) => {
    const t = totals.get(line.lineId)!;
    line.sent = t.sentMax;
    line.quantity = Math.max(0, t.base + t.deltas, t.sentMax);
    line.voided = Math.min(t.voids, t.sentMax);
    line.paid = Math.min(t.paid, line.quantity - line.voided);
  };
  const moveTo = (tableId: string) => (line: FloorLine) => {
    line.tableId = tableId;
  };
  const owing = (line: FloorLine) => line.quantity - line.voided - line.paid;
  const linesAt = (tableId: string) => [...floor.lines.values()].filter((line) => line.tableId === tableId);
  const clear = (found: FloorTable) => {
    Object.assign(found, {
      covers: 0,
      waiter: '',
      note: '',
      openedAt: null,
      lastRoundAt: null,
      billAsked: false,
      fired: [],
      roundIds: [],
      paidCents: 0,
      settledCents: 0,
    });
  };

  /** `then` on the line; a latest-wins change (`counts` false) is dropped for a line not added yet. */
  function onLine(
    op: TableOp,
    lineId: string,
    then: (line: FloorLine, t: LineTotals) => void,
    counts = true,
  ) {
    const line = floor.lines.get(lineId);
    if (!line) {
      if (counts) held.set(lineId, [...(held.get(lineId) ?? []), { op, then }]);
      return;
    }
    then(line, totals.get(lineId)!);
    recount(line);
  }

  function apply(op: TableOp): void {
    fold.last = op;
    const body = op.body;
    switch (body.kind) {
      case 'open':
        seated(op, body.tableId).covers = body.covers;
        return;
      case 'open_tab':
        seated(op, body.tableId).tabName = body.name;
        return;
      case 'table_note':
        seated(op, body.tableId).note = body.note;
        return;
      case 'add_line': {
        const { line } = body;
        if (floor.lines.has(line.lineId)) {
          conflict(op, 'duplicate_line', line.lineId, line.quantity);
          return;
        }
        const found = seated(op, body.tableId);
        found.billAsked = false;
        floor.lines.set(line.lineId, {
          ...line,
          modifiers: line.modifiers.map((modifier) => ({ ...modifier })),
          tableId: body.tableId,
          sent: 0,
          voided: 0,
          paid: 0,
          addedBy: op.staffName,
          addedAt: op.at,
          voids: [],
        });
        totals.set(line.lineId, { base: line.quantity, deltas: 0, sentMax: 0, voids: 0, paid: 0 });
        recount(floor.lines.get(line.lineId)!);
        for (const { then } of held.get(line.lineId) ?? []) {
          then(floor.lines.get(line.lineId)!, totals.get(line.lineId)!);
          recount(floor.lines.get(line.lineId)!);
        }
        held.delete(line.lineId);
        return;
      }
      default:
        applyLate(op);
    }
  }

  /** Operations that name lines (and tables): applied when their line exists. */
  function applyLate(op: TableOp): void {
    const body = op.body;
    switch (body.kind) {
      case 'change_quantity':
        onLine(op, body.lineId, (line, t) => {
          t.deltas += body.delta;
          if (t.base + t.deltas < t.sentMax)
            conflict(op, 'below_sent', line.lineId, t.sentMax - t.base - t.deltas);
        });
        return;
      case 'set_line':
        onLine(
          op,
          body.lineId,
          (line) => {
            if (body.seat !== undefined) line.seat = body.seat;
            if (body.course !== undefined) line.course = body.course;
            if (body.note !== undefined) line.note = body.note;
            if (body.modifiers !== undefined)
              line.modifiers = body.modifiers.map((modifier) => ({ ...modifier }));
          },
          false,
        );
        return;
      case 'void':
        onLine(op, body.lineId, (line, t) => {
          const room = Math.max(0, t.sentMax - t.voids);
          if (body.quantity > room) conflict(op, 'over_void', line.lineId, body.quantity - room);
          t.voids += body.quantity;
          const quantity = Math.min(body.quantity, room);
          if (quantity > 0)
            line.voids.push({
              quantity,
              reason: body.reason,
              staffName: op.staffName,
              approvedBy: body.approvedBy ?? null,
            });
        });
        return;
      case 'move_lines':
        for (const lineId of body.lineIds) onLine(op, lineId, moveTo(body.toTableId), false);
        if (body.lineIds.some((lineId) => floor.lines.has(lineId))) seated(op, body.toTableId);
        return;
      case 'move_table': {
        const from = table(body.tableId);
        const to = seated(op, body.toTableId);
        to.covers += from.covers;
        if (from.note) to.note = to.note ? `${to.note}; ${from.note}` : from.note;
        for (const lineId of body.lineIds) onLine(op, lineId, moveTo(body.toTableId), false);
        if (linesAt(body.tableId).every((line) => owing(line) <= 0)) clear(from);
        return;
      }
      case 'send': {
        const found = seated(op, body.tableId);
        const added: { lineId: string; quantity: number }[] = [];
        for (const { lineId, quantity } of body.lines)
          onLine(op, lineId, (_line, t) => {
            if (quantity > t.sentMax) added.push({ lineId, quantity: quantity - t.sentMax });
            t.sentMax = Math.max(t.sentMax, quantity);
          });
        if (added.length === 0 || floor.rounds.has(body.roundId)) return;
        found.roundIds.push(body.roundId);
        found.lastRoundAt = op.at;
        floor.rounds.set(body.roundId, {
          roundId: body.roundId,
          tableId: body.tableId,
          number: found.roundIds.length,
          at: op.at,
          staffName: op.staffName,
          deviceId: op.deviceId,
          lines: added,
          bumped: [],
          bumpedAt: [],
        });
        return;
      }
      case 'fire': {
        const found = seated(op, body.tableId);
        if (!found.fired.includes(body.course) && !courses[body.course]?.immediate)
          found.fired.push(body.course);
        return;
      }
      case 'bump': {
        const round = floor.rounds.get(body.roundId);
        if (round && !round.bumped.includes(body.course)) {
          round.bumped.push(body.course);
          round.bumpedAt.push(op.at);
        }
        return;
      }
      case 'ask_bill':
        seated(op, body.tableId).billAsked = true;
        return;
      case 'settle': {
        const found = table(body.tableId);
        const short = settleShortfall(floor, body);
        if (short > 0) {
          conflict(op, 'not_covered', null, short);
          return;
        }
        const value = settleValue(floor, body);
        found.paidCents += body.coveredCents ?? value;
        found.settledCents += value;
        for (const { lineId, quantity } of body.lines)
          onLine(op, lineId, (line, t) => {
            const room = Math.max(0, owing(line));
            if (quantity > room) conflict(op, 'over_paid', lineId, quantity - room);
            t.paid += quantity;
          });
        if (body.final && linesAt(body.tableId).every((line) => owing(line) <= 0)) clear(found);
        return;
      }
      default:
        return;
    }
  }
  return fold;
}

/** The floor that `ops` make, each once (by opId), in compareOps order. */
export function foldFloor(ops: Iterable<TableOp>, courses: readonly Course[]): Floor {
  const once = new Map<string, TableOp>();
  for (const op of ops) if (!once.has(op.opId)) once.set(op.opId, op);
  const fold = createFloorFold(courses);
  for (const op of [...once.values()].sort(compareOps)) fold.apply(op);
  return fold.floor;
}

/** Items of a line still to pay for. */
export const owingOf = (line: FloorLine): number => line.quantity - line.voided - line.paid;

/** A line's price per item at the table's prices: its own and its priced modifiers'. */
export const unitPriceOf = (line: FloorLine): number =>
  line.unitCents + line.modifiers.reduce((more, modifier) => more + modifier.priceCents, 0);

type SettleBody = Extract<TableOp['body'], { kind: 'settle' }>;

/** What a settle takes off the floor, at the table's prices (only items still owed count). */
export function settleValue(floor: Floor, body: SettleBody): number {
  let cents = 0;
  for (const { lineId, quantity } of body.lines) {
    const line = floor.lines.get(lineId);
    if (line) cents += Math.min(quantity, Math.max(0, owingOf(line))) * unitPriceOf(line);
  }
  return cents;
}

/**
 * Cents a settle is short of being covered: its sales' worth (`coveredCents`, written by the server
 * from the ledger) together with what earlier settles of the table's guests paid beyond their items,
 * against what it takes off. 0 where it is covered, or not checked (a tablet's own, not yet stored).
 */
export function settleShortfall(floor: Floor, body: SettleBody): number {
  if (body.coveredCents === undefined) return 0;
  const found = floor.tables.get(body.tableId);
  const credit = (found?.paidCents ?? 0) - (found?.settledCents ?? 0) + body.coveredCents;
  return Math.max(0, settleValue(floor, body) - credit);
}

export type TableState = 'free' | 'open' | 'ordered' | 'course_waiting' | 'bill_asked';

/** What the floor shows for a table: its state and amount still owed (at the tablets' prices). */
export function tableSummary(floor: Floor, tableId: string, courses: readonly Course[]) {
  const found = floor.tables.get(tableId);
  const lines = [...floor.lines.values()].filter((line) => line.tableId === tableId && owingOf(line) > 0);
  const amountCents = lines.reduce((sum, line) => sum + owingOf(line) * unitPriceOf(line), 0);
  const heldCourse = lines.some(
    (line) => line.sent > 0 && !courses[line.course]?.immediate && !found?.fired.includes(line.course),
  );
  const state: TableState =
    !found || (found.openedAt === null && lines.length === 0)
      ? 'free'
      : found.billAsked
        ? 'bill_asked'
        : heldCourse
          ? 'course_waiting'
          : lines.some((line) => line.sent > 0)
            ? 'ordered'
            : 'open';
  return { state, lines, amountCents, table: found ?? null };
}
