// The report view's write as a router action (pending state and errors from `useSubmission`, see
// views/common/submit.ts): closing the shift, refunding a cash sale. The work itself is in
// src/state (shift.ts, refunds.ts).
import { action } from '@solidjs/router';
import { refundCashSale } from '../../state/refunds';
import { closeShift, type ShiftReport } from '../../state/shift';

export const closeShiftAction = action(
  async (report: ShiftReport, approved?: { id: string; approval: string }) =>
    closeShift(report, Date.now(), approved),
  'close-shift',
);

/** Refunding a confirmed cash sale (state/refunds.ts): answers the cancellation, or null if not approved. */
export const refundSaleAction = action(refundCashSale, 'refund-sale');
