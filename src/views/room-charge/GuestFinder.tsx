// Finding the guest: by room number or name in the cached list of today's stays (works offline),
// or online by reservation number with first and last name. Owns the query and the result list.
import { createMemo, createSignal, createUniqueId, Show } from 'solid-js';
import { guests } from '../../features/room-charge';
import type { RoomReservation } from '../../pms/wire';
import { findGuests, localDate } from '../../rules/guest-rules';
import { t } from '../../words/i18n';
import { ListAge } from './ListAge';
import { ReservationSearchForm } from './ReservationSearchForm';
import { StayButtons } from './StayButtons';

const SHOWN = 40;

export function GuestFinder(props: { onChoose: (stay: RoomReservation, confirmedSurname?: string) => void }) {
  const [query, setQuery] = createSignal('');
  const headingId = createUniqueId();
  const found = createMemo(() => findGuests(guests(), query(), localDate()).slice(0, SHOWN));
  return (
    <div class="rc-grid">
      <section class="desk-panel rc-finder" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('roomCharge.find.title')}</h2>
        <label class="desk-field">
          <span>{t('roomCharge.find.label')}</span>
          <input
            type="search"
            autocomplete="off"
            placeholder={t('roomCharge.find.placeholder')}
            value={query()}
            onInput={(event) => setQuery(event.currentTarget.value)}
          />
        </label>
        <ListAge />
        <Show when={found().length > 0} fallback={<p class="desk-muted">{t('roomCharge.find.none')}</p>}>
          <StayButtons stays={found()} onChoose={(stay) => props.onChoose(stay)} />
        </Show>
      </section>
      <ReservationSearchForm onFound={props.onChoose} />
    </div>
  );
}
