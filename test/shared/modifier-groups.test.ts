// The modifier groups' rules: a required group cannot be skipped (nor take more than it allows), an
// optional one can; the line's modifiers are the options chosen, a priced one naming its PMS product;
// a group the admin page saves must be well made (a priced option without its product is not).
import { describe, expect, it } from 'vitest';
import {
  choiceProblem,
  groupProblem,
  groupsOfProduct,
  type ModifierGroup,
  modifiersOf,
} from '../../src/shared/modifier-groups.ts';

const cooking: ModifierGroup = {
  groupId: 'cooking',
  name: 'Cooking',
  required: true,
  minChoices: 1,
  maxChoices: 1,
  productIds: ['34'],
  options: ['Rare', 'Medium', 'Well done'].map((name, n) => ({
    optionId: `o${n + 1}`,
    name,
    priceCents: 0,
    productId: null,
  })),
};
const extras: ModifierGroup = {
  groupId: 'extras',
  name: 'Extras',
  required: false,
  minChoices: 0,
  maxChoices: 2,
  productIds: ['1', '34'],
  options: [
    { optionId: 'o1', name: 'No ice', priceCents: 0, productId: null },
    { optionId: 'o2', name: 'Extra shot', priceCents: 50, productId: '205' },
  ],
};

describe('modifier groups', () => {
  it('asks for the groups of the product added, and does not let a required group be skipped', () => {
    const groups = groupsOfProduct([cooking, extras], '34');
    expect(groups.map((group) => group.groupId)).toEqual(['cooking', 'extras']);
    expect(groupsOfProduct([cooking, extras], '1').map((group) => group.groupId)).toEqual(['extras']);
    // A group may name the product by its article number, as the admin page asks for.
    const byNumber = { ...cooking, productIds: ['K-300'] };
    expect(groupsOfProduct([byNumber], '34', 'K-300')).toEqual([byNumber]);
    expect(groupsOfProduct([byNumber], '34', '')).toEqual([]);
    expect(choiceProblem(groups, {})).toEqual({ groupId: 'cooking', problem: 'too_few' });
    expect(choiceProblem(groups, { extras: ['o2'] })).toEqual({ groupId: 'cooking', problem: 'too_few' });
    // An option id that is not the group's counts for nothing.
    expect(choiceProblem(groups, { cooking: ['o9'] })).toEqual({ groupId: 'cooking', problem: 'too_few' });
    expect(choiceProblem(groups, { cooking: ['o1', 'o2'] })).toEqual({
      groupId: 'cooking',
      problem: 'too_many',
    });
    expect(choiceProblem(groups, { cooking: ['o2'] })).toBeNull();
    expect(choiceProblem(groupsOfProduct([cooking, extras], '1'), {})).toBeNull();
  });

  it('puts the chosen options on the line, a priced one with its PMS product', () => {
    expect(modifiersOf([cooking, extras], { cooking: ['o2'], extras: ['o2', 'o1'] })).toEqual([
      { name: 'Medium', priceCents: 0 },
      { name: 'No ice', priceCents: 0 },
      { name: 'Extra shot', priceCents: 50, productId: '205' },
    ]);
  });

  it('refuses a badly made group by its field', () => {
    expect(groupProblem(cooking)).toBeNull();
    expect(groupProblem(extras)).toBeNull();
    expect(groupProblem({ ...cooking, minChoices: 0 })?.field).toBe('minChoices');
    expect(groupProblem({ ...extras, minChoices: 1 })?.field).toBe('minChoices');
    expect(groupProblem({ ...cooking, maxChoices: 4 })?.field).toBe('maxChoices');
    expect(
      groupProblem({
        ...extras,
        options: [{ optionId: 'o1', name: 'Shot', priceCents: 50, productId: null }],
        maxChoices: 1,
      })?.field,
    ).toBe('options.0.productId');
  });
});
