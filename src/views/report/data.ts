// The report view's write as a router action (pending state and errors from `useSubmission`, see
// views/common/submit.ts): closing the shift. The work itself is in src/state/shift.ts.
import { action } from '@solidjs/router';
import { closeShift, type ShiftReport } from '../../state/shift';

export const closeShiftAction = action(
  async (report: ShiftReport, approved?: { id: string; approval: string }) =>
    closeShift(report, Date.now(), approved),
  'close-shift',
);
