// The official DSFinV-K structure (test/fixtures/fiscal-de/index.xml), read independently of the
// code under test, and the check of written files against it column by column: names and order,
// numbers with their declared decimals and a decimal comma, text in quotes within its maximum
// length, CRLF records with no stray line break. Used by every test of an export.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { FISCAL_DE_FIXTURES } from '../../fixtures/fixture-files.ts';

interface OfficialColumn {
  name: string;
  numeric: boolean;
  accuracy: number | null;
  maxLength: number | null;
}

/** The official structure, read independently of the code under test. */
export function officialTables(xml: string) {
  return [...xml.matchAll(/<Table>([\s\S]*?)<\/Table>/g)].map(([, table]) => ({
    file: /<URL>([^<]+)<\/URL>/.exec(table!)![1]!,
    columns: [...table!.matchAll(/<VariableColumn>([\s\S]*?)<\/VariableColumn>/g)].map(([, column]) => ({
      name: /<Name>([^<]+)<\/Name>/.exec(column!)![1]!,
      numeric: column!.includes('<Numeric'),
      accuracy: Number(/<Accuracy>(\d+)<\/Accuracy>/.exec(column!)?.[1] ?? Number.NaN) || null,
      maxLength: Number(/<MaxLength>(\d+)<\/MaxLength>/.exec(column!)?.[1] ?? Number.NaN) || null,
    })) as OfficialColumn[],
  }));
}

/** Splits one CSV record at `;` outside quotes; keeps each raw cell as written. */
export function cells(record: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (const char of record) {
    if (char === '"') quoted = !quoted;
    if (char === ';' && !quoted) {
      out.push(cell);
      cell = '';
    } else cell += char;
  }
  out.push(cell);
  return out;
}

export type OfficialTable = ReturnType<typeof officialTables>[number];

/** Checks one written file against its official table. */
export function checkTableFile(table: OfficialTable, written: string): void {
  expect(written.endsWith('\r\n')).toBe(true);
  expect(written.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // CRLF only, no stray line breaks
  const [header, ...records] = written.slice(0, -2).split('\r\n');
  expect(header!.split(';')).toEqual(table.columns.map((column) => column.name));
  for (const record of records) {
    const values = cells(record);
    expect(values).toHaveLength(table.columns.length);
    table.columns.forEach((column, i) => {
      const value = values[i]!;
      if (value === '') return;
      if (column.numeric) {
        const shape = column.accuracy ? new RegExp(`^-?\\d+,\\d{${column.accuracy}}$`) : /^-?\d+$/;
        expect(value, `${table.file} ${column.name}`).toMatch(shape);
      } else {
        expect(value, `${table.file} ${column.name}`).toMatch(/^"([^"]|"")*"$/);
        const inner = value.slice(1, -1).replace(/""/g, '"');
        if (column.maxLength) expect([...inner].length).toBeLessThanOrEqual(column.maxLength);
      }
    });
  }
}

/** Checks every CSV file of an export (file name -> text) against index.xml: all 20 there, each well formed. */
export function checkDsfinvkStructure(files: Record<string, string>): void {
  const tables = officialTables(readFileSync(join(FISCAL_DE_FIXTURES, 'index.xml'), 'utf8'));
  expect(Object.keys(files).sort()).toEqual(tables.map((table) => table.file).sort());
  for (const table of tables) checkTableFile(table, files[table.file]!);
}
