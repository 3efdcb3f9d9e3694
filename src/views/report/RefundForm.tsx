// Refunding a confirmed cash sale with a reason (required): a manager approves when the outlet has
// staff; the till records the cancellation (nothing reaches the PMS) and then shows its slip.
import { createSignal, Show } from 'solid-js';
import type { SaleRecord } from '../../storage/records';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { rw } from '../../words/receipts';
import { actionErrorText } from '../../words/refusals';
import { ReasonField } from '../common/ReasonField';
import { useSubmitter } from '../common/submit';
import { refundSaleAction } from './data';

export function RefundForm(props: { sale: SaleRecord; onRefunded: () => void; onBack: () => void }) {
  const [reason, setReason] = createSignal('');
  const [reasonMissing, setReasonMissing] = createSignal(false);
  const { submission, submit } = useSubmitter(refundSaleAction, ([sale]) => sale.id === props.sale.id);
  const amount = () => formatCents(props.sale.totalCents);
  const problem = () =>
    reasonMissing()
      ? t('sync.action.needReason')
      : submission.error
        ? actionErrorText(submission.error)
        : undefined;
  const refund = async (event: SubmitEvent) => {
    event.preventDefault();
    setReasonMissing(!reason().trim());
    if (reasonMissing()) return;
    const what = rw('report.refundWhat', { reference: props.sale.reference, amount: amount() });
    if ((await submit(props.sale, reason(), what)) && submission.result) props.onRefunded();
  };
  return (
    <form class="report-refund" onSubmit={(event) => void refund(event)}>
      <ReasonField label={rw('report.refundReason')} value={reason()} onInput={setReason} />
      <div class="desk-actions">
        <button type="submit" class="desk-danger" disabled={submission.pending}>
          {rw('report.refundConfirm', { amount: amount() })}
        </button>
        <button type="button" onClick={() => props.onBack()}>
          {rw('report.refundBack')}
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
