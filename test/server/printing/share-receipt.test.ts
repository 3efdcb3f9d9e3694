// The printed receipt of a part of a bill paid in equal parts (issue 30): the server stores the
// part's own lines (one per bill line at its share of the bill) and prints them named with their
// share, as the tablet's receipt and the PMS show them, the total the part's.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { ledgerLine, SCHNITZEL } from '../ledger/ledger-support.ts';
import { type PrintSetup, printSetup, recordBarSale } from './printing-support.ts';

let setup: PrintSetup;
beforeEach(async () => {
  setup = await printSetup();
});
afterEach(() => setup.close());

const linesOf = (text: string) => text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());

describe('a part of an equal split, printed', () => {
  it('prints the part’s lines named with their share: 1 of 3 of 2 Helles and a Schnitzel', async () => {
    // 2 × 4.20 + 24.50 = 32.90 in three: 10.97, 10.97, 10.96; part 1 pays 2.80 of the Helles, 8.17 of the Schnitzel.
    const bill = [
      ledgerLine(1, 2, 420, { name: 'Helles 0,5 l' }),
      ledgerLine(SCHNITZEL, 1, 2450, { name: 'Schnitzel' }),
    ];
    const answer = await recordBarSale(setup, 'p1', {
      lines: bill,
      totalCents: 1097,
      split: true,
      share: { billId: 'bill-p', part: 1, parts: 3, billCents: 3290 },
      payments: [{ method: 'cash', amountCents: 1097, tenderedCents: 1100, changeCents: 3 }],
    });
    expect(answer.status).toBe(200);
    const [slip] = await setup.printer.waitForSlips(1);
    const printed = linesOf(slipText(slip!));
    expect(printed.filter((line) => /^\d+ x \D/.test(line))).toEqual([
      '1 x Helles 0,5 l · Anteil 1/3 2,80 €',
      '1 x Schnitzel · Anteil 1/3 8,17 €',
    ]);
    expect(printed.some((line) => /^Summe 10,97 €$/.test(line))).toBe(true);
  });
});
