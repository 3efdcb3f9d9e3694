// Modifier groups (issue 31, item 4): per product, a group of choices set on the admin page
// ("Cooking: rare, medium, well", required, one; "Extras: extra shot +0.50", optional, many). Types
// and the pure rules both sides use: whether a group is well made (server, on saving) and whether a
// waiter's choice satisfies a product's groups (the table screen, before a line is added).
// Rules and reasons: docs/tables.md, "Modifier groups".
import type { LineModifier } from './table-ops.ts';

export interface ModifierOption {
  optionId: string;
  name: string;
  /** 0: free, part of the line's text. Above 0: sold as `productId` (a PMS id or article number). */
  priceCents: number;
  productId: string | null;
}

export interface ModifierGroup {
  groupId: string;
  name: string;
  /** Asked for whenever one of `productIds` (PMS ids or article numbers) is added; a required group
   * cannot be skipped. */
  required: boolean;
  minChoices: number;
  maxChoices: number;
  productIds: string[];
  options: ModifierOption[];
}

/** What is wrong with a group as the admin page saved it, with the field; null when it is well made. */
export function groupProblem(group: ModifierGroup): { field: string; message: string } | null {
  if (group.options.length === 0) return { field: 'options', message: 'a group needs at least one option' };
  if (group.maxChoices < 1 || group.maxChoices > group.options.length)
    return { field: 'maxChoices', message: 'at most: from 1 to the number of options' };
  if (group.minChoices > group.maxChoices)
    return { field: 'minChoices', message: 'at least cannot be more than at most' };
  if (group.required && group.minChoices < 1)
    return { field: 'minChoices', message: 'a required group asks for at least one choice' };
  if (!group.required && group.minChoices !== 0)
    return { field: 'minChoices', message: 'an optional group asks for none' };
  const priced = group.options.findIndex((option) => option.priceCents > 0 && !option.productId);
  if (priced >= 0)
    return { field: `options.${priced}.productId`, message: 'a priced option is sold as a PMS product' };
  if (new Set(group.options.map((option) => option.optionId)).size !== group.options.length)
    return { field: 'options', message: 'two options with one id' };
  return null;
}

/** The groups asked for when a product is added, in their order; `keys`: its id and article number. */
export function groupsOfProduct(groups: readonly ModifierGroup[], ...keys: string[]): ModifierGroup[] {
  const named = keys.filter(Boolean);
  return groups.filter((group) => group.productIds.some((id) => named.includes(id)));
}

/**
 * The first group whose choice is not allowed (too few: a required group skipped; too many), or null.
 * `chosen`: option ids by group id.
 * @example choiceProblem(groups, { cooking: [] }) // { groupId: 'cooking', problem: 'too_few' }
 */
export function choiceProblem(
  groups: readonly ModifierGroup[],
  chosen: Readonly<Record<string, readonly string[]>>,
): { groupId: string; problem: 'too_few' | 'too_many' } | null {
  for (const group of groups) {
    const picked = (chosen[group.groupId] ?? []).filter((id) =>
      group.options.some((option) => option.optionId === id),
    );
    if (picked.length < group.minChoices) return { groupId: group.groupId, problem: 'too_few' };
    if (picked.length > group.maxChoices) return { groupId: group.groupId, problem: 'too_many' };
  }
  return null;
}

/** The line's modifiers for a choice that passed `choiceProblem`, in the groups' and options' order. */
export function modifiersOf(
  groups: readonly ModifierGroup[],
  chosen: Readonly<Record<string, readonly string[]>>,
): LineModifier[] {
  return groups.flatMap((group) =>
    group.options
      .filter((option) => (chosen[group.groupId] ?? []).includes(option.optionId))
      .map((option) => ({
        name: option.name,
        priceCents: option.priceCents,
        ...(option.priceCents > 0 && option.productId ? { productId: option.productId } : {}),
      })),
  );
}
