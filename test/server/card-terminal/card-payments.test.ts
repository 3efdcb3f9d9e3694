// Card payments through the terminal double over real TCP on the loopback: approved (with the
// till's tip and with one typed on the terminal), declined, cancelled, and the faults: the line
// dropped after the terminal charged (no second charge; the status read approves the row) and a
// silent terminal (not charged, may be sent again). The double's journal is the card's truth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateCardTables } from '../../../src/server/card-terminal/card-db.ts';
import { createCardPayments, isNewerTrace } from '../../../src/server/card-terminal/card-payments.ts';
import {
  startTerminalDouble,
  type TerminalDouble,
} from '../../../src/server/card-terminal/terminal-double.ts';
import { createTerminals } from '../../../src/server/card-terminal/terminals.ts';
import { toHex } from '../../../src/server/card-terminal/zvt-fields.ts';
import { openHubDb } from '../../../src/server/hub/hub-db.ts';
import { terminalAt } from '../../support/terminals.ts';

const device = { id: 'tablet-1', outlet: 'bar' };
let double: TerminalDouble;
const db = openHubDb(':memory:');
migrateCardTables(db);
const terminals = createTerminals(db);
const cards = createCardPayments({ db, terminals, silenceMs: 600 });

beforeAll(async () => {
  double = await startTerminalDouble({ stepMs: 5, tipCents: 300 });
  terminals.add(terminalAt(double, { name: 'Bar terminal', printsOwnSlips: false }));
});
afterAll(() => double.close());

const pay = async (
  saleId: string,
  amountCents: number,
  extra: { tillTipCents?: number; askTip?: boolean } = {},
) => {
  cards.start(device, {
    saleId,
    paymentNo: 1,
    amountCents,
    tillTipCents: extra.tillTipCents ?? 0,
    askTip: extra.askTip ?? false,
  });
  await cards.idle();
  return cards.view(device.id, saleId, 1);
};

