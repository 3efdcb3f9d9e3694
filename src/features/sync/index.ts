// The sync feature: what the header says about reaching the till server and the PMS, the sales the Sync view
// lists (on this tablet and on the server), and the unsent sales of a tablet that cannot send them. Other
// features and views use it through this file only.
export { createServerSales } from './server-sales';
export { createSyncIndicator, createSyncSummary } from './sync-indicator';
export type { IntentRecord, OldestWait, SaleRecord, SaleWithSteps } from './sync-list';
export {
  createSyncList,
  isSending,
  lateCharge,
  mayVoid,
  refusedAsGuestLeft,
  resolve,
  retry,
  voidWithReason,
} from './sync-list';
export { readUnsentSales, unsentSalesFile } from './unsent-sales';
