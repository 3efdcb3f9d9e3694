// Order tickets (a second send prints only what was added, each line at the printer its commodity
// group routes to), German text in the code page byte for byte as the encoder's table has it, and
// the X/Z report slip from its plain input.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderDocument } from '../../../src/server/printing/documents.ts';
import { CodepageEncoder } from '../../../src/server/printing/encoder.ts';
import { decode, slipText, type TextLine } from '../../../src/server/printing/escpos-decoder.ts';
import { type PrinterDouble, startPrinterDouble } from '../../../src/server/printing/printer-double.ts';
import { printerAt } from '../../support/printers.ts';
import { type PrintSetup, printSetup } from './printing-support.ts';

describe('order tickets', () => {
  let setup: PrintSetup;
  let kitchen: PrinterDouble;
  beforeEach(async () => {
    setup = await printSetup();
    kitchen = await startPrinterDouble();
    // The bar's own order printer takes drinks (groups 1 and 2); the kitchen takes food (3).
    setup.printing.printers.add(printerAt(setup.printer, { role: 'order', name: 'Bar', groups: '1, 2' }));
    setup.printing.printers.add(printerAt(kitchen, { role: 'order', name: 'Küche', groups: '3' }));
  });
  afterEach(async () => {
    await kitchen.close();
    await setup.close();
  });

  const order = (lines: { key: string; name: string; quantity: number; group: number }[]) => ({
    ticketId: 'ticket-7',
    place: 'Tisch 4',
    staffName: 'Mia',
    note: 'Allergie: Nüsse',
    lines: lines.map(({ key, name, quantity, group }) => ({ key, name, quantity, commodityGroupId: group })),
  });

  it('prints the first round by routing, and on the second send only the lines added since', async () => {
    const first = await setup.tablet(
      '/till/print/order',
      order([
        { key: 'p1', name: 'Pils 0,5 l', quantity: 2, group: 1 },
        { key: 'p9', name: 'Wiener Schnitzel', quantity: 1, group: 3 },
      ]),
    );
    expect(first.status).toBe(200);
    expect(first.body.jobs).toHaveLength(2);
    const [barFirst] = await setup.printer.waitForSlips(1);
    const [kitchenFirst] = await kitchen.waitForSlips(1);
    expect(slipText(barFirst!)).toContain('2 x Pils 0,5 l');
    expect(slipText(barFirst!)).not.toContain('Schnitzel');
    expect(slipText(kitchenFirst!)).toContain('1 x Wiener Schnitzel');
    expect(slipText(kitchenFirst!)).toContain('Tisch 4');
    expect(slipText(kitchenFirst!)).toContain('Allergie: Nüsse');
    const large = kitchenFirst!.items.filter(
      (item): item is TextLine => item.kind === 'text' && item.width === 2,
    );
    expect(large.map((line) => line.text)).toContain('1 x Wiener Schnitzel');

    // Round two: one more Pils, a new Radler, the Schnitzel unchanged.
    const second = await setup.tablet(
      '/till/print/order',
      order([
        { key: 'p1', name: 'Pils 0,5 l', quantity: 3, group: 1 },
        { key: 'p9', name: 'Wiener Schnitzel', quantity: 1, group: 3 },
        { key: 'p4', name: 'Radler', quantity: 1, group: 2 },
      ]),
    );
    expect(second.body.jobs).toHaveLength(1);
    const bar = await setup.printer.waitForSlips(2);
    const barSecond = slipText(bar[1]!);
    expect(barSecond).toContain('1 x Pils 0,5 l');
    expect(barSecond).toContain('1 x Radler');
    expect(barSecond).toContain('Runde 2');
    expect(barSecond).not.toContain('Schnitzel');
    // The same send again (a resend) prints nothing more.
    const again = await setup.tablet(
      '/till/print/order',
      order([
        { key: 'p1', name: 'Pils 0,5 l', quantity: 3, group: 1 },
        { key: 'p9', name: 'Wiener Schnitzel', quantity: 1, group: 3 },
        { key: 'p4', name: 'Radler', quantity: 1, group: 2 },
      ]),
    );
    expect(again.body.jobs).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(setup.printer.printed).toHaveLength(2);
    expect(kitchen.printed).toHaveLength(1);
  });

  it('names the lines no order printer takes', async () => {
    const sent = await setup.tablet(
      '/till/print/order',
      order([{ key: 'p5', name: 'Zeitung', quantity: 1, group: 9 }]),
    );
    expect(sent.body).toEqual({ jobs: [], unrouted: ['Zeitung'] });
  });
});

