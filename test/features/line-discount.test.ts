// A line's own discount on a till without staff (no manager could approve): given at once up to
// 99.99 %, 100 % refused, and taken off again; the line's price follows, to the cent.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { giveLineDiscount, lineDiscountOf } from '../../src/features/ticket/line-discount.ts';
import { addProduct, clearTicket, currentTicket, ticketLines } from '../../src/features/ticket/ticket.ts';
import { DiscountError } from '../../src/rules/discounts.ts';
import { product } from '../support/catalogue.ts';

const PILS = product(1, 'Pils 0,3 l', 420);

afterEach(() => clearTicket());

describe('a line discount without staff', () => {
  it('is given at once, and taken off again', async () => {
    addProduct(PILS, 3);
    const line = ticketLines()[0]!;
    expect(lineDiscountOf(line, { kind: 'amount', cents: 105 })).toEqual({ cents: 315, percent: 25 });
    expect(await giveLineDiscount(line, { kind: 'amount', cents: 105 }, 'what')).toBe('given');
    expect(ticketLines()[0]!.unitPriceCents).toBe(315);
    expect(currentTicket().saleId).toBeUndefined(); // no approval named it
    expect(await giveLineDiscount(ticketLines()[0]!, undefined, 'what')).toBe('given');
    expect(ticketLines()[0]).toMatchObject({ unitPriceCents: 420, quantity: 3 });
    expect(ticketLines()[0]).not.toHaveProperty('discount');
  });

  it('refuses 100 % (only a manager gives it) and what the line cannot take, changing nothing', async () => {
    addProduct(PILS);
    const line = ticketLines()[0]!;
    expect(await giveLineDiscount(line, { kind: 'percent', percent: 100 }, 'what')).toBe(
      'full-needs-manager',
    );
    await expect(giveLineDiscount(line, { kind: 'amount', cents: 421 }, 'what')).rejects.toThrow(
      DiscountError,
    );
    expect(ticketLines()[0]).toEqual(line);
  });
});
