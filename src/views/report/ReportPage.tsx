// The shift report: what this till took since the last close (totals by payment method, by
// commodity group, room charges, confirmed versus pending), printable, the shift's receipts (copies,
// refunds), closing the shift, and, for managers, the hotel's day closing (DayClosing.tsx).
import { onMount, Show } from 'solid-js';
import { startCatalogue } from '../../features/catalogue';
import { tillIdentity } from '../../features/device';
import { createShiftReport } from '../../features/report';
import { actingStaff } from '../../features/staff';
import { formatDateTime } from '../../words/format';
import { t } from '../../words/i18n';
import { CloseShift } from './CloseShift';
import { DayClosing } from './DayClosing';
import { ReportTables } from './ReportTables';
import { ShiftHistory } from './ShiftHistory';
import { ShiftReceipts } from './ShiftReceipts';

export function ReportPage() {
  const report = createShiftReport();
  onMount(startCatalogue); // commodity groups and payment method names
  const since = (openedAt: number) =>
    openedAt ? t('report.shiftSince', { time: formatDateTime(openedAt) }) : t('report.shiftSinceStart');
  return (
    <section class="view desk-view report-view">
      <header class="report-head">
        <h1>{t('report.title')}</h1>
        <button type="button" class="report-print" onClick={() => window.print()}>
          {t('report.print')}
        </button>
      </header>
      <Show when={report()}>
        {(shown) => (
          <>
            <p class="report-window">
              <strong data-testid="shift-since">{since(shown().openedAt)}</strong>
              <span class="desk-muted">
                {t('report.asOf', {
                  time: formatDateTime(shown().at),
                  till: tillIdentity().tillName,
                  staff: actingStaff().staff || '—',
                })}
              </span>
            </p>
            <Show when={shown().sales.length > 0} fallback={<p class="desk-notice">{t('report.empty')}</p>}>
              <ReportTables report={shown()} />
              <ShiftReceipts report={shown()} />
            </Show>
            <CloseShift report={shown()} />
          </>
        )}
      </Show>
      <ShiftHistory />
      <DayClosing />
    </section>
  );
}
