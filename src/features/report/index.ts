// The report feature: the shift and its close, refunds of confirmed sales, and the manager's day closing.
// Other features and views use it through this file only.
export {
  closedDay,
  closeTheDay,
  countDayDrawer,
  dayClosingAvailable,
  dayReport,
  dayReportPrintable,
  forgetDayClosing,
  openDayReport,
  printDayClosing,
} from './day-closing';
export { refundCashSale } from './refunds';
export type { ShiftReport } from './shift';
export { closedShifts, closeShiftApproved, createShiftReport } from './shift';
export { createFloatNeeded, FLOAT_LIMITS, FloatNotApprovedError, openShiftWithFloat } from './shift-open';
