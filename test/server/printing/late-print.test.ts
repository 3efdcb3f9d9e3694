// A late print never opens the drawer (issue 30, item 4): the receipt of a cash sale that reaches
// the server more than a minute after it was made (a tablet that was offline) prints with
// "NACHTRÄGLICH GEDRUCKT" and no drawer kick, as does a refund's slip printed late; a receipt
// printed in time still opens the drawer.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { ledgerLine, saleBody } from '../ledger/ledger-support.ts';
import { type PrintSetup, printSetup, recordBarSale } from './printing-support.ts';

let setup: PrintSetup;
beforeEach(async () => {
  setup = await printSetup();
});
afterEach(() => setup.close());

const drawerKicks = (slip: { items: { kind: string }[] }) =>
  slip.items.filter((item) => item.kind === 'drawer').length;

describe('a late print', () => {
  it('opens no drawer and says "printed later"; in time, the drawer opens and nothing is said', async () => {
    const ninetySecondsAgo = new Date(Date.now() - 90_000).toISOString();
    expect((await recordBarSale(setup, 'late1', { createdAt: ninetySecondsAgo })).status).toBe(200);
    const [late] = await setup.printer.waitForSlips(1);
    expect(slipText(late!)).toContain('NACHTRÄGLICH GEDRUCKT');
    expect(drawerKicks(late!)).toBe(0);

    expect((await recordBarSale(setup, 'now1')).status).toBe(200);
    const [, inTime] = await setup.printer.waitForSlips(2);
    expect(slipText(inTime!)).not.toContain('NACHTRÄGLICH GEDRUCKT');
    expect(drawerKicks(inTime!)).toBe(1);

    const refund = await setup.tablet('/till/sales', {
      ...saleBody([ledgerLine(1, -2, 450, { name: 'Pils 0,5 l' })], {
        saleId: 'late-refund',
        kind: 'refund',
        reference: 'B-lr',
        refersTo: 'now1',
        reason: 'Bier war schal',
        createdAt: ninetySecondsAgo,
        payments: [{ method: 'cash', amountCents: -900 }],
      }),
    });
    expect(refund.status).toBe(200);
    await setup.tablet('/till/print/cancellation', { saleId: 'late-refund', language: 'de' });
    const [, , slip] = await setup.printer.waitForSlips(3);
    expect(slipText(slip!)).toContain('NACHTRÄGLICH GEDRUCKT');
    expect(drawerKicks(slip!)).toBe(0);
  });
});