describe('German text in the code page', () => {
  const text = 'Grüße aus Köln: Äpfel, Öl – 12,50 € ß'; // fits one 80 mm line
  it('comes out as the encoder’s cp858 table has it, byte for byte, and reads back the same', () => {
    const bytes = renderDocument(
      { kind: 'test', printerName: text, language: 'de' },
      { widthMm: 80, codepage: 'cp858' },
    );
    // "–" (en dash) is not in cp858: the encoder prints "?" for it; everything else is in the table.
    const expected = CodepageEncoder.encode(text.replace('–', '?'), 'cp858');
    expect([...expected.slice(0, 5)]).toEqual([0x47, 0x72, 0x81, 0xe1, 0x65]); // G r ü ß e
    expect(expected[expected.length - 3]).toBe(0xd5); // €
    const haystack = Buffer.from(bytes);
    expect(haystack.indexOf(Buffer.from(expected))).toBeGreaterThan(0);
    // ESC t 19 selects cp858 before it.
    expect(haystack.indexOf(Buffer.from([0x1b, 0x74, 19]))).toBeGreaterThan(-1);
    expect(slipText(decode(bytes)[0]!)).toContain(text.replace('–', '?'));
  });

  it('uses € at 0x80 in windows-1252, as its table has it', () => {
    const bytes = renderDocument(
      { kind: 'test', printerName: 'Preis 5 €', language: 'de' },
      { widthMm: 58, codepage: 'windows1252' },
    );
    const expected = CodepageEncoder.encode('Preis 5 € Umlaute: ÄÖÜ äöü ß', 'windows1252');
    expect(expected[8]).toBe(0x80);
    expect(
      Buffer.from(bytes).indexOf(Buffer.from(CodepageEncoder.encode('Preis 5 €', 'windows1252'))),
    ).toBeGreaterThan(0);
    expect(slipText(decode(bytes)[0]!)).toContain('Umlaute: ÄÖÜ äöü ß, Euro: €');
  });
});

describe('report slips', () => {
  it('prints a Z report from its plain input, totals per tax and payment', () => {
    const bytes = renderDocument(
      {
        kind: 'report',
        language: 'de',
        report: {
          kind: 'Z',
          number: 42,
          outletName: 'Bar',
          tillName: 'Bar 1',
          openedAt: Date.parse('2026-11-22T08:00:00+01:00'),
          closedAt: Date.parse('2026-11-22T23:00:00+01:00'),
          printedAt: Date.parse('2026-11-22T23:01:00+01:00'),
          staffName: 'Anna',
          currency: 'EUR',
          sales: { count: 12, grossCents: 15_360 },
          taxes: [{ name: '19 %', ratePercent: 19, netCents: 12_908, taxCents: 2452, grossCents: 15_360 }],
          payments: [
            { name: 'Bar', count: 9, cents: 11_520 },
            { name: 'Karte', count: 3, cents: 3840 },
          ],
          cancellations: { count: 1, cents: 450 },
          refunds: { count: 0, cents: 0 },
          byStaff: [{ name: 'Mia', count: 12, cents: 15_360 }],
          cashExpectedCents: 11_520,
        },
      },
      { widthMm: 80, codepage: 'cp858' },
    );
    const [slip] = decode(bytes);
    const text = slipText(slip!);
    expect(text).toContain('Z-BERICHT');
    expect(text).toContain('Nr. 42');
    expect(text).toMatch(/Umsätze \(12\)\s+153,60 €/);
    expect(text).toMatch(/Bar \(9\)\s+115,20 €/);
    expect(text).toMatch(/Stornos \(1\)\s+-4,50 €/);
    expect(text).toMatch(/Bargeld in der Kasse \(Soll\)\s+115,20 €/);
    expect(slip!.items.some((item) => item.kind === 'drawer')).toBe(false);
    expect(slip!.cut).toBe('partial');
  });
});
