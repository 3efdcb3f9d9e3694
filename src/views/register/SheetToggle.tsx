// On a phone the ticket is a bottom sheet: this bar shows the item count and total and opens or
// closes it. Hidden on tablets, where the ticket is a side panel (register.css).

import { ticketTotals } from '../../features/ticket';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

export function SheetToggle(props: { open: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      class="sheet-toggle primary"
      aria-expanded={props.open}
      onClick={() => props.onToggle()}
    >
      <span>
        {props.open ? '▾' : '▴'} {t('ticket.show')}
      </span>
      <span>{t('ticket.items', { count: ticketTotals().items })}</span>
      <strong>{formatCents(ticketTotals().grossCents)}</strong>
    </button>
  );
}
