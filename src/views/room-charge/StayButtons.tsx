// A list of stays to choose from, one large button each (room, guest, dates, status).
import { For } from 'solid-js';
import type { RoomReservation } from '../../pms/wire';
import { t } from '../../words/i18n';
import { StayLine } from './StayLine';

export function StayButtons(props: {
  stays: readonly RoomReservation[];
  onChoose: (stay: RoomReservation) => void;
}) {
  return (
    <ul class="rc-guest-list" aria-label={t('roomCharge.find.results')}>
      <For each={props.stays}>
        {(stay) => (
          <li>
            <button type="button" class="rc-guest-button" onClick={() => props.onChoose(stay)}>
              <StayLine stay={stay} />
            </button>
          </li>
        )}
      </For>
    </ul>
  );
}
