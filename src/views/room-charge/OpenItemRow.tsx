// One open item: name, booking day, quantity, amount, and "Take back" when one of this till's
// confirmed charges put it there: it offers that line, up to the quantity still on the room.
import { Show } from 'solid-js';
import type { ChargedLine } from '../../features/room-charge';
import type { InvoiceItem } from '../../pms/wire';
import { calendarDay } from '../../words/calendar';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import type { TakeBackTarget } from './TakeBackForm';

export function OpenItemRow(props: {
  item: InvoiceItem;
  charged: ChargedLine | undefined;
  onTakeBack: (target: TakeBackTarget) => void;
}) {
  const target = (): TakeBackTarget | undefined =>
    props.charged ? { ...props.charged, max: props.item.quantity } : undefined;
  return (
    <tr>
      <td>{props.item.name}</td>
      <td>{props.item.bookkeeping_date ? calendarDay(props.item.bookkeeping_date) : ''}</td>
      <td class="num">{props.item.quantity}</td>
      <td class="num">{formatCents(props.item.price * props.item.quantity)}</td>
      <td class="num">
        <Show when={target()}>
          {(shown) => (
            <button
              type="button"
              aria-label={t('roomCharge.takeBack.buttonLabel', {
                item: shown().sale.lines[shown().line]?.name ?? '',
                reference: shown().sale.reference,
              })}
              onClick={() => props.onTakeBack(shown())}
            >
              {t('roomCharge.takeBack.button')}
            </button>
          )}
        </Show>
      </td>
    </tr>
  );
}
