// The report's three headline amounts: the total (with the number of sales), what the PMS has
// confirmed, and what is still pending.

import type { ShiftTotals } from '../../rules/shift-totals';
import { t } from '../../words/i18n';
import { fill, money } from '../../words/placeholders';

export function ReportTiles(props: { totals: ShiftTotals }) {
  const count = () => props.totals.total.count;
  return (
    <dl class="report-tiles">
      <div data-testid="report-total">
        <dt>{t('report.total')}</dt>
        <dd>{money(props.totals.total.cents)}</dd>
        <dd class="desk-muted">
          {fill(t(count() === 1 ? 'report.salesCountOne' : 'report.salesCount'), { count: count() })}
        </dd>
      </div>
      <div data-testid="report-confirmed">
        <dt>{t('report.confirmed')}</dt>
        <dd>{money(props.totals.confirmed.cents)}</dd>
      </div>
      <div data-testid="report-pending">
        <dt>{t('report.pending')}</dt>
        <dd>{money(props.totals.pending.cents)}</dd>
      </div>
    </dl>
  );
}
