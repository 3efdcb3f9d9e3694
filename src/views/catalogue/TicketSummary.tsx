// On the catalogue page: what is on the ticket so far, and the way to the register to pay it.
import { A } from '@solidjs/router';
import { Show } from 'solid-js';
import { ticketTotals } from '../../features/ticket';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

export function TicketSummary() {
  return (
    <Show when={ticketTotals().items > 0}>
      <A href="/" class="button primary ticket-summary">
        <span>
          {t('catalogue.ticketSummary', { detail: t('ticket.items', { count: ticketTotals().items }) })}
        </span>
        <strong>{formatCents(ticketTotals().grossCents)}</strong>
        <span>{t('catalogue.toRegister')} →</span>
      </A>
    </Show>
  );
}
