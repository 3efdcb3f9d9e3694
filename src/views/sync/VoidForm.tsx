// Voiding a sale with a reason (required). Steps not yet in the PMS are never sent; a room charge
// already on the room is taken back by a reversal (the outbox decides, see outbox/actions.ts).
import { createSignal, createUniqueId, Show } from 'solid-js';
import { voidWithReason } from '../../state/sync-list';
import { t } from '../../words/i18n';
import { actionProblem } from '../../words/sync-problems';

export function VoidForm(props: { saleId: string; onDone: () => void }) {
  const reasonId = createUniqueId();
  const [reason, setReason] = createSignal('');
  const [busy, setBusy] = createSignal(false);
  const [problem, setProblem] = createSignal<string>();
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!reason().trim()) return setProblem(t('sync.action.needReason'));
    setBusy(true);
    try {
      await voidWithReason(props.saleId, reason());
      props.onDone();
    } catch (error) {
      setProblem(actionProblem(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="sync-void" onSubmit={(event) => void submit(event)}>
      <label class="desk-field" for={reasonId}>
        <span>{t('sync.action.voidReason')}</span>
        <input
          id={reasonId}
          name="reason"
          autocomplete="off"
          value={reason()}
          onInput={(e) => setReason(e.currentTarget.value)}
        />
      </label>
      <div class="desk-actions">
        <button type="submit" class="desk-danger" disabled={busy()}>
          {t('sync.action.voidConfirm')}
        </button>
        <button type="button" onClick={() => props.onDone()}>
          {t('sync.action.cancel')}
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
