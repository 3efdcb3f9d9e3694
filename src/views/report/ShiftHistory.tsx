// The shifts closed on this tablet, newest first: their window, total and how many sales were
// still unconfirmed at closing.
import { createUniqueId, For, Show } from 'solid-js';
import { closedShifts } from '../../features/report';
import type { ShiftTotals } from '../../rules/shift-totals';
import { formatCents, formatDateTime } from '../../words/format';
import { t } from '../../words/i18n';

export function ShiftHistory() {
  const headingId = createUniqueId();
  const shifts = () => [...closedShifts()].reverse().slice(0, 10);
  const total = (totals: unknown) => (totals as Partial<ShiftTotals> | null)?.total?.cents ?? 0;
  return (
    <Show when={shifts().length > 0}>
      <section class="desk-panel report-history" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('report.history')}</h2>
        <ul>
          <For each={shifts()}>
            {(shift) => (
              <li>
                <span>
                  {t('report.historyRow', {
                    from: shift.openedAt ? formatDateTime(shift.openedAt) : '—',
                    to: formatDateTime(shift.closedAt),
                  })}
                </span>
                <span>{shift.staff}</span>
                <strong>{formatCents(total(shift.totals))}</strong>
                <Show when={shift.openSales > 0}>
                  <span class="desk-badge" data-tone="warn">
                    {t('report.historyOpen', { count: shift.openSales })}
                  </span>
                </Show>
              </li>
            )}
          </For>
        </ul>
      </section>
    </Show>
  );
}
