// Order tickets of a table: drinks at the bar's printer and the first course at the kitchen's at once,
// the mains held until a waiter fires them, and a sent beer voided later prints its cancellation at
// the bar's printer, not the kitchen's; a line moved to another table is not printed again.
// Printed by the real print queue to printer doubles.
import { afterEach, describe, expect, it } from 'vitest';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { type PrinterDouble, startPrinterDouble } from '../../../src/server/printing/printer-double.ts';
import { createPrinting, type Printing } from '../../../src/server/printing/printing.ts';
import { printerAt } from '../../support/printers.ts';
import { signedApprovalFor } from './table-approvals.ts';
import { newLine, tableSetup } from './table-support.ts';

describe('a table’s rounds at the printers', () => {
  let bar: PrinterDouble;
  let kitchen: PrinterDouble;
  let printing: Printing;
  afterEach(async () => {
    await printing.stop();
    await bar.close();
    await kitchen.close();
  });
  /** The restaurant with its bar (drinks) and kitchen (food) order printers at two doubles. */
  async function withPrinters() {
    bar = await startPrinterDouble();
    kitchen = await startPrinterDouble();
    return tableSetup((hub) => {
      printing = createPrinting({
        db: hub.db,
        outlets: () => hub.outlets.list().map((o) => o.id),
        retryMs: 50,
        timeoutMs: 1000,
      });
      printing.printers.add(
        printerAt(bar, { outlet: 'restaurant', role: 'order', name: 'Bar', groups: '1' }),
      );
      printing.printers.add(
        printerAt(kitchen, { outlet: 'restaurant', role: 'order', name: 'Küche', groups: '3' }),
      );
      return printing;
    });
  }

  it('prints drinks and starters at once, mains only when fired, and a void as a cancellation at the same printer', {
    timeout: 30_000,
  }, async () => {
    const setup = await withPrinters();
    const { one, hub } = setup;
    const beer = newLine('Beer', 2, { groupId: 1, course: 0 });
    const soup = newLine('Soup', 1, { groupId: 3, course: 1, seat: 2 });
    const steak = newLine('Steak', 1, {
      groupId: 3,
      course: 2,
      modifiers: [{ name: 'medium rare', priceCents: 0 }],
    });
    const lines = [beer, soup, steak];
    await one.call('/till/tables/ops', {
      ops: [
        ...lines.map((line) => one.ops({ kind: 'add_line', tableId: 't10', line })),
        one.ops({
          kind: 'send',
          tableId: 't10',
          roundId: 'r1',
          lines: lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity })),
        }),
      ],
    });
    const [barFirst] = await bar.waitForSlips(1);
    const [kitchenFirst] = await kitchen.waitForSlips(1);
    expect(slipText(barFirst!)).toContain('2 x Beer');
    expect(slipText(barFirst!)).toContain('Tisch/Table 10 · Drinks');
    expect(slipText(kitchenFirst!)).toContain('1 x Soup');
    expect(slipText(kitchenFirst!)).toContain('Platz/Seat 2');
    expect(slipText(kitchenFirst!)).not.toContain('Steak');
    // The mains wait: a resend of the round prints nothing more, at either printer.
    await one.call('/till/tables/ops', {
      ops: [
        one.ops({
          kind: 'send',
          tableId: 't10',
          roundId: 'r1b',
          lines: lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity })),
        }),
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kitchen.count()).toBe(1);
    expect(bar.count()).toBe(1);
    const floor = (await one.call('/till/tables/floor')).body;
    expect(floor.tables.find((t: { tableId: string }) => t.tableId === 't10').state).toBe('course_waiting');

    await one.call('/till/tables/ops', { ops: [one.ops({ kind: 'fire', tableId: 't10', course: 2 })] });
    const kitchenSlips = await kitchen.waitForSlips(2);
    expect(slipText(kitchenSlips[1]!)).toContain('1 x Steak, medium rare');
    expect(slipText(kitchenSlips[1]!)).toContain('Mains');

    const approval = await signedApprovalFor(hub, one.device.id, beer.lineId);
    const voided = await one.call(
      '/till/tables/ops',
      { ops: [one.ops({ kind: 'void', lineId: beer.lineId, quantity: 1, reason: 'spilt' })] },
      { 'x-till-approval': approval },
    );
    expect(voided.status).toBe(200);
    const barSlips = await bar.waitForSlips(2);
    expect(slipText(barSlips[1]!)).toContain('STORNO');
    expect(slipText(barSlips[1]!)).toContain('1 x Beer');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kitchen.count()).toBe(2);
  });

  it('prints a line moved to another table nothing more there, only what is sent after the move', {
    timeout: 30_000,
  }, async () => {
    const { one } = await withPrinters();
    const beer = newLine('Beer', 2, { groupId: 1 });
    const send = (tableId: string, roundId: string, quantity: number) =>
      one.ops({ kind: 'send', tableId, roundId, lines: [{ lineId: beer.lineId, quantity }] });
    await one.call('/till/tables/ops', {
      ops: [one.ops({ kind: 'add_line', tableId: 't10', line: beer }), send('t10', 'r1', 2)],
    });
    expect(slipText((await bar.waitForSlips(1))[0]!)).toContain('2 x Beer');
    // Split to table 11, merged back into 10: nothing is printed again.
    await one.call('/till/tables/ops', {
      ops: [one.ops({ kind: 'move_lines', lineIds: [beer.lineId], toTableId: 't11' })],
    });
    await one.call('/till/tables/ops', {
      ops: [one.ops({ kind: 'move_table', tableId: 't11', toTableId: 't10', lineIds: [beer.lineId] })],
    });
    await one.call('/till/tables/ops', {
      ops: [one.ops({ kind: 'move_table', tableId: 't10', toTableId: 't11', lineIds: [beer.lineId] })],
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bar.count()).toBe(1);
    // One more beer at table 11 prints that one, under table 11.
    await one.call('/till/tables/ops', {
      ops: [one.ops({ kind: 'change_quantity', lineId: beer.lineId, delta: 1 }), send('t11', 'r2', 3)],
    });
    const slips = await bar.waitForSlips(2);
    expect(slipText(slips[1]!)).toContain('1 x Beer');
    expect(slipText(slips[1]!)).toContain('Tisch/Table 11');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bar.count()).toBe(2);
  });
});
