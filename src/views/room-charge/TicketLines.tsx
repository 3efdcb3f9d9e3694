// The current ticket as a small table: quantity, item, amount, and the total.
import { For } from 'solid-js';
import { ticketLines, ticketTotals } from '../../state/ticket';
import { t } from '../../words/i18n';
import { money } from '../../words/placeholders';

export function TicketLines() {
  return (
    <table class="desk-table">
      <tbody>
        <For each={ticketLines()}>
          {(line) => (
            <tr>
              <td class="num">{line.quantity} ×</td>
              <td>{line.name}</td>
              <td class="num">{money(line.quantity * line.unitPriceCents)}</td>
            </tr>
          )}
        </For>
      </tbody>
      <tfoot>
        <tr>
          <th colSpan={2} scope="row">
            {t('roomCharge.ticket.total')}
          </th>
          <td class="num">{money(ticketTotals().grossCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
