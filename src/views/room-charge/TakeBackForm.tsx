// Taking one of this till's room charges back: staff give a reason, and a reversal is recorded
// (sent to the PMS by the outbox, like every sale). Owns the reason and the single confirming tap.
import { createSignal, Show } from 'solid-js';
import type { SaleRecord } from '../../state/room-charges';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { actionErrorText } from '../../words/refusals';
import { ReasonField } from '../common/ReasonField';
import { useSubmitter } from '../common/submit';
import { takeBackChargeAction } from './data';

export function TakeBackForm(props: { sale: SaleRecord; onClose: () => void }) {
  const [reason, setReason] = createSignal('');
  const [reasonMissing, setReasonMissing] = createSignal(false);
  const { submission, submit } = useSubmitter(takeBackChargeAction, ([saleId]) => saleId === props.sale.id);
  const message = (): { tone: 'ok' | 'error'; text: string } | undefined => {
    if (reasonMissing()) return { tone: 'error', text: t('roomCharge.takeBack.needReason') };
    if (submission.error)
      return {
        tone: 'error',
        text: t('roomCharge.takeBack.failed', { message: actionErrorText(submission.error) }),
      };
    if (submission.result)
      return { tone: 'ok', text: t('roomCharge.takeBack.done', { reference: props.sale.reference }) };
    return undefined;
  };
  const takeBack = (event: SubmitEvent) => {
    event.preventDefault();
    setReasonMissing(!reason().trim());
    if (!reasonMissing()) void submit(props.sale.id, reason());
  };
  const done = () => message()?.tone === 'ok';
  return (
    <form class="rc-take-back" onSubmit={takeBack}>
      <Show when={!done()}>
        <ReasonField label={t('roomCharge.takeBack.reason')} value={reason()} onInput={setReason} />
        <div class="desk-actions">
          <button type="submit" class="primary desk-danger-fill" disabled={submission.pending}>
            {t('roomCharge.takeBack.confirm', { amount: formatCents(props.sale.totalCents) })}
          </button>
          <button type="button" onClick={() => props.onClose()}>
            {t('roomCharge.takeBack.cancel')}
          </button>
        </div>
      </Show>
      <Show when={message()}>
        {(shown) => (
          <p class="desk-notice" data-tone={shown().tone} role={shown().tone === 'ok' ? 'status' : 'alert'}>
            {shown().text}
          </p>
        )}
      </Show>
    </form>
  );
}