describe('card payments through the terminal double', () => {
  it('charges the amount and the till tip once, and keeps the card data', async () => {
    const paid = await pay('sale-a', 1250, { tillTipCents: 150 });
    expect(paid).toMatchObject({
      state: 'approved',
      chargedCents: 1400,
      tillTipCents: 150,
      terminalTipCents: 0,
      card: { brand: 'Debit Mastercard', maskedPan: '************4771', terminalId: '52500001' },
    });
    expect(paid.slip?.join('\n')).toContain('BETRAG EUR 14,00');
    // what went over the wire: the authorization of 14.00 in euros
    expect(double.received().map(toHex)).toContain('06 01 0A 04 00 00 00 00 14 00 49 09 78');
    expect(double.charges().filter((tx) => tx.amountCents === 1400)).toHaveLength(1);
  });

  it('keeps a tip typed on the terminal as its own amount', async () => {
    double.next('tip');
    const paid = await pay('sale-tip', 2000, { askTip: true });
    expect(paid).toMatchObject({ state: 'approved', chargedCents: 2300, terminalTipCents: 300 });
  });

  it('leaves a declined payment declined with the reason, and sends it again when asked', async () => {
    double.next('decline');
    expect(await pay('sale-b', 990)).toMatchObject({ state: 'declined', reason: 'declined', card: null });
    expect(await pay('sale-b', 990)).toMatchObject({ state: 'approved', chargedCents: 990 });
  });

  it('cancels a payment waiting for the PIN when the waiter aborts', async () => {
    double.next('pin');
    cards.start(device, { saleId: 'sale-c', paymentNo: 1, amountCents: 700, tillTipCents: 0, askTip: false });
    await expect.poll(() => cards.view(device.id, 'sale-c', 1).prompt).toBe('pinEntry');
    cards.abort(device.id, 'sale-c', 1);
    await cards.idle();
    expect(cards.view(device.id, 'sale-c', 1)).toMatchObject({ state: 'declined', reason: 'cancelled' });
    expect(double.journal().some((tx) => tx.amountCents === 700)).toBe(false);
  });

  it('approves a payment whose line dropped after the charge by reading the terminal, and never charges twice', async () => {
    double.next('drop');
    const before = double.charges().length;
    const paid = await pay('sale-d', 4200);
    expect(paid).toMatchObject({ state: 'approved', chargedCents: 4200 });
    expect(double.charges().length).toBe(before + 1);
    // sent again (a retry, a second tap): the approved row answers, nothing goes to the terminal
    expect(await pay('sale-d', 4200)).toMatchObject({ state: 'approved' });
    expect(double.charges().filter((tx) => tx.amountCents === 4200)).toHaveLength(1);
  });

  it('keeps a payment unknown while the terminal cannot be asked, sends nothing again, and settles it when asked later', async () => {
    double.next('unplug');
    expect(await pay('sale-u', 880)).toMatchObject({ state: 'unknown', reason: 'noAnswer', card: null });
    // the waiter taps pay again: the unknown row is not sent (the card was in fact charged)
    expect(await pay('sale-u', 880)).toMatchObject({ state: 'unknown' });
    expect(await cards.check(device.id, 'sale-u', 1)).toMatchObject({ state: 'unknown' });
    double.plugIn();
    expect(await cards.check(device.id, 'sale-u', 1)).toMatchObject({ state: 'approved', chargedCents: 880 });
    expect(double.journal().filter((tx) => tx.amountCents === 880)).toHaveLength(1);
  });

  it('finds a silent terminal did not charge, and then lets the payment be sent again', async () => {
    double.next('timeout');
    expect(await pay('sale-e', 555)).toMatchObject({ state: 'declined', reason: 'notCharged' });
    expect(double.journal().some((tx) => tx.amountCents === 555)).toBe(false);
    expect(await pay('sale-e', 555)).toMatchObject({ state: 'approved' });
  });

  it('reverses only the last payment, and sets the end-of-day beside the card totals', async () => {
    await expect(cards.reverse(device, 'sale-a', 1, 'anna')).rejects.toMatchObject({
      code: 'not_last_payment',
    });
    const reversed = await cards.reverse(device, 'sale-e', 1, 'anna');
    expect(reversed.state).toBe('reversed');
    expect(double.charges().some((tx) => tx.amountCents === 555)).toBe(false);
    const report = await cards.endOfDay(device);
    // 1400 + 2300 + 990 + 4200 + 880 approved and kept; 555 reversed. No sale of these is in the
    // sales ledger (this test has no tablet recording them): the whole total is the difference.
    expect(report).toMatchObject({
      tillTotalCents: 9770,
      terminalTotalCents: 9770,
      ledgerTotalCents: 0,
      ledgerCount: 0,
      differenceCents: 9770,
      tillCount: 5,
      tillTipsCents: 450,
    });
    const rows = db
      .prepare('SELECT terminal_total_cents AS t, till_total_cents AS l FROM card_end_of_day')
      .all();
    expect(rows).toEqual([{ t: 9770, l: 9770 }]);
  });

  it('keeps every attempt in an append-only log', () => {
    const kinds = db
      .prepare(`SELECT kind, ended FROM card_attempts WHERE sale_id = 'sale-d' ORDER BY seq`)
      .all();
    expect(kinds).toEqual([
      { kind: 'authorization', ended: 'lost' },
      { kind: 'status_check', ended: 'completion' },
    ]);
    expect(() => db.prepare('DELETE FROM card_attempts').run()).toThrow(/append-only/);
  });
});

it('reads trace numbers as newer across the wrap after 999999', () => {
  expect(isNewerTrace(471, 470)).toBe(true);
  expect(isNewerTrace(470, 470)).toBe(false);
  expect(isNewerTrace(12, 999_990)).toBe(true);
  expect(isNewerTrace(999_990, 12)).toBe(false);
  expect(isNewerTrace(5, null)).toBe(true);
});
