// The parked tickets (bar tabs): name, items, total and when; tapping one recalls it. A ticket
// that is being rung up is parked first, so recalling never loses it.
import { createAsync, useAction } from '@solidjs/router';
import { For, Show } from 'solid-js';
import { currentTicket, type Ticket } from '../../features/ticket';
import { errorText } from '../../words/error-text';
import { formatCents, formatMoment } from '../../words/format';
import { t } from '../../words/i18n';

import { Dialog } from '../common/Dialog';
import { useFreshSubmission } from '../common/fresh-submission';
import { getParkedTickets, recallTicketAction } from './data';

export function TabsDialog(props: { open: boolean; onClose: () => void }) {
  const tabs = createAsync(() => getParkedTickets());
  const recall = useAction(recallTicketAction);
  const submission = useFreshSubmission(recallTicketAction, () => props.open);
  const pick = async (tab: Ticket) => {
    try {
      await recall(tab.id, t('park.defaultName', { detail: formatMoment(Date.now()) }));
      props.onClose();
    } catch {
      // shown from submission.error below
    }
  };
  return (
    <Dialog open={props.open} title={t('tabs.title')} onClose={props.onClose}>
      <Show when={currentTicket().lines.length > 0}>
        <p class="form-note">{t('tabs.recallNote')}</p>
      </Show>
      <ul class="tab-list">
        <For each={tabs()} fallback={<li class="form-note">{t('tabs.none')}</li>}>
          {(tab) => (
            <li>
              <button
                type="button"
                class="tab"
                aria-label={t('tabs.recall', { detail: tab.label })}
                onClick={() => pick(tab)}
              >
                <span class="tab-label">{tab.label}</span>
                <span class="tab-meta">
                  {t('ticket.items', { count: tab.lines.reduce((n, l) => n + l.quantity, 0) })} ·{' '}
                  {formatMoment(tab.updatedAt)}
                </span>
                <strong>
                  {formatCents(tab.lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0))}
                </strong>
              </button>
            </li>
          )}
        </For>
      </ul>
      <p class="form-error" role="alert">
        {submission.error ? errorText(submission.error) : ''}
      </p>
    </Dialog>
  );
}
