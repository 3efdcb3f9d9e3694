// Refunding a confirmed cash sale with a reason (required): a manager approves when the outlet has
// staff; the till records the cancellation (nothing reaches the PMS) and then shows its slip.
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
  const refund = async (reason: string) => {
    const what = t('report.refundWhat', { reference: props.sale.reference, amount: amount() });
    if ((await submit(props.sale, reason, what)) && submission.result) props.onRefunded();
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
    />
  );
}
