// The report view's write as a router action (pending state and errors from `useSubmission`, see
// views/common/submit.ts): closing the shift, refunding a cash sale. The work itself is in
// src/features/report (shift.ts, refunds.ts).
import { action } from '@solidjs/router';
import { closeShiftApproved, refundCashSale } from '../../features/report';

/** Closing the shift: answers its record, or null when the manager's approval was cancelled. */
export const closeShiftAction = action(closeShiftApproved, 'close-shift');

/** Refunding a confirmed cash sale (features/report/refunds.ts): answers the cancellation, or null if not approved. */
export const refundSaleAction = action(refundCashSale, 'refund-sale');
