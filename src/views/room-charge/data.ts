// The room-charge view's writes and its guest search as router actions (pending state and errors
// from `useSubmission`, see views/common/submit.ts). The work itself is in src/features/room-charge
// (room-charges.ts, reservations.ts, and sale.ts for the ticket, which a charge closes).
import { action } from '@solidjs/router';
import { chargeTicketToRoom } from '../../features/payment';
import { chargeRoom, searchReservation, takeBackLine } from '../../features/room-charge';

export const chargeRoomAction = action(chargeRoom, 'charge-room');
export const chargeTicketAction = action(chargeTicketToRoom, 'charge-room-ticket');
export const takeBackLineAction = action(takeBackLine, 'take-back-line');
export const searchReservationAction = action(searchReservation, 'search-reservation');
