// The staff feature: who is signed in (PINs, locking), the staff list kept from the till server, the one way
// the tablet asks a manager's approval, and audit reports. Other features and views use it through this file only.
export { approvalFor, tryManagerPin } from './approval-request';
export { report } from './audit-later';
export { openApproval } from './open-approval';
export type { PinOutcome } from './staff-pins';
export { pinWait, signIn } from './staff-pins';
export type { ApprovalNeed } from './staff-session';
export {
  actingStaff,
  asksManager,
  isLocked,
  lock,
  needsApproval,
  outletPolicy,
  saleCompleted,
  signedIn,
  signInRequired,
  staffCards,
} from './staff-session';
export { refreshStaff, startStaffSync } from './staff-sync';
