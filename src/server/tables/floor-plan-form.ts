// The admin page's floor plan form read into an outlet's plan (floor-plan-admin.ts): areas
// (`area.N.id|name|remove`) and tables (`table.N.id|name|area|seats|x|y|remove`, column and row
// counted from 1 on the form, from 0 in the plan). A blank new row is left out; anything that cannot
// be read is refused naming its field, so the plan is replaced whole or not at all.
import { randomUUID } from 'node:crypto';
import type { FloorPlanArea } from '../../pms/table-calls.ts';
import { TableError } from './table-errors.ts';

const ID = /^[A-Za-z0-9_.:-]{1,40}$/;
/** The area a new table chooses before that area has an id (the form's empty area row). */
export const NEW_AREA = 'new';
export const MAX_GRID = 30;

type Form = Record<string, unknown>;

/** Row numbers of the form's `prefix.N.*` fields, in order. */
export const formRows = (form: Form, prefix: string): number[] =>
  [
    ...new Set(
      Object.keys(form)
        .map((key) => new RegExp(`^${prefix}\\.(\\d{1,3})\\.`).exec(key)?.[1])
        .filter((n): n is string => n !== undefined)
        .map(Number),
    ),
  ].sort((a, b) => a - b);

export interface PlanOfForm {
  areas: FloorPlanArea[];
  /** Tables of the plan before that the form removes (with the field that removed them). */
  removed: { tableId: string; field: string }[];
}

/**
 * The plan the form asks for, checked against the plan it replaces (ids the form may keep).
 * @throws TableError 400 plan_invalid naming the field (`table.2.seats`)
 */
export function planOfForm(form: Form, before: readonly FloorPlanArea[]): PlanOfForm {
  const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string).trim() : '');
  const ticked = (key: string) => form[key] === 'on';
  const refuse = (field: string, message: string) => new TableError(400, 'plan_invalid', message, field);
  const knownAreas = new Set(before.map((area) => area.areaId));
  const knownTables = new Set(before.flatMap((area) => area.tables.map((table) => table.tableId)));

  const areas: FloorPlanArea[] = [];
  const dropped = new Map<string, string>();
  let newAreaId: string | null = null;
  for (const n of formRows(form, 'area')) {
    const id = text(`area.${n}.id`);
    const name = text(`area.${n}.name`);
    if (id && (!ID.test(id) || !knownAreas.has(id))) throw refuse(`area.${n}.id`, 'not an area of this plan');
    if (id && ticked(`area.${n}.remove`)) {
      dropped.set(id, `area.${n}.remove`);
      continue;
    }
    if (!id && !name) continue;
    if (name.length < 1 || name.length > 60) throw refuse(`area.${n}.name`, 'a name of 1 to 60 characters');
    const areaId = id || `a-${randomUUID().slice(0, 8)}`;
    if (!id) newAreaId = areaId;
    areas.push({ areaId, name, tables: [] });
  }
  const areasSeen = new Set([...areas.map((area) => area.areaId), ...dropped.keys()]);
  if (areas.length > 20) throw refuse('area', 'at most 20 areas');

  const removed: PlanOfForm['removed'] = [];
  const names = new Map<string, string>();
  const places = new Map<string, string>();
  for (const n of formRows(form, 'table')) {
    const field = (key: string) => `table.${n}.${key}`;
    const id = text(field('id'));
    const name = text(field('name'));
    if (id && (!ID.test(id) || !knownTables.has(id))) throw refuse(field('id'), 'not a table of this plan');
    if (id && ticked(field('remove'))) {
      removed.push({ tableId: id, field: field('remove') });
      continue;
    }
    if (!id && !name) continue;
    if (name.length < 1 || name.length > 20) throw refuse(field('name'), 'a name of 1 to 20 characters');
    if (names.has(name.toLowerCase())) throw refuse(field('name'), `table ${name} is named twice`);
    names.set(name.toLowerCase(), id);
    const areaChosen = text(field('area'));
    const areaId = areaChosen === NEW_AREA ? newAreaId : areaChosen;
    const area = areas.find((entry) => entry.areaId === areaId);
    if (!area)
      throw refuse(
        field('area'),
        areaChosen && dropped.has(areaChosen) ? 'its area is being removed' : 'choose one of the areas',
      );
    const whole = (key: string, low: number, high: number, what: string) => {
      const value = Number(text(field(key)));
      if (text(field(key)) === '' || !Number.isInteger(value) || value < low || value > high)
        throw refuse(field(key), `${what}: a whole number from ${low} to ${high}`);
      return value;
    };
    const seats = whole('seats', 1, 99, 'seats');
    const x = whole('x', 1, MAX_GRID, 'column') - 1;
    const y = whole('y', 1, MAX_GRID, 'row') - 1;
    const place = `${area.areaId}:${x}:${y}`;
    if (places.has(place))
      throw refuse(field('x'), `table ${places.get(place)} already stands at this column and row`);
    places.set(place, name);
    if (area.tables.length >= 200) throw refuse(field('area'), 'at most 200 tables an area');
    const tableId = id || `t-${randomUUID().slice(0, 8)}`;
    area.tables.push({ tableId, name, seats, x, y });
  }
  // A page read before another manager's change would drop what it did not show: reload instead.
  const tablesSeen = new Set([
    ...areas.flatMap((area) => area.tables.map((table) => table.tableId)),
    ...removed.map((entry) => entry.tableId),
  ]);
  if ([...knownAreas].some((id) => !areasSeen.has(id)) || [...knownTables].some((id) => !tablesSeen.has(id)))
    throw new TableError(409, 'plan_changed', 'the plan was changed meanwhile: reload the page', 'plan');
  return { areas, removed };
}
