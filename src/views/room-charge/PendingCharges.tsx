// This till's charges on the stay that the PMS has not confirmed yet (made offline, or still on
// their way): they are not among the open items, but they can be taken back already (the
// take-back then waits for the charge), line by line.
import { For, Show } from 'solid-js';
import type { SaleRecord } from '../../features/room-charge';
import { clockTime } from '../../words/calendar';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import type { TakeBackTarget } from './TakeBackForm';

export function PendingCharges(props: {
  charges: SaleRecord[];
  onTakeBack: (target: TakeBackTarget) => void;
}) {
  const pending = () => props.charges.filter((sale) => sale.status === 'pending');
  return (
    <Show when={pending().length > 0}>
      <h3 class="rc-subheading">{t('roomCharge.takeBack.pendingTitle')}</h3>
      <ul class="rc-pending-charges">
        <For each={pending()}>
          {(sale) => (
            <li>
              <span>
                {clockTime(sale.createdAt)} · {sale.reference} · {formatCents(sale.totalCents)}{' '}
                <span class="desk-badge" data-tone="warn">
                  {t('roomCharge.takeBack.status.pending')}
                </span>
              </span>
              <ul class="rc-pending-lines">
                <For each={sale.lines}>
                  {(line, index) => (
                    <li>
                      <span>
                        {line.quantity} × {line.name}
                      </span>
                      <button
                        type="button"
                        aria-label={t('roomCharge.takeBack.buttonLabel', {
                          item: line.name,
                          reference: sale.reference,
                        })}
                        onClick={() => props.onTakeBack({ sale, line: index(), max: line.quantity })}
                      >
                        {t('roomCharge.takeBack.button')}
                      </button>
                    </li>
                  )}
                </For>
              </ul>
            </li>
          )}
        </For>
      </ul>
    </Show>
  );
}
