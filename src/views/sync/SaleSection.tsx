// One group of sales in the sync view (needs attention, pending, confirmed, voided), with its
// count; hidden when empty. Cards are keyed by sale id, so a card (and a void form being filled in)
// stays in place when the list is read again after an outbox change.
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
}) {
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
            {props.entries.length}
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
      </section>
    </Show>
  );
}
