// The kitchen feature's surface (issue 31, item 6): a kitchen screen's cards, followed live and kept
// through an outage, and its outbox of bumps.
export { type QueuedBump, recordBump, sendBumps } from './kitchen-outbox';
export {
  byCourse,
  createKitchenState,
  KITCHEN_POLL_MS,
  type KitchenConnection,
  type KitchenState,
  shownCards,
} from './kitchen-state';
