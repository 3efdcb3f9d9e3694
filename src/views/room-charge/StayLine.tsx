// One stay in words: room number, guest name, dates and a status badge. Used in the guest list
// (inside a button) and for the chosen guest (as a heading).
import { Dynamic } from 'solid-js/web';
import type { RoomReservation } from '../../pms/wire';
import { chargeRefusal, guestDisplayName, localDate } from '../../rules/guest-rules';
import { calendarDay } from '../../words/calendar';
import { t } from '../../words/i18n';

export function StayLine(props: { stay: RoomReservation; headingLevel?: 2 | 3 }) {
  const room = () =>
    props.stay.room_number ? t('roomCharge.room', { room: props.stay.room_number }) : t('roomCharge.noRoom');
  const dates = () =>
    t('roomCharge.stayDates', {
      from: calendarDay(props.stay.start_date),
      to: calendarDay(props.stay.end_date),
    });
  const tone = () => (chargeRefusal(props.stay, localDate()) ? 'error' : 'ok');
  return (
    <Dynamic component={props.headingLevel ? 'div' : 'span'} class="rc-stay">
      <Dynamic component={props.headingLevel ? `h${props.headingLevel}` : 'span'} class="rc-stay-title">
        <span class="rc-room">{room()}</span> <span class="rc-name">{guestDisplayName(props.stay)}</span>
      </Dynamic>
      <span class="rc-stay-meta">
        <span>{dates()}</span>{' '}
        <span class="desk-badge" data-tone={tone()}>
          {t(`roomCharge.stay.${props.stay.status}`)}
        </span>
      </span>
    </Dynamic>
  );
}
