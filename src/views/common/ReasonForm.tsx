// A form that acts on a sale only with a reason (voiding it, refunding it): the reason field, the
// confirming and the back button, and what went wrong: no reason given (said before anything is
// done), or the action's own refusal in words. The action itself is the caller's.
import { createSignal, type JSX, Show } from 'solid-js';
import { t } from '../../words/i18n';
import { ReasonField } from './ReasonField';

export function ReasonForm(props: {
  class: string;
  label: string;
  confirm: string;
  back: string;
  /** The action is under way: the confirming button waits. */
  pending: boolean | undefined;
  /** The action's refusal in staff's words, if it was refused. */
  failure: string | undefined;
  /** Runs the action with the (non-blank) reason. */
  onConfirm: (reason: string) => Promise<void>;
  onBack: () => void;
  /** More fields the action needs, below the reason. */
  children?: JSX.Element;
}) {
  const [reason, setReason] = createSignal('');
  const [reasonMissing, setReasonMissing] = createSignal(false);
  const problem = () => (reasonMissing() ? t('sync.action.needReason') : props.failure);
  const confirm = async (event: SubmitEvent) => {
    event.preventDefault();
    setReasonMissing(!reason().trim());
    if (!reasonMissing()) await props.onConfirm(reason());
  };
  return (
    <form class={props.class} onSubmit={(event) => void confirm(event)}>
      <ReasonField label={props.label} value={reason()} onInput={setReason} />
      {props.children}
      <div class="desk-actions">
        <button type="submit" class="desk-danger" disabled={props.pending}>
          {props.confirm}
        </button>
        <button type="button" onClick={() => props.onBack()}>
          {props.back}
        </button>
      </div>
      <Show when={problem()}>
        <p class="desk-notice" data-tone="error" role="alert">
          {problem()}
        </p>
      </Show>
    </form>
  );
}
