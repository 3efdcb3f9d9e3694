// Refunding a confirmed cash sale with a reason (required): a manager approves when the outlet has
// staff; the till records the cancellation (nothing reaches the PMS) and then shows its slip. A sale
// paid on a stand-alone terminal is given back there: staff type that refund's receipt number.
import { createSignal, Show } from 'solid-js';
import { refundsOnStandalone } from '../../features/payment';
import type { SaleRecord } from '../../storage/records';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { actionErrorText } from '../../words/refusals';
import { ReasonForm } from '../common/ReasonForm';
import { useSubmitter } from '../common/submit';
import { refundSaleAction } from './data';

export function RefundForm(props: { sale: SaleRecord; onRefunded: () => void; onBack: () => void }) {
  const { submission, submit } = useSubmitter(refundSaleAction, ([sale]) => sale.id === props.sale.id);
  const amount = () => formatCents(props.sale.totalCents);
  const [receipt, setReceipt] = createSignal('');
  const standalone = () => refundsOnStandalone(props.sale);
  const refund = async (reason: string) => {
    const what = t('report.refundWhat', { reference: props.sale.reference, amount: amount() });
    const typed = standalone() ? receipt() : undefined;
    if ((await submit(props.sale, reason, what, typed)) && submission.result) props.onRefunded();
  };
  return (
    <ReasonForm
      class="report-refund"
      label={t('report.refundReason')}
      confirm={t('report.refundConfirm', { amount: amount() })}
      back={t('report.refundBack')}
      pending={submission.pending}
      failure={submission.error ? actionErrorText(submission.error) : undefined}
      onConfirm={refund}
      onBack={props.onBack}
    >
      <Show when={standalone()}>
        <p data-testid="refund-standalone">
          {t('report.refundStandalone', {
            amount: formatCents(props.sale.totalCents + (props.sale.standaloneCard?.tipCents ?? 0)),
          })}
        </p>
        <label class="field">
          <span>{t('card.standalone.receipt')}</span>
          <input
            inputmode="numeric"
            autocomplete="off"
            maxlength="14"
            value={receipt()}
            onInput={(e) => setReceipt(e.currentTarget.value)}
          />
        </label>
      </Show>
    </ReasonForm>
  );
}
