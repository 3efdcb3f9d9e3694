// Writes a DSFinV-K export: the 20 CSV files and index.xml of the official structure (structure.ts:
// column names and order, decimal comma, no digit grouping, `;` between columns, `"` around text,
// CRLF after every record, a header row, UTF-8), the GDPdU DTD, and the TSE export beside them,
// packed in one zip (fflate). Amounts are integer cents inside; totals are summed here, so the
// closing files always agree with the single records.
import { zipSync } from 'fflate';
import type { DsfinvkClosing, DsfinvkLine, DsfinvkTransaction } from './closing.ts';
import { DSFINVK_TABLES, type DsfinvkColumn, GDPDU_DTD } from './structure.ts';

/** A number as whole units of 10^-scale (cents: scale 2; thousandths: scale 3). */
export interface Decimal {
  units: number;
  scale: number;
}
type Value = string | Decimal | undefined;
type Row = Record<string, Value>;

export const TAXONOMY_VERSION = '2.3';
const cents = (units: number): Decimal => ({ units, scale: 2 });
const whole = (units: number): Decimal => ({ units, scale: 0 });

export class DsfinvkError extends Error {}

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

/** Net cents of a gross amount at a rate in hundredths of a percent, rounded half away from zero. */
export function netOf(grossCents: number, rateHundredths: number): number {
  const net = Math.round((Math.abs(grossCents) * 10_000) / (10_000 + rateHundredths));
  return grossCents < 0 ? -net : net;
}

/** Seconds-precision ISO time (DSFinV-K's YYYY-MM-DDThh:mm:ss, in UTC with Z). */
const time = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
const flag = (on: boolean | undefined) => (on ? '1' : '0');

