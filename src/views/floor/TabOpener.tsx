// Opening a bar tab by name, shared with every tablet of the outlet like a table: while the name is
// typed, the open tabs it matches are offered (so a second waiter adds to the guest's tab rather than
// opening another). Owns the name being typed; opening is an `open_tab` operation the caller records.
import { createSignal, For } from 'solid-js';
import type { ShownTable } from '../../features/tables';
import { t } from '../../words/i18n';

export function TabOpener(props: {
  tabs: readonly ShownTable[];
  onOpen: (name: string) => void;
  onShow: (tableId: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = createSignal('');
  const matching = () => {
    const typed = name().trim().toLowerCase();
    return typed ? props.tabs.filter((tab) => tab.name.toLowerCase().includes(typed)) : [];
  };
  return (
    <form
      class="tab-opener"
      onSubmit={(event) => {
        event.preventDefault();
        if (name().trim()) props.onOpen(name().trim().slice(0, 60));
      }}
    >
      <label>
        {t('tables.tab.name')}
        <input
          name="tab-name"
          maxLength={60}
          autocomplete="off"
          value={name()}
          onInput={(event) => setName(event.currentTarget.value)}
        />
      </label>
      <ul class="move-targets">
        <For each={matching()}>
          {(tab) => (
            <li>
              <button type="button" data-tab={tab.tableId} onClick={() => props.onShow(tab.tableId)}>
                <strong>{tab.name}</strong> <span>{t(`tables.state.${tab.state}`)}</span>
              </button>
            </li>
          )}
        </For>
      </ul>
      <button type="submit" class="primary" disabled={!name().trim()}>
        {t('tables.tab.start')}
      </button>
      <button type="button" onClick={() => props.onCancel()}>
        {t('tables.tab.cancel')}
      </button>
    </form>
  );
}
