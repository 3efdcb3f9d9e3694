// The operations that edit a restaurant table's ticket (issue 31), as the tablet records them and the
// till server stores them: each with its own id, the device that made it, that device's counter and
// clock. Types only; the wire schema is pms/table-calls.ts, the fold that turns a set of operations
// into the floor is table-fold.ts (run by the server and by a tablet for its offline view).
// Merge rules and their reasons: docs/tables.md.

/** A modifier on a line: free ("no ice", part of the line's text) or priced ("extra shot", its own PMS product). */
export interface LineModifier {
  name: string;
  /** 0 for a free modifier; a priced one is posted after its line as `productId`. */
  priceCents: number;
  productId?: string;
}

/** A line as first added to a table. */
export interface NewLine {
  lineId: string;
  productId: string;
  name: string;
  /** The price the tablet showed; the sale prices the line again from the catalogue when paid. */
  unitCents: number;
  groupId: number;
  /** Index into the outlet's courses (0 = drinks). */
  course: number;
  /** 0: the table (shared); 1.. a seat. */
  seat: number;
  quantity: number;
  modifiers: LineModifier[];
  note: string;
}

export type TableOpBody =
  /** Guests sat down (or the covers changed). */
  | { kind: 'open'; tableId: string; covers: number }
  /** A bar tab by name: a table of its own, made by the tablet (`tableId` starts with `tab-`). */
  | { kind: 'open_tab'; tableId: string; name: string }
  | { kind: 'add_line'; tableId: string; line: NewLine }
  /** More or fewer of a line; never below what was sent (that takes a void). */
  | { kind: 'change_quantity'; lineId: string; delta: number }
  /** A line's seat, course, modifiers or note (each field on its own: the latest wins). */
  | {
      kind: 'set_line';
      lineId: string;
      seat?: number;
      course?: number;
      modifiers?: LineModifier[];
      note?: string;
    }
  | { kind: 'table_note'; tableId: string; note: string }
  /** A round: the lines the tablet sent, each at the quantity it showed. */
  | { kind: 'send'; tableId: string; roundId: string; lines: { lineId: string; quantity: number }[] }
  /** A held course goes to the kitchen. */
  | { kind: 'fire'; tableId: string; course: number }
  /** Takes sent items off the bill, with a reason (and a manager's approval above the outlet's rules). */
  | { kind: 'void'; lineId: string; quantity: number; reason: string; approvedBy?: string }
  | { kind: 'move_lines'; lineIds: string[]; toTableId: string }
  /** A whole table (the lines the tablet saw, and its covers) to another; into an occupied one merges them. */
  | { kind: 'move_table'; tableId: string; toTableId: string; lineIds: string[] }
  | { kind: 'ask_bill'; tableId: string }
  /** A part paid (a recorded sale of the outlet; no lines for an equal part); `final` when the tablet
   * took the last part: the table is then free. Checked against the ledger: docs/tables.md. */
  | {
      kind: 'settle';
      tableId: string;
      saleId: string;
      lines: { lineId: string; quantity: number }[];
      final: boolean;
      /** What the sale is worth, written by the server from its ledger record (never the tablet's). */
      coveredCents?: number;
    }
  /** The kitchen marked a round (of one course) done. */
  | { kind: 'bump'; roundId: string; course: number };

export type TableOpKind = TableOpBody['kind'];

/** One operation as stored: the body, who made it and where it stands in the device's own order. */
export interface TableOp {
  opId: string;
  /** Set by the server from the paired device that sent it, never taken from the body. */
  deviceId: string;
  /** The device's own counter: its operations in the order it made them. */
  seq: number;
  /** The device's clock (ms); with deviceId and seq the order every fold uses. */
  at: number;
  staffName: string;
  body: TableOpBody;
}

/** The order in which every fold applies operations, whatever order they arrived in. */
export function compareOps(a: TableOp, b: TableOp): number {
  if (a.at !== b.at) return a.at - b.at;
  if (a.deviceId !== b.deviceId) return a.deviceId < b.deviceId ? -1 : 1;
  if (a.seq !== b.seq) return a.seq - b.seq;
  return a.opId < b.opId ? -1 : a.opId > b.opId ? 1 : 0;
}

/** The tables an operation names (to check they are the outlet's). */
export function tablesOf(body: TableOpBody): string[] {
  switch (body.kind) {
    case 'open':
    case 'open_tab':
    case 'add_line':
    case 'table_note':
    case 'send':
    case 'fire':
    case 'ask_bill':
    case 'settle':
      return [body.tableId];
    case 'move_lines':
      return [body.toTableId];
    case 'move_table':
      return [body.tableId, body.toTableId];
    default:
      return [];
  }
}

/** A course of the outlet: drinks and the first course go at once, later ones are held until fired. */
export interface Course {
  name: string;
  /** Sent to the kitchen with the round, not held. */
  immediate: boolean;
}

export const DEFAULT_COURSES: readonly Course[] = [
  { name: 'Drinks', immediate: true },
  { name: 'Starters', immediate: true },
  { name: 'Mains', immediate: false },
  { name: 'Desserts', immediate: false },
];
