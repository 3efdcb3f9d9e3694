// The floor plan page's HTML (floor-plan-admin.ts): the outlets to choose from, each area's grid
// (a plain table of columns and rows, since the page runs without script or inline style), and one
// form of every area and table with a blank row to add each. Rows come from the stored plan, or,
// after a refusal, from what the manager sent, so nothing typed is lost; the refused field is marked.
import { html } from 'hono/html';
import type { FloorPlanArea } from '../../pms/table-calls.ts';
import type { OutletInfo } from '../hub/outlets.ts';
import { formRows, MAX_GRID, NEW_AREA } from './floor-plan-form.ts';
import type { FloorPlanWords } from './floor-plan-words.ts';

export const FLOOR_PLAN_CSS = `
table.floor-preview{width:auto;border-collapse:separate;border-spacing:4px;margin:8px 0}
table.floor-preview td{width:72px;height:56px;border:1px dashed #bbb;border-radius:6px;text-align:center;padding:2px}
table.floor-preview td.placed{border:2px solid #0f5f66;background:#e7f3f3;font-weight:600}
table.floor-plan-rows th,table.floor-plan-rows td{padding:4px}
table.floor-plan-rows input{width:4.5em}
table.floor-plan-rows input[name$=".name"]{width:8em}
table.floor-plan-rows select{max-width:9em}
table.floor-plan-rows input[type=checkbox]{min-width:44px;min-height:44px}
[aria-invalid=true]{outline:3px solid #9b2c2c}
nav.outlet-choice a,nav.outlet-choice strong{display:inline-block;min-height:44px;min-width:44px;padding:10px 12px;box-sizing:border-box}
`;

export interface AreaRow {
  id: string;
  name: string;
  remove: boolean;
}
export interface TableRow {
  id: string;
  name: string;
  area: string;
  seats: string;
  x: string;
  y: string;
  remove: boolean;
}

export function rowsOfPlan(plan: readonly FloorPlanArea[]): { areas: AreaRow[]; tables: TableRow[] } {
  return {
    areas: plan.map((area) => ({ id: area.areaId, name: area.name, remove: false })),
    tables: plan.flatMap((area) =>
      area.tables.map((table) => ({
        id: table.tableId,
        name: table.name,
        area: area.areaId,
        seats: String(table.seats),
        x: String(table.x + 1),
        y: String(table.y + 1),
        remove: false,
      })),
    ),
  };
}

/** The rows as the form sent them (shown again with its refusal). */
export function rowsOfForm(form: Record<string, unknown>): { areas: AreaRow[]; tables: TableRow[] } {
  const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');
  const rows = (prefix: string) => formRows(form, prefix);
  return {
    areas: rows('area')
      .map((n) => ({
        id: text(`area.${n}.id`),
        name: text(`area.${n}.name`),
        remove: form[`area.${n}.remove`] === 'on',
      }))
      .filter((row) => row.id || row.name),
    tables: rows('table')
      .map((n) => ({
        id: text(`table.${n}.id`),
        name: text(`table.${n}.name`),
        area: text(`table.${n}.area`),
        seats: text(`table.${n}.seats`),
        x: text(`table.${n}.x`),
        y: text(`table.${n}.y`),
        remove: form[`table.${n}.remove`] === 'on',
      }))
      .filter((row) => row.id || row.name),
  };
}

function preview(w: FloorPlanWords, plan: readonly FloorPlanArea[]) {
  if (plan.every((area) => area.tables.length === 0)) return html`<p class="muted">${w.emptyPlan}</p>`;
  return plan.map((area) => {
    const columns = Math.min(MAX_GRID, Math.max(0, ...area.tables.map((table) => table.x)) + 1);
    const rows = Math.min(MAX_GRID, Math.max(0, ...area.tables.map((table) => table.y)) + 1);
    const at = (x: number, y: number) => area.tables.find((table) => table.x === x && table.y === y);
    return html`<table class="floor-preview" data-area="${area.areaId}"><caption>${area.name}</caption>${[
      ...Array(rows).keys(),
    ].map(
      (y) =>
        html`<tr>${[...Array(columns).keys()].map((x) => {
          const table = at(x, y);
          return table
            ? html`<td class="placed" data-table="${table.tableId}">${table.name}<br><span class="muted">${table.seats} ${w.seats}</span></td>`
            : html`<td></td>`;
        })}</tr>`,
    )}</table>`;
  });
}

