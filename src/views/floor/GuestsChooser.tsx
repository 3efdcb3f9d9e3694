// How many guests sit at a table (its covers): asked when a free table is opened, and changed later
// from the table's header. One large button per number up to the table's seats (at least 8), or
// "Later". Owns nothing; the answer is an `open` operation the caller records.
import { For } from 'solid-js';
import { t } from '../../words/i18n';

export function GuestsChooser(props: {
  seats: number;
  onChoose: (covers: number) => void;
  onLater: () => void;
}) {
  const numbers = () => [...Array(Math.min(Math.max(props.seats, 8), 24)).keys()].map((n) => n + 1);
  return (
    <section class="guests-chooser" aria-label={t('tables.guests.ask')}>
      <h3>{t('tables.guests.ask')}</h3>
      <div class="guests-numbers">
        <For each={numbers()}>
          {(n) => (
            <button type="button" aria-label={t('tables.covers', { n })} onClick={() => props.onChoose(n)}>
              {n}
            </button>
          )}
        </For>
      </div>
      <button type="button" onClick={() => props.onLater()}>
        {t('tables.guests.later')}
      </button>
    </section>
  );
}
