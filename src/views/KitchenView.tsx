// The kitchen screen (issue 31, item 6), for a device paired in the role "kitchen": its outlet's
// cards by course, oldest first, each with its age and a large Done; whether it is connected, and
// bumps still to be sent. Owns only the layout; the cards, the live channel, the outage and the
// outbox of bumps are features/kitchen.
import { For, onCleanup, Show } from 'solid-js';
import { deviceState } from '../features/device';
import { byCourse, createKitchenState } from '../features/kitchen';
import { t } from '../words/i18n';
import { KitchenCard } from './kitchen/KitchenCard';
import './kitchen/kitchen.css';

export default function KitchenView() {
  const state = deviceState();
  const kitchen = createKitchenState(state.kind === 'paired' ? state.device.id : 'unpaired');
  onCleanup(kitchen.stop);
  return (
    <section class="view kitchen-view">
      <header class="kitchen-head">
        <h1>{t('kitchen.title')}</h1>
        <span
          class="kitchen-connection"
          data-testid="kitchen-connection"
          data-state={kitchen.connection()}
          role="status"
        >
          {kitchen.connection() === 'live' ? t('kitchen.connected') : t('kitchen.offline')}
        </span>
        <Show when={kitchen.waiting() > 0}>
          <span class="kitchen-waiting" data-testid="kitchen-waiting" data-count={kitchen.waiting()}>
            {t('kitchen.waiting', { n: kitchen.waiting() })}
          </span>
        </Show>
      </header>
      <Show when={kitchen.refused().length > 0}>
        <p role="alert">
          {t('kitchen.refused', {
            n: kitchen.refused().length,
            code: [...new Set(kitchen.refused().map((bump) => bump.refused))].join(', '),
          })}
        </p>
      </Show>
      <Show
        when={kitchen.cards().open.length > 0}
        fallback={<p class="kitchen-nothing">{t('kitchen.nothing')}</p>}
      >
        <div class="kitchen-courses">
          <For each={byCourse(kitchen.cards().open)}>
            {(course) => (
              <section class="kitchen-course" data-course={course.course}>
                <h2>{course.name}</h2>
                <For each={course.cards}>
                  {(card) => (
                    <KitchenCard card={card} now={kitchen.serverNow()} onDone={() => kitchen.bump(card)} />
                  )}
                </For>
              </section>
            )}
          </For>
        </div>
      </Show>
      <Show when={kitchen.cards().waiting.length + kitchen.cards().done.length > 0}>
        <section class="kitchen-recent">
          <h2>{t('kitchen.recent')}</h2>
          <ul>
            <For each={kitchen.cards().waiting}>
              {(card) => (
                <li data-done={card.cardId} data-sent="false">
                  {`${card.tableName} · ${card.courseName} · ${t('kitchen.round', { n: card.roundNumber })} (${t('kitchen.notSent')})`}
                </li>
              )}
            </For>
            <For each={kitchen.cards().done}>
              {(card) => (
                <li data-done={card.cardId} data-sent="true">
                  {`${card.tableName} · ${card.courseName} · ${t('kitchen.round', { n: card.roundNumber })}`}
                  <For each={card.lines.filter((line) => line.cancelled > 0)}>
                    {(line) => (
                      <span class="kitchen-cancelled">{` ${line.name}: ${t('kitchen.cancelled', { n: line.cancelled })}`}</span>
                    )}
                  </For>
                </li>
              )}
            </For>
          </ul>
        </section>
      </Show>
    </section>
  );
}
