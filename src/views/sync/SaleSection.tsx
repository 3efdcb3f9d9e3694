// One group of sales in the sync view (needs attention, pending, confirmed, voided), with its
// count; hidden when empty. Cards are keyed by sale id, so a card (and a void form being filled in)
// stays in place when the list is read again after an outbox change. A long list is a page of the
// oldest, with the total and "Show more".
import { createMemo, createUniqueId, For, Show } from 'solid-js';
import type { SaleWithSteps } from '../../features/sync';
import { type MessageKey, t } from '../../words/i18n';
import { SaleCard } from './SaleCard';

export function SaleSection(props: {
  titleKey: MessageKey;
  entries: SaleWithSteps[];
  detailed?: boolean;
  tone?: string;
  /** The section's element id, for links into the list (e.g. the header's needs-attention count). */
  id?: string;
  /** How many there are in all, when `entries` is a page of them; `onMore` shows more. */
  total?: number;
  onMore?: () => void;
}) {
  const total = () => Math.max(props.total ?? 0, props.entries.length);
  const headingId = createUniqueId();
  const ids = createMemo(() => props.entries.map((entry) => entry.sale.id), undefined, {
    equals: (a, b) => a.length === b.length && a.every((id, i) => id === b[i]),
  });
  const byId = createMemo(() => new Map(props.entries.map((entry) => [entry.sale.id, entry])));
  return (
    <Show when={props.entries.length > 0}>
      <section id={props.id} class="sync-section" aria-labelledby={headingId} data-tone={props.tone}>
        <h2 id={headingId}>
          {t(props.titleKey)}{' '}
          <span class="desk-badge" data-tone={props.tone}>
            {total()}
          </span>
        </h2>
        <ul class="sync-sales">
          <For each={ids()}>
            {(id) => (
              <Show when={byId().get(id)}>
                {(entry) => (
                  <li>
                    <SaleCard entry={entry()} detailed={props.detailed ?? false} />
                  </li>
                )}
              </Show>
            )}
          </For>
        </ul>
        <Show when={total() > props.entries.length}>
          <p class="sync-more" data-testid="sync-more">
            {t('sync.showing', { shown: props.entries.length, total: total() })}{' '}
            <button type="button" onClick={() => props.onMore?.()}>
              {t('sync.showMore')}
            </button>
          </p>
        </Show>
      </section>
    </Show>
  );
}
