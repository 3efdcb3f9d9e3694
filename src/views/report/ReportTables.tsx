// The report's tables: the three headline amounts, then by payment method, by commodity group,
// room charges, and confirmed versus pending (with refunds and voided sales). Every amount is in the
// hotel currency.

import type { ShiftReport } from '../../features/report';
import { t } from '../../words/i18n';
import { AmountTable } from './AmountTable';
import { CardTerminalTable } from './CardTerminalTable';
import { ReportTiles } from './ReportTiles';

export function ReportTables(props: { report: ShiftReport }) {
  const totals = () => props.report.totals;
  const methodName = (id: number | null | 'late-charge') =>
    id === null
      ? t('report.roomCharge')
      : id === 'late-charge'
        ? t('report.lateCharge')
        : (props.report.paymentMethods.find((m) => m.id === id)?.name ?? t('report.unknownMethod', { id }));
  return (
    <div class="report-grid">
      <ReportTiles totals={totals()} />
      <CardTerminalTable tips={totals().cardTips} />
      <AmountTable
        testId="report-by-payment"
        title={t('report.byPayment')}
        unit="count"
        rows={totals().byPayment.map((p) => ({
          label: methodName(p.paymentMethodId),
          n: p.count,
          cents: p.cents,
        }))}
        total={totals().total}
      />
      <AmountTable
        testId="report-by-group"
        title={t('report.byGroup')}
        unit="quantity"
        rows={totals().byGroup.map((g) => ({
          label: g.name || t('report.otherGroup'),
          n: g.quantity,
          cents: g.cents,
        }))}
      />
      <AmountTable
        testId="report-room-charges"
        title={t('report.roomCharges')}
        unit="count"
        rows={[
          {
            label: t('report.charges'),
            n: totals().roomCharges.count,
            cents: totals().roomCharges.cents - totals().reversals.cents,
          },
          { label: t('report.reversals'), n: totals().reversals.count, cents: totals().reversals.cents },
        ]}
        total={{
          count: totals().roomCharges.count + totals().reversals.count,
          cents: totals().roomCharges.cents,
        }}
        totalLabel={t('report.roomNet')}
      />
      <AmountTable
        testId="report-sync"
        title={t('report.sync')}
        unit="count"
        rows={[
          { label: t('report.confirmed'), n: totals().confirmed.count, cents: totals().confirmed.cents },
          { label: t('report.pending'), n: totals().pending.count, cents: totals().pending.cents },
          {
            label: t('report.needsAttention'),
            n: totals().needsAttention.count,
            cents: totals().needsAttention.cents,
            sub: true,
          },
          {
            label: t('report.cancellations'),
            n: totals().cancellations.count,
            cents: totals().cancellations.cents,
          },
          { label: t('report.voided'), n: totals().voided.count, cents: totals().voided.cents },
        ]}
      />
    </div>
  );
}
