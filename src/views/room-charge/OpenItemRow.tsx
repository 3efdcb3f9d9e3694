// One open item: name, booking day, quantity, amount, and "Take back" when one of this till's
// confirmed charges put it there (it takes back that whole sale).
import { Show } from 'solid-js';
import type { InvoiceItem } from '../../pms/wire';
import type { SaleRecord } from '../../state/room-charges';
import { calendarDay } from '../../words/calendar';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

export function OpenItemRow(props: {
  item: InvoiceItem;
  sale: SaleRecord | undefined;
  onTakeBack: (sale: SaleRecord) => void;
}) {
  return (
    <tr>
      <td>{props.item.name}</td>
      <td>{props.item.bookkeeping_date ? calendarDay(props.item.bookkeeping_date) : ''}</td>
      <td class="num">{props.item.quantity}</td>
      <td class="num">{formatCents(props.item.price * props.item.quantity)}</td>
      <td class="num">
        <Show when={props.sale}>
          {(sale) => (
            <button
              type="button"
              aria-label={t('roomCharge.takeBack.buttonLabel', { reference: sale().reference })}
              onClick={() => props.onTakeBack(sale())}
            >
              {t('roomCharge.takeBack.button')}
            </button>
          )}
        </Show>
      </td>
    </tr>
  );
}
