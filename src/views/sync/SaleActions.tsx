// What staff can do with an open sale: send a refused step again, settle an unclear one ("It was
// posted" / "Post again"), retry a waiting one now, move a room charge refused because the guest
// left to a late charge, or void it with a reason (VoidForm). Actions the
// sale's state does not allow are not offered; a refusal from the outbox is shown in words.
import { createSignal, Show } from 'solid-js';
import { refusedAsGuestLeft, type SaleWithSteps } from '../../features/sync';
import { t } from '../../words/i18n';
import { actionProblem } from '../../words/sync-problems';
import { useSubmitter } from '../common/submit';
import { actOnSaleAction, type SaleDecision } from './data';
import { VoidForm } from './VoidForm';

export function SaleActions(props: { entry: SaleWithSteps }) {
  const [voiding, setVoiding] = createSignal(false);
  const id = () => props.entry.sale.id;
  const { submission, submit } = useSubmitter(actOnSaleAction, ([saleId]) => saleId === id());
  const busy = () => submission.pending === true;
  const problem = () => (submission.error ? actionProblem(submission.error) : undefined);
  const run = (decision: SaleDecision) => void submit(id(), decision);
  const blocking = () => props.entry.steps.find((s) => s.state !== 'done' && s.state !== 'voided');
  const checking = () => props.entry.steps.some((s) => s.state === 'in-flight' || s.state === 'unsure');
  const guestLeft = () => refusedAsGuestLeft(props.entry.sale);
  return (
    <div class="sync-actions">
      <Show when={guestLeft()}>
        <p class="desk-muted">
          {t('followUp.lateChargeNote', { guest: props.entry.sale.room?.guestName || '—' })}
        </p>
      </Show>
      <div class="desk-actions">
        <Show when={blocking()?.state === 'failed'}>
          <button type="button" class="primary" disabled={busy()} onClick={() => run('retry')}>
            {t('sync.action.retry')}
          </button>
        </Show>
        <Show when={guestLeft()}>
          <button type="button" class="primary" disabled={busy()} onClick={() => run('late-charge')}>
            {t('followUp.lateChargeAction')}
          </button>
        </Show>
        <Show when={blocking()?.state === 'unverifiable'}>
          <button type="button" class="primary" disabled={busy()} onClick={() => run('applied')}>
            {t('sync.action.posted')}
          </button>
          <button type="button" disabled={busy()} onClick={() => run('resend')}>
            {t('sync.action.postAgain')}
          </button>
        </Show>
        <Show when={blocking()?.state === 'queued' && blocking()?.lastError}>
          <button type="button" disabled={busy()} onClick={() => run('retry')}>
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
        <VoidForm sale={props.entry.sale} onDone={() => setVoiding(false)} />
      </Show>
      <Show when={problem()}>
        <p class="desk-notice" data-tone="error" role="alert">
          {problem()}
        </p>
      </Show>
    </div>
  );
}
