// A failed room charge or take-back in staff words: the till's own refusals (usage rule, surname,
// nothing to charge) by reason, anything else through the shared errorText.
import { t } from '../../app/i18n';
import type { RoomReservation } from '../../pms/wire';
import { errorText } from '../../state/error-text';
import { guestDisplayName } from '../../state/guest-rules';
import { RoomChargeRefused } from '../../state/room-charges';
import { calendarDay, fill } from '../words';

export function chargeProblemText(error: unknown, stay: RoomReservation): string {
  if (error instanceof RoomChargeRefused) {
    return fill(t(`roomCharge.refusal.${error.problem}`), {
      guest: guestDisplayName(stay),
      from: calendarDay(stay.start_date),
      to: calendarDay(stay.end_date),
    });
  }
  return fill(t('roomCharge.charge.failed'), { message: errorText(error) });
}
