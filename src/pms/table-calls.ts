// The till server's table endpoints for paired tablets (issue 31), under `/till/tables`: the outlet's
// floor plan and table operations in (POST /ops), the floor's state out (GET /floor, and the live
// channel GET /live). Owns their wire shapes (valibot, checked on both sides); the operations' meaning
// is src/shared/table-ops.ts. Endpoints and merge rules: docs/tables.md.
import * as v from 'valibot';
import type { ModifierGroup } from '../shared/modifier-groups.ts';
import type { TableOp } from '../shared/table-ops.ts';
import { callTillServer, type DeviceFetch } from './device-calls.ts';
import { APPROVAL_HEADER, newRequestId, REQUEST_ID_HEADER } from './till-headers.ts';

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[A-Za-z0-9_.:-]+$/));
const Int = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const Cents = Int(-100_000_000, 100_000_000);
const Quantity = Int(1, 999);
const Course = Int(0, 9);
const Seat = Int(0, 99);

const ModifierSchema = v.object({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(60)),
  priceCents: Int(0, 100_000),
  productId: v.optional(Id),
});
const LineCounts = v.pipe(
  v.array(v.object({ lineId: Id, quantity: Int(0, 999) })),
  v.minLength(1),
  v.maxLength(200),
);
const LineIds = v.pipe(v.array(Id), v.minLength(1), v.maxLength(200));

export const TableOpBodySchema = v.variant('kind', [
  v.object({ kind: v.literal('open'), tableId: Id, covers: Int(0, 99) }),
  v.object({
    kind: v.literal('open_tab'),
    tableId: v.pipe(Id, v.startsWith('tab-')),
    name: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
  }),
  v.object({
    kind: v.literal('add_line'),
    tableId: Id,
    line: v.object({
      lineId: Id,
      productId: Id,
      name: v.pipe(v.string(), v.minLength(1), v.maxLength(120)),
      unitCents: Cents,
      groupId: Int(0, 1_000_000),
      course: Course,
      seat: Seat,
      quantity: Quantity,
      modifiers: v.pipe(v.array(ModifierSchema), v.maxLength(20)),
      note: Text(200),
    }),
  }),
  v.object({
    kind: v.literal('change_quantity'),
    lineId: Id,
    delta: v.pipe(
      Int(-999, 999),
      v.check((delta) => delta !== 0, 'a change of 0'),
    ),
  }),
  v.object({
    kind: v.literal('set_line'),
    lineId: Id,
    seat: v.optional(Seat),
    course: v.optional(Course),
    modifiers: v.optional(v.pipe(v.array(ModifierSchema), v.maxLength(20))),
    note: v.optional(Text(200)),
  }),
  v.object({ kind: v.literal('table_note'), tableId: Id, note: Text(500) }),
  v.object({ kind: v.literal('send'), tableId: Id, roundId: Id, lines: LineCounts }),
  v.object({ kind: v.literal('fire'), tableId: Id, course: Course }),
  v.object({
    kind: v.literal('void'),
    lineId: Id,
    quantity: Quantity,
    reason: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
    approvedBy: v.optional(Text(60)),
  }),
  v.object({ kind: v.literal('move_lines'), lineIds: LineIds, toTableId: Id }),
  v.object({
    kind: v.literal('move_table'),
    tableId: Id,
    toTableId: Id,
    lineIds: v.pipe(v.array(Id), v.maxLength(200)),
  }),
  v.object({ kind: v.literal('ask_bill'), tableId: Id }),
  // An equal part of the bill pays no line of its own: its settle names none (only its sale).
  v.object({
    kind: v.literal('settle'),
    tableId: Id,
    saleId: Id,
    lines: v.pipe(v.array(v.object({ lineId: Id, quantity: Int(0, 999) })), v.maxLength(200)),
    final: v.boolean(),
  }),
  v.object({ kind: v.literal('bump'), roundId: Id, course: Course }),
]);

