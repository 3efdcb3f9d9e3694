// A dialog's form submission that starts fresh each time the dialog opens, so an error from the
// last attempt is not shown again to the next person.
import { type Action, useSubmission } from '@solidjs/router';
import { createEffect, on } from 'solid-js';

/**
 * `useSubmission(action)`, cleared whenever `open` turns true.
 * @example const submission = useFreshSubmission(parkTicketAction, () => props.open);
 */
export function useFreshSubmission<T extends unknown[], U>(action: Action<T, U>, open: () => boolean) {
  const submission = useSubmission(action);
  createEffect(
    on(
      open,
      (isOpen) => {
        if (isOpen) submission.clear?.();
      },
      { defer: true },
    ),
  );
  return submission;
}
