// The DSFinV-K export of a fixture day, signed by the test TSE: every written file matches the
// official index.xml (test/fixtures/fiscal-de) column by column (names, order, numeric decimals with a
// decimal comma, text in quotes within its maximum length, CRLF), index.xml itself matches the
// official one, the TSE export lies beside it, and the totals match the day's Z report.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DsfinvkClosing, DsfinvkTransaction } from '../../../src/server/fiscal/de/dsfinvk/closing.ts';
import {
  SIGNED_LATE_ERROR,
  tseMasterOf,
  tseTransactionOf,
} from '../../../src/server/fiscal/de/dsfinvk/from-signing.ts';
import { formatNumeric, writeDsfinvkExport } from '../../../src/server/fiscal/de/dsfinvk/writer.ts';
import { createGermanFiscal, type GermanFiscal } from '../../../src/server/fiscal/de/germany.ts';
import type { FiscalSale } from '../../../src/server/fiscal/fiscal-sale.ts';
import { readTar } from '../../../src/server/fiscal/tar.ts';
import { FISCAL_DE_FIXTURES } from '../../fixtures/fixture-files.ts';
import { cells, checkTableFile, officialTables } from './dsfinvk-structure.ts';

const official = readFileSync(join(FISCAL_DE_FIXTURES, 'index.xml'), 'utf8');
const TABLES = officialTables(official);

let fiscal: GermanFiscal;
let closing: DsfinvkClosing;
let archive: Record<string, Uint8Array>;
const text = (file: string) => new TextDecoder('utf-8', { fatal: true }).decode(archive[file]);

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 17, minute)).toISOString();
const sale = (id: string, minute: number, fields: Partial<FiscalSale>): FiscalSale => ({
  saleId: id,
  kind: 'sale',
  recordedAt: at(minute),
  grossCentsByVatId: {},
  payments: { cashCents: 0, nonCashCents: 0 },
  ...fields,
});

