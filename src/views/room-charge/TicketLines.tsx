// The current ticket as a small table: quantity, item, amount, and the total.
import { For } from 'solid-js';
import { ticketLines, ticketTotals } from '../../features/ticket';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

export function TicketLines() {
  return (
    <table class="desk-table">
      <tbody>
        <For each={ticketLines()}>
          {(line) => (
            <tr>
              <td class="num">{line.quantity} ×</td>
              <td>{line.name}</td>
              <td class="num">{formatCents(line.quantity * line.unitPriceCents)}</td>
            </tr>
          )}
        </For>
      </tbody>
      <tfoot>
        <tr>
          <th colSpan={2} scope="row">
            {t('roomCharge.ticket.total')}
          </th>
          <td class="num">{formatCents(ticketTotals().grossCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
