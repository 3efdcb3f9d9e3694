// The clear "no" for a stay that may not be charged today (pms-api.md usage rule: only the guest
// of the room reservation, during the stay), saying why in staff words.

import type { RoomReservation } from '../../pms/wire';
import { type ChargeRefusal, guestDisplayName } from '../../rules/guest-rules';
import { calendarDay } from '../../words/calendar';
import { t } from '../../words/i18n';

export function Refusal(props: { stay: RoomReservation; refusal: ChargeRefusal }) {
  const text = () =>
    t(`roomCharge.refusal.${props.refusal}`, {
      guest: guestDisplayName(props.stay),
      from: calendarDay(props.stay.start_date),
      to: calendarDay(props.stay.end_date),
    });
  return (
    <div class="desk-notice" data-tone="error" role="alert" data-testid="charge-refusal">
      <strong>{t('roomCharge.refusal.title')}</strong>
      {text()}
    </div>
  );
}