beforeAll(async () => {
  fiscal = createGermanFiscal({ dataDir: null, testMode: true, budgetMs: 500 });
  await fiscal.setUp('HOTEL-TILL BAR 1');
  const sales: FiscalSale[] = [
    sale('bon-1', 1, {
      grossCentsByVatId: { 1: 1190, 2: 535 },
      payments: { cashCents: 1725, nonCashCents: 0 },
    }),
    sale('bon-2', 5, { grossCentsByVatId: { 1: 2380 }, payments: { cashCents: 0, nonCashCents: 2380 } }),
    sale('bon-3', 9, {
      kind: 'room-charge',
      grossCentsByVatId: { 1: 595 },
      references: { reservationId: 'R-4711' },
    }),
    sale('bon-4', 12, {
      kind: 'void',
      grossCentsByVatId: { 1: -1190, 2: -535 },
      payments: { cashCents: -1725, nonCashCents: 0 },
      references: { originalSaleId: 'bon-1' },
    }),
  ];
  for (const s of sales) expect((await fiscal.sign(s)).status).toBe('signed');
  // An outage: bon-5 is signed late, bon-6 never (the TSE is still down at closing).
  fiscal.testTse!.faults.inject({ kind: 'server-error' });
  const late = sale('bon-5', 20, {
    grossCentsByVatId: { 2: 321 },
    payments: { cashCents: 321, nonCashCents: 0 },
  });
  expect((await fiscal.sign(late)).status).toBe('unsigned');
  fiscal.testTse!.faults.clear();
  expect(await fiscal.signing.recover()).toBe(true);
  fiscal.testTse!.faults.inject({ kind: 'server-error' });
  const never = sale('bon-6', 30, {
    grossCentsByVatId: { 1: 450 },
    payments: { cashCents: 450, nonCashCents: 0 },
  });
  expect((await fiscal.sign(never)).status).toBe('unsigned');
  fiscal.testTse!.faults.clear();

  const setup = fiscal.store.setup()!;
  const certificate = (await fiscal.client.getTss(setup.tssId)).certificate;
  const line = (id: string, text: string, vatId: number, grossCents: number) => ({
    lineId: id,
    text,
    quantityThousandths: 1000 * Math.sign(grossCents),
    unitGrossCents: Math.abs(grossCents),
    vatId,
    grossCents,
    inHouse: vatId === 1,
  });
  const tx = (
    id: string,
    number: number,
    bonType: string,
    fields: Partial<DsfinvkTransaction>,
  ): DsfinvkTransaction => {
    const row = fiscal.store.get(id)!;
    const tse = tseTransactionOf(row);
    return {
      bonId: id,
      bonNumber: number,
      bonType,
      terminalId: 'tablet-1',
      start: row.recordedAt,
      end: row.recordedAt,
      operatorId: 'mia',
      operatorName: 'Mia "die Schnelle" Müller',
      lines: [],
      payments: [],
      ...(tse ? { tse } : {}),
      ...fields,
    };
  };
  closing = {
    cashRegisterId: 'HOTEL-TILL BAR 1',
    closingNumber: 42,
    createdAt: at(59),
    company: {
      name: 'Hotel Am See GmbH',
      street: 'Seestraße 1',
      postalCode: '82319',
      city: 'Starnberg',
      country: 'DEU',
      taxNumber: '117/123/45678',
      vatId: 'DE123456789',
    },
    location: {
      name: 'Hotel Am See, Bar',
      street: 'Seestraße 1',
      postalCode: '82319',
      city: 'Starnberg',
      country: 'DEU',
    },
    cashRegister: {
      brand: 'Hotel Till',
      model: 'Server',
      serial: 'HOTEL-TILL BAR 1',
      softwareBrand: 'Hotel Till',
      softwareVersion: '0.1.0',
    },
    terminals: [
      {
        id: 'tablet-1',
        brand: 'Apple',
        model: 'iPad',
        serial: 'DMPX1234',
        softwareBrand: 'Hotel Till PWA',
        softwareVersion: '0.1.0',
      },
    ],
    tse: [tseMasterOf(setup, certificate)],
    vatRates: [
      { id: 1, rateHundredths: 1900, description: 'Regelsteuersatz' },
      { id: 2, rateHundredths: 700, description: 'Ermäßigter Steuersatz' },
      { id: 5, rateHundredths: 0, description: 'Nicht steuerbar' },
    ],
    transactions: [
      tx('bon-1', 1, 'Beleg', {
        lines: [line('1', 'Helles 0,5 l', 1, 1190), line('2', 'Brezel; "to go"', 2, 535)],
        payments: [{ type: 'Bar', amountCents: 1725 }],
      }),
      tx('bon-2', 2, 'Beleg', {
        lines: [line('1', 'Weißwurstfrühstück', 1, 2380)],
        payments: [{ type: 'ECKarte', amountCents: 2380 }],
      }),
      tx('bon-3', 3, 'AVTransfer', {
        lines: [line('1', 'Minibar Wasser', 1, 595)],
        references: [{ type: 'ExterneSonstige', name: 'PMS reservation R-4711', date: at(9) }],
      }),
      tx('bon-4', 4, 'AVBelegstorno', {
        lines: [line('1', 'Helles 0,5 l', 1, -1190), line('2', 'Brezel; "to go"', 2, -535)],
        payments: [{ type: 'Bar', amountCents: -1725 }],
        references: [
          {
            type: 'Transaktion',
            closingCashRegisterId: 'HOTEL-TILL BAR 1',
            closingNumber: 42,
            bonId: 'bon-1',
            date: at(1),
          },
        ],
      }),
      tx('bon-5', 5, 'Beleg', {
        lines: [line('1', 'Kaffee', 2, 321)],
        payments: [{ type: 'Bar', amountCents: 321 }],
      }),
      tx('bon-6', 6, 'Beleg', {
        lines: [line('1', 'Cola', 1, 450)],
        payments: [{ type: 'Bar', amountCents: 450 }],
      }),
    ],
  };
  archive = unzipSync(writeDsfinvkExport([closing], await fiscal.exportTse()));
});
afterAll(() => fiscal.close());

