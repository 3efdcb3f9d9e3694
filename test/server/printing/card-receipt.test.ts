// A card sale's printed receipt (issue 33): it carried no card data and left the tip out ("Paid with
// Card €5.55" where the terminal took €7.55). Now the ledger record's card payment (card-receipt.ts)
// gives the receipt the tip, what the card was charged and the terminal's data, printed in the
// slip's language; a cash receipt has none of it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardBlock } from '../../../src/server/printing/card-receipt.ts';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { ledgerLine, saleBody } from '../ledger/ledger-support.ts';
import { cashReceipt, type PrintSetup, printSetup } from './printing-support.ts';

let setup: PrintSetup;
beforeEach(async () => {
  setup = await printSetup();
});
afterEach(async () => {
  await setup.close();
});

const CARD = {
  paymentNo: 1,
  brand: 'girocard',
  maskedPan: '############1234',
  terminalId: '52500038',
  traceNumber: 123,
  receiptNumber: '0042',
};

/** A sale of 5.55 paid by card with a 2.00 tip, as the ledger records it. */
const tipped = saleBody([ledgerLine(1, 1, 555)], {
  saleId: 'c1',
  reference: 'B-c1',
  payments: [{ method: 'card', amountCents: 555, tipCents: 200, card: CARD }],
});

async function printed(language: 'de' | 'en', block: ReturnType<typeof cardBlock>): Promise<string> {
  const receipt = cashReceipt(`s-${language}-${Math.random().toString(36).slice(2, 8)}`, {
    paymentMethodName: language === 'de' ? 'Karte' : 'Card',
    isCash: false,
    tenderedCents: null,
    changeCents: null,
    ...block,
  });
  setup.printing.printReceipt('bar', { receipt, language });
  const [slip] = await setup.printer.waitForSlips(1);
  return slipText(slip!);
}

describe('a card sale’s printed receipt', () => {
  it('takes the tip, the amount charged and the terminal’s data from the ledger record', () => {
    expect(cardBlock(tipped)).toEqual({
      card: {
        chargedCents: 755,
        tipCents: 200,
        brand: 'girocard',
        maskedPan: '############1234',
        terminalId: '52500038',
        traceNumber: '123',
        receiptNumber: '0042',
      },
    });
    expect(cardBlock(saleBody([ledgerLine(1, 1, 555)]))).toEqual({});
  });

  it('prints them in German', async () => {
    const text = await printed('de', cardBlock(tipped));
    expect(text).toMatch(/Trinkgeld +2,00/);
    expect(text).toMatch(/Karte belastet +7,55/);
    expect(text).toContain('girocard ############1234');
    expect(text).toMatch(/Terminal-ID +52500038/);
    expect(text).toMatch(/Trace-Nr\. +123/);
    expect(text).toMatch(/Kartenbeleg-Nr\. +0042/);
  });

  it('and in English', async () => {
    const text = await printed('en', cardBlock(tipped));
    expect(text).toMatch(/Tip +€2\.00/);
    expect(text).toMatch(/Card charged +€7\.55/);
    expect(text).toMatch(/Trace no\. +123/);
  });

  it('a cash receipt has none of it', async () => {
    const text = await printed('de', {});
    expect(text).not.toMatch(/Trinkgeld|Terminal-ID|Karte belastet/);
  });
});