export function floorPlanBody(options: {
  w: FloorPlanWords;
  outlets: readonly OutletInfo[];
  outlet: string;
  plan: readonly FloorPlanArea[];
  rows: { areas: AreaRow[]; tables: TableRow[] };
  problem?: { field: string; message: string };
  saved?: boolean;
}) {
  const { w, rows, problem } = options;
  const invalid = (field: string) => (problem?.field === field ? 'true' : 'false');
  const check = (name: string, on: boolean, label: string) =>
    html`<input type="checkbox" name="${name}" aria-label="${label}" aria-invalid="${invalid(name)}" ${on ? 'checked' : ''}>`;
  const input = (name: string, value: string, label: string, type = 'text') =>
    html`<input name="${name}" type="${type}" value="${value}" aria-label="${label}" aria-invalid="${invalid(name)}"${
      type === 'number' ? html` min="1" max="${name.endsWith('seats') ? 99 : MAX_GRID}"` : ''
    }>`;
  const areaChoices = [
    ...rows.areas.filter((area) => area.id),
    { id: NEW_AREA, name: w.newArea, remove: false },
  ];
  const areaRow = (area: AreaRow, n: number) =>
    html`<tr><td><input type="hidden" name="area.${n}.id" value="${area.id}">${input(`area.${n}.name`, area.name, w.areaName)}</td><td>${
      area.id ? check(`area.${n}.remove`, area.remove, `${w.remove} ${area.name}`) : ''
    }</td></tr>`;
  const tableRow = (table: TableRow, n: number) =>
    html`<tr data-row="${table.name}"><td><input type="hidden" name="table.${n}.id" value="${table.id}">${input(`table.${n}.name`, table.name, w.name)}</td>
<td><select name="table.${n}.area" aria-label="${w.area}" aria-invalid="${invalid(`table.${n}.area`)}">${areaChoices.map(
      (area) =>
        html`<option value="${area.id}" ${area.id === table.area ? 'selected' : ''}>${area.name}</option>`,
    )}</select></td>
<td>${input(`table.${n}.seats`, table.seats, w.seats, 'number')}</td><td>${input(`table.${n}.x`, table.x, w.column, 'number')}</td>
<td>${input(`table.${n}.y`, table.y, w.row, 'number')}</td><td>${table.id ? check(`table.${n}.remove`, table.remove, `${w.remove} ${table.name}`) : ''}</td></tr>`;
  const blank = {
    id: '',
    name: '',
    area: rows.areas[0]?.id ?? NEW_AREA,
    seats: '4',
    x: '',
    y: '',
    remove: false,
  };
  const tableRows = [...rows.tables, blank, blank, blank, blank];
  return html`<section><h1>${w.title}</h1><p class="muted">${w.hint}</p>
<nav class="outlet-choice" aria-label="${w.outlet}">${options.outlets.map((outlet) =>
    outlet.id === options.outlet
      ? html`<strong aria-current="page">${outlet.name}</strong> `
      : html`<a href="/admin/tables/floor?outlet=${outlet.id}">${outlet.name}</a> `,
  )}</nav>
${problem ? html`<p class="error" role="alert" data-field="${problem.field}">${problem.field}: ${problem.message}</p>` : ''}
${options.saved ? html`<p role="status">${w.saved}</p>` : ''}
${
  options.outlet
    ? html`<h2>${w.preview}</h2>${preview(w, options.plan)}
<form method="post" action="/admin/tables/floor?outlet=${options.outlet}">
<h2>${w.areas}</h2><table class="floor-plan-rows"><tr><th>${w.areaName}</th><th>${w.remove}</th></tr>${[
        ...rows.areas,
        { id: '', name: '', remove: false },
      ].map(areaRow)}</table>
<h2>${w.tables}</h2><table class="floor-plan-rows"><tr><th>${w.name}</th><th>${w.area}</th><th>${w.seats}</th><th>${w.column}</th><th>${w.row}</th><th>${w.remove}</th></tr>${tableRows.map(
        tableRow,
      )}</table>
<p><button>${w.save}</button></p></form>`
    : html`<p>${w.noOutlet}</p>`
}<p><a href="/admin">${w.back}</a></p></section>`;
}
