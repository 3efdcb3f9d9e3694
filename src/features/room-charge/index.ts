// The room-charge feature: the in-house guest list (cached for offline use), charging a room and taking a
// charge back under the usage rules. Other features and views use it through this file only.
export {
  guests,
  refreshedAt,
  refreshGuests,
  refreshState,
  rereadStay,
  searchReservation,
  startGuestRefresh,
} from './reservations';
export type { ChargedLine, SaleLine, SaleRecord } from './room-charges';
export {
  chargedLines,
  chargeRoom,
  chargesOfStay,
  onChargesChanged,
  RoomChargeRefused,
  readOpenItems,
  saleOrigin,
  takeBackLine,
} from './room-charges';
