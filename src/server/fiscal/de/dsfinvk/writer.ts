// Writes a DSFinV-K export: the 20 CSV files and index.xml of the official structure (structure.ts:
// column names and order, decimal comma, no digit grouping, `;` between columns, `"` around text,
// CRLF after every record, a header row, UTF-8), the GDPdU DTD, and the TSE export beside them,
// packed in one zip (fflate). Amounts are integer cents inside; totals are summed here, so the
// closing files always agree with the single records.
import { zipSync } from 'fflate';
import type { DsfinvkClosing } from './closing.ts';
import { closingRecords } from './closing-records.ts';
import { type Decimal, DsfinvkError, type Row, type Value } from './record-values.ts';
import { singleRecords } from './single-records.ts';
import { DSFINVK_TABLES, type DsfinvkColumn, GDPDU_DTD } from './structure.ts';

export { type Decimal, DsfinvkError, netOf, TAXONOMY_VERSION } from './record-values.ts';

/** A numeric value with exactly the column's decimals and a decimal comma. */
export function formatNumeric(value: Decimal, decimals = 0): string {
  if (!Number.isSafeInteger(value.units))
    throw new DsfinvkError(`not a whole number of units: ${value.units}`);
  if (value.scale > decimals)
    throw new DsfinvkError(`${value.units}e-${value.scale} has more than ${decimals} decimals`);
  const scaled = BigInt(value.units) * 10n ** BigInt(decimals - value.scale);
  const sign = scaled < 0n ? '-' : '';
  const digits = (scaled < 0n ? -scaled : scaled).toString().padStart(decimals + 1, '0');
  return decimals === 0
    ? `${sign}${digits}`
    : `${sign}${digits.slice(0, -decimals)},${digits.slice(-decimals)}`;
}

/** A text value in quotes, inner quotes doubled, cut to the column's maximum length. */
export function formatText(value: string, maxLength?: number): string {
  const cut = maxLength === undefined ? value : [...value].slice(0, maxLength).join('');
  return `"${cut.replace(/"/g, '""')}"`;
}

function formatCell(column: DsfinvkColumn, value: Value, where: string): string {
  if (value === undefined || value === '') return '';
  if (column.type === 'numeric') {
    if (typeof value === 'string') throw new DsfinvkError(`${where}: ${column.name} is numeric`);
    return formatNumeric(value, column.decimals ?? 0);
  }
  if (typeof value !== 'string') throw new DsfinvkError(`${where}: ${column.name} is text`);
  return formatText(value, column.maxLength);
}

function rows(closing: DsfinvkClosing): Record<string, Row[]> {
  return { ...closingRecords(closing), ...singleRecords(closing) };
}

/** The CSV files of one closing, by file name, as text (CRLF, header row first). */
export function writeCsvFiles(closing: DsfinvkClosing): Record<string, string> {
  const byFile = rows(closing);
  const files: Record<string, string> = {};
  for (const table of DSFINVK_TABLES) {
    const tableRows = byFile[table.file];
    if (!tableRows) throw new DsfinvkError(`no rows for ${table.file}`);
    const known = new Set(table.columns.map((column) => column.name));
    const lines = [table.columns.map((column) => column.name).join(';')];
    tableRows.forEach((row, i) => {
      for (const name of Object.keys(row))
        if (!known.has(name)) throw new DsfinvkError(`${table.file}: no column ${name}`);
      lines.push(
        table.columns
          .map((column) => formatCell(column, row[column.name], `${table.file} row ${i + 1}`))
          .join(';'),
      );
    });
    files[table.file] = `${lines.join('\r\n')}\r\n`;
  }
  return files;
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.xml of the official structure (GDPdU), naming every file and column. */
export function writeIndexXml(): string {
  const out = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<!DOCTYPE DataSet SYSTEM "gdpdu-01-09-2004.dtd">',
    '<DataSet>',
    '  <Version>1.0</Version>',
    '  <DataSupplier>',
    '    <Name />',
    '    <Location />',
    '    <Comment>Datentraegerueberlassung nach GDPdU vom 12.11.2010</Comment>',
    '  </DataSupplier>',
    '  <Media>',
    '    <Name>CD Nummer 1</Name>',
  ];
  for (const table of DSFINVK_TABLES) {
    out.push(
      '    <Table>',
      `      <URL>${xmlText(table.file)}</URL>`,
      `      <Name>${xmlText(table.name)}</Name>`,
      `      <Description>${xmlText(table.description)}</Description>`,
      '      <UTF8 />',
      '      <DecimalSymbol>,</DecimalSymbol>',
      '      <DigitGroupingSymbol>.</DigitGroupingSymbol>',
      '      <Range>',
      '        <From>2</From>',
      '      </Range>',
      '      <VariableLength>',
      '        <ColumnDelimiter>;</ColumnDelimiter>',
      '        <RecordDelimiter>&#xD;&#xA;</RecordDelimiter>',
      '        <TextEncapsulator>"</TextEncapsulator>',
    );
    for (const column of table.columns) {
      out.push('        <VariableColumn>', `          <Name>${xmlText(column.name)}</Name>`);
      if (column.description) out.push(`          <Description>${xmlText(column.description)}</Description>`);
      if (column.type === 'numeric') {
        out.push(
          ...(column.decimals === undefined
            ? ['          <Numeric />']
            : [
                '          <Numeric>',
                `            <Accuracy>${column.decimals}</Accuracy>`,
                '          </Numeric>',
              ]),
        );
      } else if (column.type === 'date') {
        out.push('          <Date />');
      } else {
        out.push('          <AlphaNumeric />');
        if (column.maxLength !== undefined) out.push(`          <MaxLength>${column.maxLength}</MaxLength>`);
      }
      out.push('        </VariableColumn>');
    }
    out.push('      </VariableLength>', '    </Table>');
  }
  out.push('  </Media>', '</DataSet>');
  return out.join('\n');
}

/** One export: the closings' CSV files (records of every closing in one file each), index.xml, the
 * DTD and, where given, the TSE's TAR, zipped. */
export function writeDsfinvkExport(closings: DsfinvkClosing[], tseExport?: Uint8Array): Uint8Array {
  const merged: Record<string, string> = {};
  for (const closing of closings) {
    for (const [file, text] of Object.entries(writeCsvFiles(closing))) {
      merged[file] = merged[file] === undefined ? text : merged[file] + text.slice(text.indexOf('\r\n') + 2);
    }
  }
  if (closings.length === 0)
    for (const table of DSFINVK_TABLES)
      merged[table.file] = `${table.columns.map((c) => c.name).join(';')}\r\n`;
  const encode = (text: string) => new TextEncoder().encode(text);
  const entries: Record<string, Uint8Array> = {
    'index.xml': encode(writeIndexXml()),
    'gdpdu-01-09-2004.dtd': encode(GDPDU_DTD),
  };
  for (const [file, text] of Object.entries(merged)) entries[file] = encode(text);
  if (tseExport) entries['tse-export.tar'] = tseExport;
  return zipSync(entries, { level: 6, mtime: new Date('2026-01-01T00:00:00Z') });
}