/** One operation as a tablet sends it (the server adds the device). */
export const TableOpSchema = v.object({
  opId: Id,
  seq: Int(0, Number.MAX_SAFE_INTEGER),
  at: Int(0, Number.MAX_SAFE_INTEGER),
  staffName: v.pipe(v.string(), v.minLength(1), v.maxLength(60)),
  body: TableOpBodySchema,
});

export const TableOpsRequestSchema = v.object({
  ops: v.pipe(v.array(TableOpSchema), v.minLength(1), v.maxLength(500)),
});
export type TableOpsRequest = v.InferOutput<typeof TableOpsRequestSchema>;

/** The answer to POST /till/tables/ops: each operation stored now or before, and the floor's revision. */
export interface TableOpsAnswer {
  /** `held`: a settle whose sale the ledger has not recorded yet, kept by the server until it has. */
  stored: { opId: string; duplicate: boolean; held?: true }[];
  revision: number;
}

/** An area of the floor plan and its tables (set on the admin page). */
export interface FloorPlanTable {
  tableId: string;
  name: string;
  seats: number;
  /** Grid position (column, row) on the admin page's plan. */
  x: number;
  y: number;
}
export interface FloorPlanArea {
  areaId: string;
  name: string;
  tables: FloorPlanTable[];
}

/** Sends operations (the outbox's `table.ops@1`); `approvals`: managers' approvals of voids among them. */
export async function postTableOps(
  fetcher: DeviceFetch,
  baseUrl: string,
  ops: TableOpsRequest['ops'],
  approvals: readonly string[] = [],
): Promise<TableOpsAnswer> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [REQUEST_ID_HEADER]: newRequestId(),
  };
  if (approvals.length > 0) headers[APPROVAL_HEADER] = approvals.join(', ');
  return (await callTillServer(fetcher, `${baseUrl}/till/tables/ops`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ops }),
  })) as TableOpsAnswer;
}

/** The outlet's operations after log position `since` (catching up; the poll without a live channel). */
export async function readTableOps(
  fetcher: DeviceFetch,
  baseUrl: string,
  since: number,
): Promise<{ ops: (TableOp & { rev: number })[]; revision: number }> {
  return (await callTillServer(fetcher, `${baseUrl}/till/tables/ops?since=${since}`, {
    method: 'GET',
    headers: { [REQUEST_ID_HEADER]: newRequestId() },
  })) as { ops: (TableOp & { rev: number })[]; revision: number };
}

/** The plan's part of GET /till/tables/floor: areas, and tables with seats and their column and row (from 0). */
export interface PlannedTables {
  areas: { areaId: string; name: string }[];
  tables: { tableId: string; name: string; areaId: string | null; seats: number; x: number; y: number }[];
}

/** The outlet's floor plan as GET /till/tables/floor gives it (the tablet folds the lines itself). */
export async function readFloorPlan(fetcher: DeviceFetch, baseUrl: string): Promise<PlannedTables> {
  return (await callTillServer(fetcher, `${baseUrl}/till/tables/floor`, {
    method: 'GET',
    headers: { [REQUEST_ID_HEADER]: newRequestId() },
  })) as PlannedTables;
}

const ModifierGroupSchema = v.object({
  groupId: Id,
  name: v.string(),
  required: v.boolean(),
  minChoices: Int(0, 20),
  maxChoices: Int(0, 20),
  productIds: v.array(Id),
  options: v.array(
    v.object({ optionId: Id, name: v.string(), priceCents: Int(0, 100_000), productId: v.nullable(Id) }),
  ),
});

/** The hotel's modifier groups (GET /till/tables/modifiers), checked: a group that does not parse is left out. */
export async function readModifierGroups(fetcher: DeviceFetch, baseUrl: string): Promise<ModifierGroup[]> {
  const answer = (await callTillServer(fetcher, `${baseUrl}/till/tables/modifiers`, {
    method: 'GET',
    headers: { [REQUEST_ID_HEADER]: newRequestId() },
  })) as { groups?: unknown[] };
  return (answer.groups ?? []).flatMap((group) => {
    const parsed = v.safeParse(ModifierGroupSchema, group);
    return parsed.success ? [parsed.output] : [];
  });
}
