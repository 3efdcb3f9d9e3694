// Paying: which method is cash, which template is preselected, change due and quick amounts.
import { describe, expect, it } from 'vitest';
import { cashMethodId, changeDue, defaultTemplateId } from '../../src/rules/payment.ts';
import { splitEvenly } from '../../src/rules/split.ts';
import { quickTenders, roomTransferMethodId } from '../../src/rules/tender.ts';

const METHODS = [
  { id: 1, name: 'EC-Karte / Girocard' },
  { id: 2, name: 'Bar / Cash' },
  { id: 3, name: 'Barclays Kreditkarte' },
];

describe('payment', () => {
  it('finds the cash method by its name in German or English, not by a word that merely contains it', () => {
    expect(cashMethodId(METHODS, null)).toBe(2);
    expect(cashMethodId([{ id: 7, name: 'Bargeld' }], null)).toBe(7);
    expect(cashMethodId([{ id: 3, name: 'Barclays Kreditkarte' }], null)).toBeNull();
  });

  it('lets the setting say which method is cash, when that method exists', () => {
    expect(cashMethodId(METHODS, 3)).toBe(3);
    expect(cashMethodId(METHODS, 42)).toBe(2);
  });

  it('preselects the last used template, else a receipt template, else the first', () => {
    const templates = [
      { id: 1, name: 'Rechnung (Deutsch)' },
      { id: 3, name: 'Kassenbeleg / Receipt' },
    ];
    expect(defaultTemplateId(templates, 1)).toBe(1);
    expect(defaultTemplateId(templates)).toBe(3);
    expect(defaultTemplateId([{ id: 5, name: 'Invoice' }])).toBe(5);
    expect(defaultTemplateId([])).toBeNull();
  });

  it('gives the change, or null while the cash does not cover the total', () => {
    expect(changeDue(1270, 2000)).toBe(730);
    expect(changeDue(1270, 1270)).toBe(0);
    expect(changeDue(1270, 1000)).toBeNull();
    expect(changeDue(1270, undefined)).toBeNull();
  });

  it('offers the exact total and the notes a guest hands over above it (issue 14, problem 6)', () => {
    expect(quickTenders(2190)).toEqual([2190, 2500, 3000, 5000, 10000]); // issue 22: €25 and €30 too
    expect(quickTenders(1270)).toEqual([1270, 1500, 2000, 5000, 10000]);
    expect(quickTenders(450)).toEqual([450, 500, 1000, 2000, 5000]);
    expect(quickTenders(5000)).toEqual([5000, 6000, 10000]);
    // Above the largest note: the next multiples of 10, 50 and 100.
    expect(quickTenders(12340)).toEqual([12340, 12500, 13000, 15000, 20000]);
  });

  it('finds the room-transfer method by its name', () => {
    expect(
      roomTransferMethodId([...METHODS, { id: 4, name: 'Überweisung aufs Zimmer / Room transfer' }]),
    ).toBe(4);
    expect(roomTransferMethodId(METHODS)).toBeNull();
  });

  it('splits a total into equal parts that add up to the cent', () => {
    expect(splitEvenly(1000, 3)).toEqual([334, 333, 333]);
    expect(splitEvenly(2190, 2)).toEqual([1095, 1095]);
    expect(splitEvenly(7, 10)).toEqual([1, 1, 1, 1, 1, 1, 1, 0, 0, 0]);
    expect(splitEvenly(2191, 10).reduce((a, b) => a + b, 0)).toBe(2191);
    expect(() => splitEvenly(100, 0)).toThrow(RangeError);
  });
});
