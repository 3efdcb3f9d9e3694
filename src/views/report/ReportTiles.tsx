// The report's three headline amounts: the total (with the number of sales), what the PMS has
// confirmed, and what is still pending.

import type { ShiftTotals } from '../../rules/shift-totals';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

export function ReportTiles(props: { totals: ShiftTotals }) {
  const count = () => props.totals.total.count;
  return (
    <dl class="report-tiles">
      <div data-testid="report-total">
        <dt>{t('report.total')}</dt>
        <dd>{formatCents(props.totals.total.cents)}</dd>
        <dd class="desk-muted">{t('report.salesCount', { count: count() })}</dd>
      </div>
      <div data-testid="report-confirmed">
        <dt>{t('report.confirmed')}</dt>
        <dd>{formatCents(props.totals.confirmed.cents)}</dd>
      </div>
      <div data-testid="report-pending">
        <dt>{t('report.pending')}</dt>
        <dd>{formatCents(props.totals.pending.cents)}</dd>
      </div>
    </dl>
  );
}
