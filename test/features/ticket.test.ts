// The current ticket: tapping merges, open-price items stay single lines, quantities are bounded,
// the totals follow, and nothing but staff empties it.
import { createRoot } from 'solid-js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addOpenPriceLine,
  addProduct,
  changeLine,
  clearTicket,
  currentTicket,
  removeLine,
  reviveTicket,
  setNote,
  setQuantity,
  ticketApprovals,
  ticketLines,
  ticketSaleId,
  ticketTotals,
} from '../../src/features/ticket/ticket.ts';
import { MoneyError } from '../../src/pms/money.ts';
import { withLineDiscount } from '../../src/rules/discounts.ts';
import {
  OPEN_PRICE_LIMITS,
  parseAmount,
  readAmount,
  TicketLineError,
  withProduct,
} from '../../src/rules/ticket-lines.ts';
import { product } from '../support/catalogue.ts';

const PILS = product(1, 'Pils 0,3 l', 420);
const SCHNITZEL = product(2, 'Wiener Schnitzel', 2450, { tax_class_id: 2 });
const CHARGING = product(3, 'Ladestation', 0, { open_price: true });

afterEach(() => clearTicket());

describe('the ticket', () => {
  it('merges a product tapped again into its line', () =>
    createRoot((dispose) => {
      addProduct(PILS);
      addProduct(SCHNITZEL);
      addProduct(PILS);
      expect(ticketLines().map((l) => [l.name, l.quantity])).toEqual([
        ['Pils 0,3 l', 2],
        ['Wiener Schnitzel', 1],
      ]);
      expect(ticketTotals().grossCents).toBe(2 * 420 + 2450);
      dispose();
    }));

  it('adds an open-price item as its own line of one, priced at the typed amount; its quantity may change', () => {
    addOpenPriceLine(CHARGING, 'Laden 23,4 kWh', 1170);
    addOpenPriceLine(CHARGING, '', 500);
    expect(
      ticketLines().map((l) => [l.productId, l.name, l.quantity, l.unitPriceCents, l.openPrice]),
    ).toEqual([
      [3, 'Laden 23,4 kWh', 1, 1170, true],
      [3, 'Ladestation', 1, 500, true],
    ]);
    setQuantity(ticketLines()[0]!.key, 3);
    expect(ticketLines().map((l) => [l.quantity, l.unitPriceCents])).toEqual([
      [3, 1170],
      [1, 500],
    ]);
  });

  it('keeps a manager approval with the ticket, and the sale id it names', () => {
    addOpenPriceLine(CHARGING, 'Laden', 50_000, 'token-1');
    const saleId = ticketSaleId();
    expect(ticketSaleId()).toBe(saleId);
    expect(ticketApprovals()).toEqual({ saleId, approvals: ['token-1'] });
    expect(reviveTicket(JSON.parse(JSON.stringify(currentTicket())))).toMatchObject({
      saleId,
      approvals: ['token-1'],
    });
    clearTicket();
    expect(ticketApprovals()).toEqual({});
  });

  it('refuses an open-price product without an amount, and a zero amount', () => {
    expect(() => addProduct(CHARGING)).toThrow(TicketLineError);
    expect(() => addOpenPriceLine(CHARGING, 'x', 0)).toThrow(MoneyError);
    expect(() => addOpenPriceLine(CHARGING, 'x', 10_000_001)).toThrow('must be at most 100000.00');
    expect(ticketLines()).toEqual([]);
  });

  it('changes quantities within 1..999, refuses more in words, and removes a line at 0 or on request', () => {
    addProduct(PILS);
    addProduct(SCHNITZEL);
    const [pils, schnitzel] = ticketLines();
    setQuantity(pils!.key, 999);
    expect(ticketLines()[0]!.quantity).toBe(999);
    expect(() => setQuantity(pils!.key, 1000)).toThrow(expect.objectContaining({ reason: 'too-many-items' }));
    expect(() => addProduct(PILS)).toThrow(expect.objectContaining({ reason: 'too-many-items' }));
    expect(ticketLines()[0]!.quantity).toBe(999);
    setQuantity(pils!.key, 0);
    expect(ticketLines().map((l) => l.name)).toEqual(['Wiener Schnitzel']);
    removeLine(schnitzel!.key);
    expect(ticketLines()).toEqual([]);
  });

  it('groups the totals by tax class and counts items', () => {
    addProduct(PILS, 3);
    expect(ticketTotals().items).toBe(3);
    expect(ticketTotals().taxes.map((t) => t.grossCents)).toEqual([1260]);
  });

  it('keeps lines, note and label when read back from storage, and drops what is not a line', () => {
    addProduct(PILS);
    setNote('no ice');
    const stored = JSON.parse(
      JSON.stringify({ id: 't1', label: 'Table 4', note: 'no ice', lines: [...ticketLines(), { bogus: 1 }] }),
    );
    const revived = reviveTicket(stored);
    expect(revived?.label).toBe('Table 4');
    expect(revived?.note).toBe('no ice');
    expect(revived?.lines.map((l) => [l.name, l.quantity, l.unitPriceCents])).toEqual([
      ['Pils 0,3 l', 1, 420],
    ]);
    expect(reviveTicket('nonsense')).toBeUndefined();
  });

  it('keeps a line discount and its approval on the ticket, through quantity changes and a reload', () => {
    addProduct(PILS);
    addProduct(SCHNITZEL);
    const saleId = ticketSaleId();
    changeLine('p1', (line) => withLineDiscount(line, { kind: 'percent', percent: 30 }), 'token-2');
    setQuantity('p1', 3);
    addProduct(PILS);
    expect(ticketLines().map((l) => [l.name, l.quantity, l.unitPriceCents])).toEqual([
      ['Pils 0,3 l', 4, 294],
      ['Wiener Schnitzel', 1, 2450],
    ]);
    expect(ticketTotals().grossCents).toBe(4 * 294 + 2450);
    expect(ticketApprovals()).toEqual({ saleId, approvals: ['token-2'] });
    const revived = reviveTicket(JSON.parse(JSON.stringify(currentTicket())));
    expect(revived?.lines[0]).toEqual(ticketLines()[0]);
    expect(revived?.lines[0]?.discount).toEqual({
      given: { kind: 'percent', percent: 30 },
      listPriceCents: 420,
    });
    expect(revived).toMatchObject({ saleId, approvals: ['token-2'] });
  });

  it('reads back old tickets without discounts, and drops a discount that does not parse, keeping the price', () => {
    const old = { id: 't0', lines: [{ productId: 1, name: 'Pils 0,3 l', unitPriceCents: 420, quantity: 2 }] };
    expect(reviveTicket(old)?.lines[0]).not.toHaveProperty('discount');
    const broken = {
      id: 't1',
      lines: [
        {
          productId: 1,
          name: 'Pils',
          unitPriceCents: 378,
          quantity: 1,
          discount: { given: { kind: 'percent', percent: 150 }, listPriceCents: 420 },
        },
        { productId: 2, name: 'Wein', unitPriceCents: 500, quantity: 1, discount: 'ten' },
        {
          productId: 3,
          name: 'Tee',
          unitPriceCents: 250,
          quantity: 1,
          discount: { given: { kind: 'amount', cents: 50 }, listPriceCents: 300 },
        },
      ],
    };
    expect(reviveTicket(broken)?.lines.map((l) => [l.unitPriceCents, l.discount?.listPriceCents])).toEqual([
      [378, undefined],
      [500, undefined],
      [250, 300],
    ]);
  });

  it('never holds more than 200 lines', () => {
    let lines = withProduct([], PILS);
    for (let id = 10; id < 209; id++) lines = withProduct(lines, product(id, `P${id}`, 100));
    expect(lines.length).toBe(200);
    expect(() => withProduct(lines, product(999, 'one too many', 100))).toThrow(TicketLineError);
    expect(withProduct(lines, PILS).length).toBe(200); // merging still works
  });
});

describe('typed amounts', () => {
  it('accept a comma or a point and at most two decimals', () => {
    expect(parseAmount('12,50')).toBe(1250);
    expect(parseAmount('12.5')).toBe(1250);
    expect(parseAmount(' 7 ')).toBe(700);
    expect(parseAmount('0,05')).toBe(5);
    expect(parseAmount('1.234,50')).toBeUndefined();
    expect(parseAmount('12,555')).toBeUndefined();
    expect(parseAmount('-3')).toBeUndefined();
    expect(parseAmount('')).toBeUndefined();
  });

  it('say which limit an open price broke', () => {
    const problem = (text: string) => {
      try {
        return readAmount(text, OPEN_PRICE_LIMITS);
      } catch (error) {
        return error instanceof MoneyError ? `${error.problem} ${error.limitCents}` : 'other';
      }
    };
    expect(problem('999999')).toBe('above 10000000');
    expect(problem('100000.01')).toBe('above 10000000');
    expect(problem('100000')).toBe(10_000_000);
    expect(problem('0')).toBe('not-above 0');
    expect(problem('0,001')).toBe('too-many-decimals null');
    expect(problem('5000')).toBe(500_000);
  });
});
