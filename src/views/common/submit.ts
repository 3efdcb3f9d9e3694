// One way to submit in every view: a named router `action` (declared once, at module scope, in the
// section's data.ts), its pending state and error from `useSubmission`, and a submit that ignores
// a second tap while one is pending (so a double tap cannot record twice). A failure is kept on the
// submission for the view to show; it is never thrown at the view.
import { type Action, useAction, useSubmission, useSubmissions } from '@solidjs/router';

/**
 * The submission of `act` (of inputs `filter` accepts), started fresh, and its submit function,
 * which answers true once the action succeeded (its result is then `submission.result`), false when
 * one was still pending or it failed (`submission.error`).
 * @example const { submission, submit } = useSubmitter(voidSaleAction, ([id]) => id === props.saleId);
 *   <button disabled={submission.pending} onClick={() => void submit(props.saleId, reason())}>
 */
export function useSubmitter<T extends unknown[], U>(act: Action<T, U>, filter?: (input: T) => boolean) {
  const submission = useSubmission(act, filter);
  const earlier = useSubmissions(act, filter);
  const run = useAction(act) as (...input: T) => Promise<unknown>;
  // Only the latest attempt counts: a form that opens again, or a new attempt, starts without the
  // last one's error (the router drops a submission that succeeded without a result by itself).
  const forgetEarlier = () => {
    for (const old of [...earlier]) old.clear();
  };
  forgetEarlier();
  return {
    submission,
    async submit(...input: T): Promise<boolean> {
      if (submission.pending) return false;
      forgetEarlier();
      try {
        await run(...input);
        return true;
      } catch {
        return false; // shown from submission.error
      }
    },
  };
}
