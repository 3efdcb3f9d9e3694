// Asking for a product's modifier groups as it is added to a table: one choice (radio) or several
// (checkboxes) per group, each option with its price; "Add" stays disabled until every required group
// has its choices (a required group cannot be skipped). Owns the choice being made, nothing else.
import { createSignal, For, Show } from 'solid-js';
import { choiceProblem, type ModifierGroup, modifiersOf } from '../../features/tables';
import type { LineModifier } from '../../shared/table-ops';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

export function ModifierChooser(props: {
  productName: string;
  groups: readonly ModifierGroup[];
  onAdd: (modifiers: LineModifier[]) => void;
  onCancel: () => void;
}) {
  const [chosen, setChosen] = createSignal<Record<string, string[]>>({});
  const problem = () => choiceProblem(props.groups, chosen());
  const pick = (group: ModifierGroup, optionId: string, on: boolean) => {
    const now = chosen()[group.groupId] ?? [];
    const next =
      group.maxChoices === 1 ? [optionId] : on ? [...now, optionId] : now.filter((id) => id !== optionId);
    setChosen({ ...chosen(), [group.groupId]: next });
  };
  return (
    <section class="modifier-chooser" aria-label={t('tables.modifiers.for', { name: props.productName })}>
      <h3>{props.productName}</h3>
      <For each={props.groups}>
        {(group) => (
          <fieldset class="modifier-group" data-group={group.name}>
            <legend>
              {group.name}
              <span class="modifier-rule">
                {group.required
                  ? t('tables.modifiers.required', { n: group.minChoices })
                  : t('tables.modifiers.upTo', { n: group.maxChoices })}
              </span>
            </legend>
            <For each={group.options}>
              {(option) => (
                <label>
                  <input
                    type={group.maxChoices === 1 ? 'radio' : 'checkbox'}
                    name={`modifier-${group.groupId}`}
                    checked={(chosen()[group.groupId] ?? []).includes(option.optionId)}
                    onChange={(event) => pick(group, option.optionId, event.currentTarget.checked)}
                  />
                  {option.name}
                  <Show when={option.priceCents > 0}>
                    <span class="modifier-price"> +{formatCents(option.priceCents)}</span>
                  </Show>
                </label>
              )}
            </For>
          </fieldset>
        )}
      </For>
      <Show when={problem()}>
        {(wrong) => (
          <p class="modifier-problem" role="status">
            {t(wrong().problem === 'too_few' ? 'tables.modifiers.choose' : 'tables.modifiers.tooMany', {
              group: props.groups.find((group) => group.groupId === wrong().groupId)?.name ?? '',
            })}
          </p>
        )}
      </Show>
      <button
        type="button"
        class="primary"
        disabled={problem() !== null}
        onClick={() => props.onAdd(modifiersOf(props.groups, chosen()))}
      >
        {t('tables.modifiers.add', { name: props.productName })}
      </button>
      <button type="button" onClick={() => props.onCancel()}>
        {t('tables.modifiers.cancel')}
      </button>
    </section>
  );
}
