// The printers the admin page sets up, per outlet: at most one receipt printer, and order printers
// (bar, kitchen) that take the lines of the commodity groups they name; an order printer that
// names none takes every line no other order printer takes. Each has its address, raw port,
// paper width and code page. Checked at the edge (valibot): a wrong field is a PrinterError
// naming it, and nothing is written.
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { OUTLET_ID_PATTERN, OUTLETS, type Outlet } from '../../pms/device-calls.ts';
import type { HubDb } from '../hub/hub-db.ts';
import { PAPER_WIDTHS, type PaperWidth } from './document-types.ts';
import { PRINT_CODEPAGES, type PrintCodepage } from './escpos-decoder.ts';

export const PRINTER_ROLES = ['receipt', 'order'] as const;
export type PrinterRole = (typeof PRINTER_ROLES)[number];

export interface Printer {
  id: string;
  outlet: Outlet;
  role: PrinterRole;
  name: string;
  host: string;
  port: number;
  widthMm: PaperWidth;
  codepage: PrintCodepage;
  /** Commodity group ids an order printer takes; empty: the rest. */
  groups: number[];
}

export class PrinterError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'PrinterError';
  }
}

/** A host name or an IPv4/IPv6 address; no scheme, path or port. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[?[0-9A-Fa-f:.]+\]?)$/;

const PrinterFields = v.object({
  outlet: v.pipe(v.string(), v.regex(OUTLET_ID_PATTERN, 'choose an outlet')),
  role: v.picklist(PRINTER_ROLES, 'choose receipt or order printer'),
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'give the printer a name'), v.maxLength(40)),
  host: v.pipe(v.string(), v.trim(), v.maxLength(253), v.regex(HOST, 'an address such as 192.168.1.50')),
  port: v.pipe(
    v.string(),
    v.transform(Number),
    v.integer('the port is a whole number'),
    v.minValue(1, 'the port is from 1 to 65535'),
    v.maxValue(65535, 'the port is from 1 to 65535'),
  ),
  widthMm: v.pipe(v.string(), v.transform(Number), v.picklist(PAPER_WIDTHS, 'the paper is 58 or 80 mm wide')),
  codepage: v.picklist(PRINT_CODEPAGES, 'choose a code page'),
  groups: v.pipe(
    v.optional(v.string(), ''),
    v.transform((text) => text.split(/[\s,;]+/).filter(Boolean)),
    v.check((ids) => ids.every((id) => /^\d{1,9}$/.test(id)), 'commodity group numbers, separated by commas'),
    v.transform((ids) => [...new Set(ids.map(Number))]),
  ),
});

type Row = {
  id: string;
  outlet: Outlet;
  role: PrinterRole;
  name: string;
  host: string;
  port: number;
  width_mm: PaperWidth;
  codepage: PrintCodepage;
  groups: string;
};

const fromRow = (row: Row): Printer => ({
  id: row.id,
  outlet: row.outlet,
  role: row.role,
  name: row.name,
  host: row.host,
  port: row.port,
  widthMm: row.width_mm,
  codepage: row.codepage,
  groups: JSON.parse(row.groups) as number[],
});

export type Printers = ReturnType<typeof createPrinters>;

/**
 * The printers; `outlets` answers the outlets' ids a printer may belong to (the hub's outlets,
 * which the admin page can add to; the three fixed ones without).
 */
export function createPrinters(
  db: HubDb,
  now: () => Date = () => new Date(),
  outlets: () => readonly string[] = () => OUTLETS,
) {
  const parse = (form: Record<string, unknown>) => {
    const fields = Object.fromEntries(
      Object.keys(PrinterFields.entries).map((key) => [
        key,
        typeof form[key] === 'string' ? form[key] : undefined,
      ]),
    );
    const result = v.safeParse(PrinterFields, fields);
    if (!result.success) {
      const issue = result.issues[0]!;
      const field = issue.path?.[0]?.key;
      throw new PrinterError(400, issue.message, typeof field === 'string' ? field : 'printer');
    }
    if (!outlets().includes(result.output.outlet)) throw new PrinterError(400, 'choose an outlet', 'outlet');
    return result.output;
  };
  const byId = (id: string) => {
    const row = db.prepare('SELECT * FROM printers WHERE id = ?').get(id) as Row | undefined;
    return row ? fromRow(row) : undefined;
  };
  const save = (id: string, fields: ReturnType<typeof parse>, insert: boolean) => {
    const values = [
      fields.outlet,
      fields.role,
      fields.name,
      fields.host,
      fields.port,
      fields.widthMm,
      fields.codepage,
      JSON.stringify(fields.role === 'order' ? fields.groups : []),
    ];
    try {
      if (insert) {
        db.prepare(
          `INSERT INTO printers (outlet, role, name, host, port, width_mm, codepage, groups, id, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(...values, id, now().toISOString());
      } else {
        db.prepare(
          `UPDATE printers SET outlet = ?, role = ?, name = ?, host = ?, port = ?, width_mm = ?, codepage = ?,
             groups = ? WHERE id = ?`,
        ).run(...values, id);
      }
    } catch (error) {
      if (String((error as Error).message).includes('UNIQUE'))
        throw new PrinterError(409, 'this outlet already has a receipt printer', 'role');
      throw error;
    }
    return byId(id)!;
  };

  return {
    /** The outlets' ids a printer may belong to. */
    outlets,
    list(outlet?: Outlet): Printer[] {
      const rows = (
        outlet
          ? db.prepare('SELECT * FROM printers WHERE outlet = ? ORDER BY role DESC, name').all(outlet)
          : db.prepare('SELECT * FROM printers ORDER BY outlet, role DESC, name').all()
      ) as Row[];
      return rows.map(fromRow);
    },
    get: byId,
    /** The outlet's receipt printer, if it has one. */
    receiptPrinter(outlet: Outlet): Printer | undefined {
      const row = db.prepare("SELECT * FROM printers WHERE outlet = ? AND role = 'receipt'").get(outlet) as
        | Row
        | undefined;
      return row ? fromRow(row) : undefined;
    },
    /** Adds a printer from the admin form's fields. @throws PrinterError naming the field. */
    add(form: Record<string, unknown>): Printer {
      return save(randomUUID(), parse(form), true);
    },
    /** Changes a printer from the admin form's fields. @throws PrinterError naming the field. */
    update(id: string, form: Record<string, unknown>): Printer {
      if (!byId(id)) throw new PrinterError(404, 'no such printer', 'id');
      return save(id, parse(form), false);
    },
    remove(id: string): boolean {
      return db.prepare('DELETE FROM printers WHERE id = ?').run(id).changes === 1;
    },
  };
}

/**
 * Which order printer takes each line: the printers naming its group, else those naming none.
 * @example route(lines, printers).get(kitchen.id) // the lines the kitchen prints
 */
export function routeLines<T extends { commodityGroupId: number | null }>(
  lines: readonly T[],
  printers: readonly Printer[],
): { routed: Map<string, T[]>; unrouted: T[] } {
  const orderPrinters = printers.filter((printer) => printer.role === 'order');
  const catchAll = orderPrinters.filter((printer) => printer.groups.length === 0);
  const routed = new Map<string, T[]>();
  const unrouted: T[] = [];
  for (const line of lines) {
    const named = orderPrinters.filter(
      (printer) => line.commodityGroupId !== null && printer.groups.includes(line.commodityGroupId),
    );
    const takers = named.length > 0 ? named : catchAll;
    if (takers.length === 0) unrouted.push(line);
    for (const printer of takers) routed.set(printer.id, [...(routed.get(printer.id) ?? []), line]);
  }
  return { routed, unrouted };
}
