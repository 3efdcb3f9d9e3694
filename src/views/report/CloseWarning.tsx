// The warning before closing a shift with sales the PMS has not confirmed: how many, which ones
// (time, reference, kind, amount, state), and the way to the sync view.
import { A } from '@solidjs/router';
import { For } from 'solid-js';
import type { SaleRecord } from '../../features/sync';
import { clockTime } from '../../words/calendar';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

export function CloseWarning(props: { sales: SaleRecord[] }) {
  const count = () => props.sales.length;
  return (
    <div class="desk-notice" data-tone="warn" role="alert" data-testid="close-warning">
      {t('report.closeWarn', { count: count() })}
      <ul class="report-open-sales">
        <For each={props.sales}>
          {(sale) => (
            <li>
              {clockTime(sale.createdAt)} · {sale.reference} · {t(`sync.sale.kind.${sale.kind}`)} ·{' '}
              {formatCents(sale.totalCents)} · {t(`sync.sale.status.${sale.status}`)}
            </li>
          )}
        </For>
      </ul>
      <A class="button" href="/sync">
        {t('report.openSync')}
      </A>
    </div>
  );
}
