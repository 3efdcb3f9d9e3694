// A cardholder slip when the terminal's never came (issue 33): a terminal set to send its slips to
// the till that sent none leaves the guest without one; the till then prints its own after the
// receipt, from the payment's data (amount charged, card, terminal ID, trace and receipt numbers).
// A terminal that prints its own slips, or one whose lines arrived, gets no second slip.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateCardTables } from '../../../src/server/card-terminal/card-db.ts';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { type PrintSetup, printSetup, recordBarSale } from './printing-support.ts';

let setup: PrintSetup;
beforeEach(async () => {
  setup = await printSetup();
  migrateCardTables(setup.hub.db);
});
afterEach(() => setup.close());

const CARD = {
  paymentNo: 1,
  brand: 'girocard',
  maskedPan: '############1234',
  terminalId: '52500038',
  traceNumber: 77,
  receiptNumber: '0042',
};

/** A terminal (printing its own slips or not) and an approved payment of 12.80 on it (slip lines or none). */
function cardPaymentOn(saleId: string, printsOwnSlips: boolean, slip: string[] | null): void {
  const at = new Date().toISOString();
  setup.hub.db
    .prepare(
      `INSERT OR IGNORE INTO card_terminals (id, name, outlet, device_id, host, port, password, currency, prints_own_slips, created_at)
       VALUES (?, 'Bar terminal', 'bar', NULL, '127.0.0.1', 20007, '000000', 978, ?, ?)`,
    )
    .run(`t-${saleId}`, printsOwnSlips ? 1 : 0, at);
  setup.hub.db
    .prepare(
      `INSERT INTO card_payments (sale_id, payment_no, device_id, terminal_id, amount_cents, till_tip_cents, ask_tip, state,
         charged_cents, card_name, masked_pan, terminal_tid, trace_number, receipt_number, slip, created_at, updated_at)
       VALUES (?, 1, 'd', ?, 1280, 0, 0, 'approved', 1280, 'girocard', '############1234', '52500038', 77, 42, ?, ?, ?)`,
    )
    .run(saleId, `t-${saleId}`, slip ? JSON.stringify(slip) : null, at, at);
}

const cardSale = (saleId: string) =>
  recordBarSale(setup, saleId, { payments: [{ method: 'card', amountCents: 1280, card: CARD }] });

describe('a card sale whose terminal sent no slip', () => {
  it('prints the receipt, then a cardholder slip from the payment’s data', async () => {
    cardPaymentOn('k1', false, null);
    const answer = await cardSale('k1');
    expect(answer.status).toBe(200);
    const slips = await setup.printer.waitForSlips(2);
    const guest = slipText(slips[1]!);
    expect(guest).toMatch(/KUNDENBELEG|CARDHOLDER COPY/);
    expect(guest).toContain('B-k1');
    expect(guest).toMatch(/(Kartenzahlung|Card payment)\s+12[,.]80/);
    expect(guest).toContain('girocard ############1234');
    expect(guest).toContain('52500038');
    expect(guest).toMatch(/\b77\b/);
    expect(guest).toMatch(/\b0042\b/);
    expect(slipText(slips[0]!)).not.toMatch(/KUNDENBELEG|CARDHOLDER COPY/);
  });

  it('prints no second slip where the terminal prints its own, or its lines came', async () => {
    cardPaymentOn('k2', true, null);
    cardPaymentOn('k3', false, ['KARTENZAHLUNG', 'girocard']);
    expect((await cardSale('k2')).status).toBe(200);
    expect((await cardSale('k3')).status).toBe(200);
    await setup.printer.waitForSlips(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(setup.printer.count()).toBe(2);
  });
});
