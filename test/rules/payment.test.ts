// Paying: which method is cash, which template is preselected, change due and quick amounts.
import { describe, expect, it } from 'vitest';
import { cashMethodId, changeDue, defaultTemplateId, quickTenders } from '../../src/rules/payment.ts';

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

  it('offers the exact total and the next round amounts', () => {
    expect(quickTenders(1270)).toEqual([1270, 1300, 1500, 2000, 5000]);
    expect(quickTenders(2000)).toEqual([2000, 2100, 2500, 3000, 4000]);
  });
});
