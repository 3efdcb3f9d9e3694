// A receipt with a line discount and a ticket discount, as the printer double prints it (issue 33):
// each line at its own price (after its line discount), the same product at one price as one line,
// then Subtotal and the ticket's Discount, and the total the ledger's to the cent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { ledgerLine, SCHNITZEL } from '../ledger/ledger-support.ts';
import { type PrintSetup, printSetup, recordBarSale } from './printing-support.ts';

let setup: PrintSetup;
beforeEach(async () => {
  setup = await printSetup();
});
afterEach(() => setup.close());

/** The slip's lines, runs of spaces made one (the columns' padding is the layout's, not the content). */
/** The demo catalogue's Cappuccino, 3.90 (src/test-hotel/seed/seed-catalogue.ts). */
const CAPPUCCINO = 16;

const linesOf = (text: string) => text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());

describe('a receipt with a line discount and a ticket discount', () => {
  it('prints lines at their own price, "2 x Helles" once, then Subtotal and Discount; the total unchanged', async () => {
    // The server prices lines from the demo catalogue (catalogue/): 2 Helles (product 1 at 4.20) less
    // 10 % (3.78 each), a Cappuccino 3.90, a Schnitzel 24.50: 35.96, less 2.00. The tablet spreads the
    // 2.00 over the lines to the cent (0.42, 0.22, 1.36).
    const helles = { name: 'Helles 0,5 l', discount: { percent: 10 } };
    const lines = [
      ledgerLine(1, 1, 357, helles),
      ledgerLine(1, 1, 357, helles),
      ledgerLine(CAPPUCCINO, 1, 368, { name: 'Cappuccino' }),
      ledgerLine(SCHNITZEL, 1, 2314, { name: 'Schnitzel' }),
    ];
    const answer = await recordBarSale(setup, 'd1', {
      lines,
      totalCents: 3396,
      ticketDiscount: { amountCents: 200 },
      payments: [{ method: 'cash', amountCents: 3396, tenderedCents: 4000, changeCents: 604 }],
    });
    expect(answer.status).toBe(200);

    const [slip] = await setup.printer.waitForSlips(1);
    const printed = linesOf(slipText(slip!));
    const sold = printed.filter((line) => /^\d+ x \D/.test(line));
    expect(sold).toEqual(['2 x Helles 0,5 l 7,56 €', '1 x Cappuccino 3,90 €', '1 x Schnitzel 24,50 €']);
    expect(printed).toContain('2 x 3,78 € (statt 4,20 €)');
    expect(printed).toContain('Zwischensumme 35,96 €');
    expect(printed).toContain('Rabatt -2,00 €');
    expect(printed.some((line) => /^Summe 33,96 €$/.test(line))).toBe(true);
  });
});