function rows(closing: DsfinvkClosing): Record<string, Row[]> {
  const key: Row = {
    Z_KASSE_ID: closing.cashRegisterId,
    Z_ERSTELLUNG: time(closing.createdAt),
    Z_NR: whole(closing.closingNumber),
  };
  const rate = new Map(closing.vatRates.map((vat) => [vat.id, vat.rateHundredths]));
  const lineNet = (line: DsfinvkLine) => {
    if (line.netCents !== undefined) return line.netCents;
    const r = rate.get(line.vatId);
    if (r === undefined)
      throw new DsfinvkError(`line ${line.lineId}: VAT id ${line.vatId} is not in vatRates`);
    return netOf(line.grossCents, r);
  };
  const txGross = (tx: DsfinvkTransaction) => tx.lines.reduce((sum, line) => sum + line.grossCents, 0);
  const payments = closing.transactions.flatMap((tx) => tx.payments);
  const sumBy = <T>(items: T[], keyOf: (item: T) => string, add: (item: T) => number[]) => {
    const sums = new Map<string, { first: T; totals: number[] }>();
    for (const item of items) {
      const k = keyOf(item);
      const entry = sums.get(k) ?? { first: item, totals: [] };
      add(item).forEach((n, i) => {
        entry.totals[i] = (entry.totals[i] ?? 0) + n;
      });
      sums.set(k, entry);
    }
    return [...sums.values()];
  };
  const allLines = closing.transactions.flatMap((tx) => tx.lines);
  const txs = closing.transactions;
  const certificate = (tse: DsfinvkClosing['tse'][number], part: 0 | 1) =>
    tse.certificate.slice(part * 1000, part * 1000 + 1000);

  return {
    'cashpointclosing.csv': [
      {
        ...key,
        Z_BUCHUNGSTAG: closing.bookingDay,
        TAXONOMIE_VERSION: TAXONOMY_VERSION,
        Z_START_ID: txs[0]?.bonId,
        Z_ENDE_ID: txs.at(-1)?.bonId,
        NAME: closing.company.name,
        STRASSE: closing.company.street,
        PLZ: closing.company.postalCode,
        ORT: closing.company.city,
        LAND: closing.company.country,
        STNR: closing.company.taxNumber,
        USTID: closing.company.vatId,
        Z_SE_ZAHLUNGEN: cents(payments.reduce((sum, p) => sum + (p.baseAmountCents ?? p.amountCents), 0)),
        Z_SE_BARZAHLUNGEN: cents(
          payments
            .filter((p) => p.type === 'Bar')
            .reduce((sum, p) => sum + (p.baseAmountCents ?? p.amountCents), 0),
        ),
      },
    ],
    'location.csv': [
      {
        ...key,
        LOC_NAME: closing.location.name,
        LOC_STRASSE: closing.location.street,
        LOC_PLZ: closing.location.postalCode,
        LOC_ORT: closing.location.city,
        LOC_LAND: closing.location.country,
        LOC_USTID: closing.location.vatId,
      },
    ],
    'cashregister.csv': [
      {
        ...key,
        KASSE_BRAND: closing.cashRegister.brand,
        KASSE_MODELL: closing.cashRegister.model,
        KASSE_SERIENNR: closing.cashRegister.serial,
        KASSE_SW_BRAND: closing.cashRegister.softwareBrand,
        KASSE_SW_VERSION: closing.cashRegister.softwareVersion,
        KASSE_BASISWAEH_CODE: closing.cashRegister.baseCurrency ?? 'EUR',
        KEINE_UST_ZUORDNUNG: '',
      },
    ],
    'slaves.csv': closing.terminals.map((t) => ({
      ...key,
      TERMINAL_ID: t.id,
      TERMINAL_BRAND: t.brand,
      TERMINAL_MODELL: t.model,
      TERMINAL_SERIENNR: t.serial,
      TERMINAL_SW_BRAND: t.softwareBrand,
      TERMINAL_SW_VERSION: t.softwareVersion,
    })),
    'pa.csv': (closing.agencies ?? []).map((a) => ({
      ...key,
      AGENTUR_ID: whole(a.id),
      AGENTUR_NAME: a.name,
      AGENTUR_STRASSE: a.street,
      AGENTUR_PLZ: a.postalCode,
      AGENTUR_ORT: a.city,
      AGENTUR_LAND: a.country,
      AGENTUR_STNR: a.taxNumber,
      AGENTUR_USTID: a.vatId,
    })),
    'tse.csv': closing.tse.map((tse) => ({
      ...key,
      TSE_ID: whole(tse.id),
      TSE_SERIAL: tse.serial,
      TSE_SIG_ALGO: tse.algorithm,
      TSE_ZEITFORMAT: tse.timeFormat,
      TSE_PD_ENCODING: tse.encoding,
      TSE_PUBLIC_KEY: tse.publicKey,
      TSE_ZERTIFIKAT_I: certificate(tse, 0),
      TSE_ZERTIFIKAT_II: certificate(tse, 1),
    })),
    'vat.csv': closing.vatRates.map((vat) => ({
      ...key,
      UST_SCHLUESSEL: whole(vat.id),
      UST_SATZ: cents(vat.rateHundredths),
      UST_BESCHR: vat.description,
    })),
    'businesscases.csv': sumBy(
      allLines,
      (line) =>
        [line.businessCase ?? 'Umsatz', line.businessCaseName ?? '', line.agencyId ?? 0, line.vatId].join(
          '\u0000',
        ),
      (line) => [line.grossCents, lineNet(line)],
    ).map(({ first, totals: [gross = 0, net = 0] }) => ({
      ...key,
      GV_TYP: first.businessCase ?? 'Umsatz',
      GV_NAME: first.businessCaseName,
      AGENTUR_ID: whole(first.agencyId ?? 0),
      UST_SCHLUESSEL: whole(first.vatId),
      Z_UMS_BRUTTO: cents(gross),
      Z_UMS_NETTO: cents(net),
      Z_UST: cents(gross - net),
    })),
    'payment.csv': sumBy(
      payments,
      (p) => `${p.type}\u0000${p.name ?? ''}`,
      (p) => [p.baseAmountCents ?? p.amountCents],
    ).map(({ first, totals: [amount = 0] }) => ({
      ...key,
      ZAHLART_TYP: first.type,
      ZAHLART_NAME: first.name,
      Z_ZAHLART_BETRAG: cents(amount),
    })),
    'cash_per_currency.csv': sumBy(
      payments.filter((p) => p.type === 'Bar'),
      (p) => p.currency ?? 'EUR',
      (p) => [p.amountCents],
    ).map(({ first, totals: [amount = 0] }) => ({
      ...key,
      ZAHLART_WAEH: first.currency ?? 'EUR',
      ZAHLART_BETRAG_WAEH: cents(amount),
    })),
    'transactions.csv': txs.map((tx) => ({
      ...key,
      BON_ID: tx.bonId,
      BON_NR: whole(tx.bonNumber),
      BON_TYP: tx.bonType,
      BON_NAME: tx.bonName,
      TERMINAL_ID: tx.terminalId,
      BON_STORNO: flag(tx.voided),
      BON_START: time(tx.start),
      BON_ENDE: time(tx.end),
      BEDIENER_ID: tx.operatorId,
      BEDIENER_NAME: tx.operatorName,
      UMS_BRUTTO: cents(txGross(tx)),
      KUNDE_NAME: tx.customer?.name,
      KUNDE_ID: tx.customer?.id,
      KUNDE_TYP: tx.customer?.type,
      KUNDE_STRASSE: tx.customer?.street,
      KUNDE_PLZ: tx.customer?.postalCode,
      KUNDE_ORT: tx.customer?.city,
      KUNDE_LAND: tx.customer?.country,
      KUNDE_USTID: tx.customer?.vatId,
      BON_NOTIZ: tx.note,
    })),
    'datapayment.csv': txs.flatMap((tx) =>
      sumBy(
        tx.payments,
        (p) => `${p.type}\u0000${p.name ?? ''}\u0000${p.currency ?? 'EUR'}`,
        (p) => [p.amountCents, p.baseAmountCents ?? p.amountCents],
      ).map(({ first, totals: [amount = 0, base = 0] }) => ({
        ...key,
        BON_ID: tx.bonId,
        ZAHLART_TYP: first.type,
        ZAHLART_NAME: first.name,
        ZAHLWAEH_CODE: first.currency ?? 'EUR',
        ZAHLWAEH_BETRAG: cents(amount),
        BASISWAEH_BETRAG: cents(base),
      })),
    ),
    'lines.csv': txs.flatMap((tx) =>
      tx.lines.map((line) => ({
        ...key,
        BON_ID: tx.bonId,
        POS_ZEILE: line.lineId,
        GUTSCHEIN_NR: undefined,
        ARTIKELTEXT: line.text,
        POS_TERMINAL_ID: tx.terminalId,
        GV_TYP: line.businessCase ?? 'Umsatz',
        GV_NAME: line.businessCaseName,
        INHAUS: flag(line.inHouse),
        P_STORNO: flag(line.voided),
        AGENTUR_ID: whole(line.agencyId ?? 0),
        ART_NR: line.articleNumber,
        GTIN: undefined,
        WARENGR_ID: line.groupId,
        WARENGR: line.groupName,
        MENGE: { units: line.quantityThousandths, scale: 3 },
        FAKTOR: { units: 1000, scale: 3 },
        EINHEIT: line.unit,
        STK_BR: cents(line.unitGrossCents),
      })),
    ),
    'itemamounts.csv': txs.flatMap((tx) =>
      tx.lines.map((line) => {
        const net = lineNet(line);
        return {
          ...key,
          BON_ID: tx.bonId,
          POS_ZEILE: line.lineId,
          TYP: 'base_amount',
          UST_SCHLUESSEL: whole(line.vatId),
          PF_BRUTTO: cents(line.grossCents),
          PF_NETTO: cents(net),
          PF_UST: cents(line.grossCents - net),
        };
      }),
    ),
    'subitems.csv': [],
    'transactions_tse.csv': txs
      .filter((tx) => tx.tse)
      .map((tx) => ({
        ...key,
        BON_ID: tx.bonId,
        TSE_ID: whole(tx.tse!.tseId),
        TSE_TANR: whole(tx.tse!.txNumber),
        TSE_TA_START: time(tx.tse!.start),
        TSE_TA_ENDE: time(tx.tse!.end),
        TSE_TA_VORGANGSART: tx.tse!.processType,
        TSE_TA_SIGZ: whole(tx.tse!.signatureCounter),
        TSE_TA_SIG: tx.tse!.signature,
        TSE_TA_FEHLER: tx.tse!.error,
        TSE_VORGANGSDATEN: tx.tse!.processData,
      })),
    'transactions_vat.csv': txs.flatMap((tx) =>
      sumBy(
        tx.lines,
        (line) => String(line.vatId),
        (line) => [line.grossCents, lineNet(line)],
      ).map(({ first, totals: [gross = 0, net = 0] }) => ({
        ...key,
        BON_ID: tx.bonId,
        UST_SCHLUESSEL: whole(first.vatId),
        BON_BRUTTO: cents(gross),
        BON_NETTO: cents(net),
        BON_UST: cents(gross - net),
      })),
    ),
    'lines_vat.csv': txs.flatMap((tx) =>
      tx.lines.map((line) => {
        const net = lineNet(line);
        return {
          ...key,
          BON_ID: tx.bonId,
          POS_ZEILE: line.lineId,
          UST_SCHLUESSEL: whole(line.vatId),
          POS_BRUTTO: cents(line.grossCents),
          POS_NETTO: cents(net),
          POS_UST: cents(line.grossCents - net),
        };
      }),
    ),
    'allocation_groups.csv': txs
      .filter((tx) => tx.allocationGroup)
      .map((tx) => ({ ...key, BON_ID: tx.bonId, ABRECHNUNGSKREIS: tx.allocationGroup })),
    'references.csv': txs.flatMap((tx) =>
      (tx.references ?? []).map((ref) => ({
        ...key,
        BON_ID: tx.bonId,
        POS_ZEILE: ref.lineId,
        REF_TYP: ref.type,
        REF_NAME: ref.name,
        REF_DATUM: ref.date ? time(ref.date) : undefined,
        REF_Z_KASSE_ID: ref.closingCashRegisterId,
        REF_Z_NR: ref.closingNumber === undefined ? undefined : whole(ref.closingNumber),
        REF_BON_ID: ref.bonId,
      })),
    ),
  };
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
