// One card of the kitchen screen: a round's course for a table, with its round number, waiter, age
// (counting up each second), lines (quantity, name, modifiers, seat, note, items cancelled) and a
// large "Done". Owns nothing but showing the card and telling that Done was tapped.
import { For, Show } from 'solid-js';
import type { KitchenViewCard } from '../../pms/kitchen-calls';
import { t } from '../../words/i18n';

/** The table as the kitchen names it: "Table 10", "Tab Ben". */
export const placeOf = (card: KitchenViewCard) =>
  t(card.tab ? 'kitchen.tab' : 'kitchen.table', { name: card.tableName });

function Age(props: { since: number; now: number }) {
  const seconds = () => Math.max(0, Math.floor((props.now - props.since) / 1000));
  const parts = () => ({
    minutes: Math.floor(seconds() / 60),
    seconds: String(seconds() % 60).padStart(2, '0'),
  });
  return (
    <time
      class="kitchen-age"
      classList={{ 'kitchen-age-late': seconds() >= 15 * 60 }}
      data-seconds={seconds()}
      dateTime={`PT${seconds()}S`}
      title={t('kitchen.ageLabel', parts())}
    >
      {t('kitchen.age', parts())}
    </time>
  );
}

export function KitchenCard(props: { card: KitchenViewCard; now: number; onDone?: () => void }) {
  return (
    <article class="kitchen-card" data-card={props.card.cardId} data-table={props.card.tableId}>
      <header class="kitchen-card-head">
        <strong class="kitchen-place">{placeOf(props.card)}</strong>
        <Age since={props.card.releasedAt} now={props.now} />
      </header>
      <p class="kitchen-meta">
        {[t('kitchen.round', { n: props.card.roundNumber }), props.card.courseName, props.card.waiter]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <ul class="kitchen-lines">
        <For each={props.card.lines}>
          {(line) => (
            <li
              data-line={line.name}
              classList={{ 'kitchen-line-cancelled': line.cancelled >= line.quantity }}
            >
              <span class="kitchen-quantity">{line.quantity - line.cancelled}</span>
              <span class="kitchen-name">
                {line.name}
                <Show when={line.modifiers.length > 0}>
                  <span class="kitchen-modifiers">{line.modifiers.join(', ')}</span>
                </Show>
                <Show when={line.seat > 0 || line.note}>
                  <span class="kitchen-note">
                    {[line.seat > 0 ? t('kitchen.seat', { n: line.seat }) : '', line.note]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </Show>
                <Show when={line.cancelled > 0}>
                  <span class="kitchen-cancelled">{t('kitchen.cancelled', { n: line.cancelled })}</span>
                </Show>
              </span>
            </li>
          )}
        </For>
      </ul>
      <Show when={props.onDone}>
        {(done) => (
          <button
            type="button"
            class="kitchen-done"
            aria-label={t('kitchen.doneLabel', {
              table: placeOf(props.card),
              course: props.card.courseName,
              round: props.card.roundNumber,
            })}
            onClick={() => done()()}
          >
            {t('kitchen.done')}
          </button>
        )}
      </Show>
    </article>
  );
}
