// What staff can do with an open sale: send a refused step again, settle an unclear one ("It was
// posted" / "Post again"), retry a waiting one now, or void it with a reason (VoidForm). Actions the
// sale's state does not allow are not offered; a refusal from the outbox is shown in words.
import { createSignal, Show } from 'solid-js';
import { resolve, retry, type SaleWithSteps } from '../../state/sync-list';
import { t } from '../../words/i18n';
import { actionProblem } from '../../words/sync-problems';
import { VoidForm } from './VoidForm';

export function SaleActions(props: { entry: SaleWithSteps }) {
  const [busy, setBusy] = createSignal(false);
  const [voiding, setVoiding] = createSignal(false);
  const [problem, setProblem] = createSignal<string>();
  const blocking = () => props.entry.steps.find((s) => s.state !== 'done' && s.state !== 'voided');
  const checking = () => props.entry.steps.some((s) => s.state === 'in-flight' || s.state === 'unsure');
  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(undefined);
    action()
      .catch((error: unknown) => setProblem(actionProblem(error)))
      .finally(() => setBusy(false));
  };
  const id = () => props.entry.sale.id;
  return (
    <div class="sync-actions">
      <div class="desk-actions">
        <Show when={blocking()?.state === 'failed'}>
          <button type="button" class="primary" disabled={busy()} onClick={() => run(() => retry(id()))}>
            {t('sync.action.retry')}
          </button>
        </Show>
        <Show when={blocking()?.state === 'unverifiable'}>
          <button
            type="button"
            class="primary"
            disabled={busy()}
            onClick={() => run(() => resolve(id(), 'applied'))}
          >
            {t('sync.action.posted')}
          </button>
          <button type="button" disabled={busy()} onClick={() => run(() => resolve(id(), 'resend'))}>
            {t('sync.action.postAgain')}
          </button>
        </Show>
        <Show when={blocking()?.state === 'queued' && blocking()?.lastError}>
          <button type="button" disabled={busy()} onClick={() => run(() => retry(id()))}>
            {t('sync.action.retryNow')}
          </button>
        </Show>
        <Show when={!checking() && !voiding()}>
          <button type="button" class="desk-danger" disabled={busy()} onClick={() => setVoiding(true)}>
            {t('sync.action.void')}
          </button>
        </Show>
      </div>
      <Show when={voiding()}>
        <VoidForm saleId={id()} onDone={() => setVoiding(false)} />
      </Show>
      <Show when={problem()}>
        <p class="desk-notice" data-tone="error" role="alert">
          {problem()}
        </p>
      </Show>
    </div>
  );
}
