// Voiding a sale with a reason (required). Steps not yet in the PMS are never sent; a room charge
// already on the room is taken back by a reversal (the outbox decides, see outbox/actions.ts).
// Where the server has staff, a manager approves the void with their PIN first (features/sync/sync-list.ts
// asks), only once the outbox says the void can go ahead; cancelled, nothing happens.
import { createSignal } from 'solid-js';
import { mayVoid } from '../../features/sync';
import type { SaleRecord } from '../../storage/records';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { actionProblem } from '../../words/sync-problems';
import { ReasonForm } from '../common/ReasonForm';
import { useSubmitter } from '../common/submit';
import { voidSaleAction } from './data';

export function VoidForm(props: { sale: SaleRecord; onDone: () => void }) {
  const { submission, submit } = useSubmitter(voidSaleAction, ([sale]) => sale.id === props.sale.id);
  const [refusal, setRefusal] = createSignal<string>();
  const voidSale = async (reason: string) => {
    const { id, reference, totalCents } = props.sale;
    setRefusal(undefined);
    try {
      await mayVoid(id); // no manager's PIN for a void the outbox would refuse
    } catch (error) {
      setRefusal(actionProblem(error));
      return;
    }
    const what = t('lock.approval.void_sale', { subject: reference, amount: formatCents(totalCents) });
    // false: the manager did not approve, nothing is voided and the form stays
    if ((await submit(props.sale, reason, what)) && submission.result) props.onDone();
  };
  return (
    <ReasonForm
      class="sync-void"
      label={t('sync.action.voidReason')}
      confirm={t('sync.action.voidConfirm')}
      back={t('sync.action.cancel')}
      pending={submission.pending}
      failure={refusal() ?? (submission.error ? actionProblem(submission.error) : undefined)}
      onConfirm={voidSale}
      onBack={props.onDone}
    />
  );
}
