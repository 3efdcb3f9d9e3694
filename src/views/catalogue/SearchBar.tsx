// The search field above the product grid. Owns: search as you type, Enter (what a barcode
// scanner sends after the code) handed to the panel, which adds an exact EAN/number match, and
// catching a scan that starts while no field has the focus (e.g. right after tapping a product):
// a typed character then moves the focus here, so the code lands in the search. Space is the
// key of whatever button or link has the focus (a product, +, Pay): it is never taken from it.
import { onCleanup, onMount, Show } from 'solid-js';
import { t } from '../../words/i18n';

export function SearchBar(props: { query: string; onQuery: (query: string) => void; onEnter: () => void }) {
  let input: HTMLInputElement | undefined;
  const catchTyping = (event: KeyboardEvent) => {
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable], dialog')) return;
    if (event.key === ' ' && target?.closest('button, a, [role="button"], summary')) return;
    input?.focus();
  };
  onMount(() => document.addEventListener('keydown', catchTyping));
  onCleanup(() => document.removeEventListener('keydown', catchTyping));
  return (
    <search class="search-bar">
      <input
        ref={input}
        type="search"
        class="search-input"
        aria-label={t('products.search')}
        placeholder={t('products.searchPlaceholder')}
        autocomplete="off"
        autocapitalize="off"
        spellcheck={false}
        enterkeyhint="enter"
        value={props.query}
        onInput={(event) => props.onQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          props.onEnter();
        }}
      />
      <Show when={props.query}>
        <button
          type="button"
          class="search-clear"
          aria-label={t('products.clearSearch')}
          onClick={() => props.onQuery('')}
        >
          ×
        </button>
      </Show>
    </search>
  );
}
