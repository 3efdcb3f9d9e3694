// The commodity-group tabs above the product grid. Owns: one toggle button per group plus "All";
// the pressed one filters the grid. A row that scrolls sideways when there are many groups.
import { For } from 'solid-js';
import type { GroupEntry } from '../../features/catalogue';
import { t } from '../../words/i18n';

export function GroupTabs(props: {
  groups: readonly GroupEntry[];
  selected: number | null;
  onSelect: (groupId: number | null) => void;
  controls: string;
}) {
  return (
    <fieldset class="group-tabs">
      <legend class="visually-hidden">{t('products.groups')}</legend>
      <button
        type="button"
        aria-pressed={props.selected === null}
        aria-controls={props.controls}
        onClick={() => props.onSelect(null)}
      >
        {t('products.all')}
      </button>
      <For each={props.groups}>
        {(group) => (
          <button
            type="button"
            aria-pressed={props.selected === group.id}
            aria-controls={props.controls}
            onClick={() => props.onSelect(group.id)}
          >
            {group.name}
          </button>
        )}
      </For>
    </fieldset>
  );
}