describe('the DSFinV-K export of a fixture day', () => {
  it('holds the 20 files of the official structure, index.xml, the DTD and the TSE export', () => {
    expect(Object.keys(archive).sort()).toEqual(
      [...TABLES.map((t) => t.file), 'index.xml', 'gdpdu-01-09-2004.dtd', 'tse-export.tar'].sort(),
    );
    expect(text('index.xml')).toBe(official);
    expect(text('gdpdu-01-09-2004.dtd')).toBe(
      readFileSync(join(FISCAL_DE_FIXTURES, 'gdpdu-01-09-2004.dtd'), 'utf8'),
    );
    const tar = readTar(archive['tse-export.tar']!);
    const logs = tar.filter((entry) => entry.name.endsWith('.log'));
    expect(logs).toHaveLength(5 * 2); // start and finish of the five signed sales
  });

  it.each(TABLES.map((table) => [table.file, table] as const))(
    '%s matches index.xml column by column',
    (_file, table) => checkTableFile(table, text(table.file)),
  );

  it('writes the single records: the outage sale signed late carries TSE_TA_FEHLER, the unsigned one has no TSE row', () => {
    const rows = text('transactions_tse.csv').trim().split('\r\n').slice(1).map(cells);
    const column = (name: string) =>
      TABLES.find((t) => t.file === 'transactions_tse.csv')!.columns.findIndex((c) => c.name === name);
    const byBon = new Map(rows.map((row) => [row[column('BON_ID')]!, row]));
    expect([...byBon.keys()]).toEqual(['"bon-1"', '"bon-2"', '"bon-3"', '"bon-4"', '"bon-5"']);
    expect(byBon.get('"bon-5"')![column('TSE_TA_FEHLER')]).toBe(`"${SIGNED_LATE_ERROR}"`);
    expect(byBon.get('"bon-1"')![column('TSE_TA_FEHLER')]).toBe('');
    expect(byBon.get('"bon-3"')![column('TSE_VORGANGSDATEN')]).toBe('"AVTransfer^5.95_0.00_0.00_0.00_0.00^"');
    expect(text('transactions.csv')).toContain('"Mia ""die Schnelle"" Müller"');
    expect(text('lines.csv')).toContain('"Brezel; ""to go"""');
    expect(text('references.csv')).toContain(
      '"Transaktion";;"2026-11-26T18:01:00+01:00";"HOTEL-TILL BAR 1";42;"bon-1"\r\n',
    );
  });

  it("adds up to the day's Z report", () => {
    // The Z report of the fixture day, by hand: 19 %: 11.90 + 23.80 + 5.95 - 11.90 + 4.50 = 34.25;
    // 7 %: 5.35 - 5.35 + 3.21 = 3.21; payments: cash 17.25 - 17.25 + 3.21 + 4.50 = 7.71, card 23.80.
    const z = { gross19: 3425, gross7: 321, cash: 771, card: 2380 };
    const sum = (
      file: string,
      column: string,
      where: (row: Record<string, string>) => boolean = () => true,
    ) => {
      const table = TABLES.find((t) => t.file === file)!;
      return text(file)
        .trim()
        .split('\r\n')
        .slice(1)
        .map((record) => Object.fromEntries(cells(record).map((v, i) => [table.columns[i]!.name, v])))
        .filter(where)
        .reduce((total, row) => total + Math.round(Number(row[column]!.replace(',', '.')) * 100), 0);
    };
    expect(sum('businesscases.csv', 'Z_UMS_BRUTTO', (row) => row.UST_SCHLUESSEL === '1')).toBe(z.gross19);
    expect(sum('businesscases.csv', 'Z_UMS_BRUTTO', (row) => row.UST_SCHLUESSEL === '2')).toBe(z.gross7);
    expect(sum('transactions.csv', 'UMS_BRUTTO')).toBe(z.gross19 + z.gross7);
    expect(sum('payment.csv', 'Z_ZAHLART_BETRAG', (row) => row.ZAHLART_TYP === '"Bar"')).toBe(z.cash);
    expect(sum('payment.csv', 'Z_ZAHLART_BETRAG', (row) => row.ZAHLART_TYP === '"ECKarte"')).toBe(z.card);
    expect(sum('cashpointclosing.csv', 'Z_SE_ZAHLUNGEN')).toBe(z.cash + z.card);
    expect(sum('cashpointclosing.csv', 'Z_SE_BARZAHLUNGEN')).toBe(z.cash);
    expect(sum('cash_per_currency.csv', 'ZAHLART_BETRAG_WAEH')).toBe(z.cash);
    // Net and VAT of 19 %: 34.25 / 1.19 = 28.78 net, 5.47 VAT.
    expect(sum('businesscases.csv', 'Z_UMS_NETTO', (row) => row.UST_SCHLUESSEL === '1')).toBe(2878);
    expect(sum('businesscases.csv', 'Z_UST', (row) => row.UST_SCHLUESSEL === '1')).toBe(547);
  });

  it('writes several closings into one set of files: one header, the records of each, keyed by its Z_NR', () => {
    const next = { ...closing, closingNumber: 43, transactions: closing.transactions.slice(0, 2) };
    const both = unzipSync(writeDsfinvkExport([closing, next]));
    const records = new TextDecoder().decode(both['transactions.csv']).trim().split('\r\n');
    expect(records[0]!.startsWith('Z_KASSE_ID;')).toBe(true);
    expect(records.filter((record) => record.startsWith('Z_KASSE_ID'))).toHaveLength(1);
    expect(records.slice(1).map((record) => cells(record)[2])).toEqual([
      '42',
      '42',
      '42',
      '42',
      '42',
      '42',
      '43',
      '43',
    ]);
    expect(both['tse-export.tar']).toBeUndefined();
  });

  it('formats numbers with exactly the declared decimals and a decimal comma', () => {
    expect(formatNumeric({ units: 1725, scale: 2 }, 2)).toBe('17,25');
    expect(formatNumeric({ units: -5, scale: 2 }, 5)).toBe('-0,05000');
    expect(formatNumeric({ units: 1000, scale: 3 }, 3)).toBe('1,000');
    expect(formatNumeric({ units: 42, scale: 0 }, 0)).toBe('42');
    expect(() => formatNumeric({ units: 1, scale: 3 }, 2)).toThrow();
  });
});
