// The room-charge view's writes and its guest search as router actions (pending state and errors
// from `useSubmission`, see views/common/submit.ts). The work itself is in src/state
// (room-charges.ts, reservations.ts).
import { action } from '@solidjs/router';
import { searchReservation } from '../../state/reservations';
import { chargeRoom, takeBackCharge } from '../../state/room-charges';

export const chargeRoomAction = action(chargeRoom, 'charge-room');
export const takeBackChargeAction = action(takeBackCharge, 'take-back-charge');
export const searchReservationAction = action(searchReservation, 'search-reservation');
