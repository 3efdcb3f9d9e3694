// Taking back some units of one line of this till's room charges: how many (1 to what is still on
// the room, the limit said, not silent), a reason, one confirming tap; a manager approves where the
// server has staff. The take-back is recorded and sent by the outbox, like every sale.
import { createSignal, Show } from 'solid-js';
import type { SaleRecord } from '../../features/room-charge';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { actionErrorText } from '../../words/refusals';
import { ReasonField } from '../common/ReasonField';
import { useSubmitter } from '../common/submit';
import { takeBackLineAction } from './data';
import { QuantityStepper } from './QuantityStepper';

/** What "Take back" was tapped on: a line of a charge, and how many of it are still on the room. */
export interface TakeBackTarget {
  sale: SaleRecord;
  line: number;
  max: number;
}

export function TakeBackForm(props: { target: TakeBackTarget; onClose: () => void }) {
  const [reason, setReason] = createSignal('');
  const [quantity, setQuantity] = createSignal(1);
  const [reasonMissing, setReasonMissing] = createSignal(false);
  const [cancelled, setCancelled] = createSignal(false);
  const sale = () => props.target.sale;
  const line = () => sale().lines[props.target.line];
  const item = () => line()?.name ?? '';
  const words = () => ({ quantity: quantity(), item: item(), reference: sale().reference });
  const { submission, submit } = useSubmitter(
    takeBackLineAction,
    ([charge, index]) => charge.id === sale().id && index === props.target.line,
  );
  const message = (): { tone: 'ok' | 'error'; text: string } | undefined => {
    if (reasonMissing()) return { tone: 'error', text: t('roomCharge.takeBack.needReason') };
    if (submission.error)
      return {
        tone: 'error',
        text: t('roomCharge.takeBack.failed', { message: actionErrorText(submission.error) }),
      };
    if (submission.result) return { tone: 'ok', text: t('roomCharge.takeBack.done', words()) };
    if (cancelled()) return { tone: 'error', text: t('followUp.takeBackCancelled') };
    return undefined;
  };
  const takeBack = async (event: SubmitEvent) => {
    event.preventDefault();
    setReasonMissing(!reason().trim());
    setCancelled(false);
    if (reasonMissing()) return;
    const what = t('followUp.takeBackApproval', words());
    if (await submit(sale(), props.target.line, quantity(), reason(), what)) setCancelled(!submission.result);
  };
  const done = () => message()?.tone === 'ok';
  return (
    <form class="rc-take-back" onSubmit={takeBack} aria-label={t('followUp.takeBackTitle', words())}>
      <Show when={!done()}>
        <h3 class="rc-subheading">{t('followUp.takeBackTitle', words())}</h3>
        <QuantityStepper value={quantity()} max={props.target.max} onChange={setQuantity} />
        <ReasonField label={t('roomCharge.takeBack.reason')} value={reason()} onInput={setReason} />
        <div class="desk-actions">
          <button type="submit" class="primary desk-danger-fill" disabled={submission.pending}>
            {t('roomCharge.takeBack.confirm', {
              amount: formatCents(quantity() * (line()?.unitPriceCents ?? 0)),
            })}
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
