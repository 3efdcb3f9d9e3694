// Voiding a sale with a reason (required). Steps not yet in the PMS are never sent; a room charge
// already on the room is taken back by a reversal (the outbox decides, see outbox/actions.ts).
// Where the server has staff, a manager approves the void with their PIN first; cancelled, nothing
// happens.
import { createSignal, Show } from 'solid-js';
import { approvalFor } from '../../state/approval-request';
import type { SaleRecord } from '../../storage/records';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { w as lockWords } from '../../words/lock';
import { actionProblem } from '../../words/sync-problems';
import { ReasonField } from '../common/ReasonField';
import { useSubmitter } from '../common/submit';
import { voidSaleAction } from './data';

export function VoidForm(props: { sale: SaleRecord; onDone: () => void }) {
  const [reason, setReason] = createSignal('');
  const [reasonMissing, setReasonMissing] = createSignal(false);
  const { submission, submit } = useSubmitter(voidSaleAction, ([saleId]) => saleId === props.sale.id);
  const problem = () =>
    reasonMissing()
      ? t('sync.action.needReason')
      : submission.error
        ? actionProblem(submission.error)
        : undefined;
  const voidSale = async (event: SubmitEvent) => {
    event.preventDefault();
    setReasonMissing(!reason().trim());
    if (reasonMissing()) return;
    const { id, reference, totalCents } = props.sale;
    const approval = await approvalFor(
      { action: 'void_sale', subject: id, amountCents: totalCents },
      lockWords('approval.void_sale', { subject: reference, amount: formatCents(totalCents) }),
    );
    if (approval === null) return; // the manager did not approve: nothing is voided
    if (await submit(id, reason(), approval)) props.onDone();
  };
  return (
    <form class="sync-void" onSubmit={(event) => void voidSale(event)}>
      <ReasonField label={t('sync.action.voidReason')} value={reason()} onInput={setReason} />
      <div class="desk-actions">
        <button type="submit" class="desk-danger" disabled={submission.pending}>
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
