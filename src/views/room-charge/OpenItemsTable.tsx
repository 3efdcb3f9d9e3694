// The open items of a stay as a table: item, booking date, quantity, amount, and "Take back" on
// items that one of this till's confirmed charges put there (by the item ids the charge kept), for
// that line.
import { For, Show } from 'solid-js';
import type { ChargedLine } from '../../features/room-charge';
import type { ReservationCost } from '../../pms/wire';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { OpenItemRow } from './OpenItemRow';
import type { TakeBackTarget } from './TakeBackForm';

export function OpenItemsTable(props: {
  cost: ReservationCost;
  charged: ReadonlyMap<number, ChargedLine>;
  onTakeBack: (target: TakeBackTarget) => void;
}) {
  return (
    <Show
      when={props.cost.invoice_items.length > 0}
      fallback={<p class="desk-muted">{t('roomCharge.openItems.none')}</p>}
    >
      <div class="rc-table-scroll">
        <table class="desk-table" data-testid="open-items">
          <thead>
            <tr>
              <th scope="col">{t('roomCharge.openItems.item')}</th>
              <th scope="col">{t('roomCharge.openItems.date')}</th>
              <th scope="col" class="num">
                {t('roomCharge.openItems.quantity')}
              </th>
              <th scope="col" class="num">
                {t('roomCharge.openItems.amount')}
              </th>
              <th scope="col">
                <span class="desk-visually-hidden">{t('roomCharge.takeBack.button')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            <For each={props.cost.invoice_items}>
              {(item) => (
                <OpenItemRow item={item} charged={props.charged.get(item.id)} onTakeBack={props.onTakeBack} />
              )}
            </For>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t('roomCharge.openItems.total')}
              </th>
              <td class="num">{formatCents(props.cost.total)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </Show>
  );
}
