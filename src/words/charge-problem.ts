// A failed room charge or take-back in staff words: the till's own refusals (usage rule, surname,
// nothing to charge) by reason, a ticket another tab paid first as the cash path says it, anything
// else through the shared errorText.

import { RoomChargeRefused } from '../features/room-charge';
import { TicketEndedError } from '../features/ticket';
import type { RoomReservation } from '../pms/wire';
import { guestDisplayName } from '../rules/guest-rules';
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
  if (error instanceof TicketEndedError) return errorText(error); // ended elsewhere: nothing was lost
  return t('roomCharge.charge.failed', { message: errorText(error) });
}
