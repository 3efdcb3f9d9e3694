// A receipt with a line discount and a ticket discount, as the printer double prints it (issue 33):
// each line at its own price (after its line discount), the same product at one price as one line,
// then Subtotal and the ticket's Discount, and the total the ledger's to the cent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { ledgerLine } from '../ledger/ledger-support.ts';
import { type PrintSetup, printSetup, recordBarSale } from './printing-support.ts';

let setup: PrintSetup;
beforeEach(async () => {
  setup = await printSetup();
});
afterEach(() => setup.close());

/** The slip's lines, runs of spaces made one (the columns' padding is the layout's, not the content). */
const linesOf = (text: string) => text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());

describe('a receipt with a line discount and a ticket discount', () => {
  it('prints lines at their own price, "2 x Helles" once, then Subtotal and Discount; the total unchanged', async () => {
    // 2 Helles at 4.20 less 10 % (3.78 each), a Cappuccino 3.30, a Schnitzel 15.90: 26.76, less 2.00.
    // The tablet spreads the 2.00 over the lines to the cent, splitting the Helles to do it.
    const helles = { name: 'Helles 0,5 l', cataloguePriceCents: 420, discount: { percent: 10 } };
    const lines = [
      ledgerLine(1, 1, 350, helles),
      ledgerLine(1, 1, 349, helles),
      ledgerLine(2, 1, 305, { name: 'Cappuccino', cataloguePriceCents: 330 }),
      ledgerLine(3, 1, 1472, { name: 'Schnitzel', cataloguePriceCents: 1590 }),
    ];
    const answer = await recordBarSale(setup, 'd1', {
      lines,
      totalCents: 2476,
      ticketDiscount: { amountCents: 200 },
      payments: [{ method: 'cash', amountCents: 2476, tenderedCents: 3000, changeCents: 524 }],
    });
    expect(answer.status).toBe(200);

    const [slip] = await setup.printer.waitForSlips(1);
    const printed = linesOf(slipText(slip!));
    const sold = printed.filter((line) => /^\d+ x \D/.test(line));
    expect(sold).toEqual(['2 x Helles 0,5 l 7,56 €', '1 x Cappuccino 3,30 €', '1 x Schnitzel 15,90 €']);
    expect(printed).toContain('2 x 3,78 € (statt 4,20 €)');
    expect(printed).toContain('Zwischensumme 26,76 €');
    expect(printed).toContain('Rabatt -2,00 €');
    expect(printed.some((line) => /^Summe 24,76 €$/.test(line))).toBe(true);
  });
});
