// A failed room charge or take-back in staff words: the till's own refusals (usage rule, surname,
// nothing to charge) by reason, anything else through the shared errorText.

import type { RoomReservation } from '../pms/wire';
import { guestDisplayName } from '../rules/guest-rules';
import { RoomChargeRefused } from '../state/room-charges';
import { calendarDay } from './calendar';
import { errorText } from './error-text';
import { t } from './i18n';

export function chargeProblemText(error: unknown, stay: RoomReservation): string {
  if (error instanceof RoomChargeRefused) {
    return t(`roomCharge.refusal.${error.problem}`, {
      guest: guestDisplayName(stay),
      from: calendarDay(stay.start_date),
      to: calendarDay(stay.end_date),
    });
  }
  return t('roomCharge.charge.failed', { message: errorText(error) });
}
