// One table of the report: a label, a count (sales or items) and an amount per row, an optional
// total row. A row may be a sub-row ("of which ...") or have no amount (voided sales).
import { createUniqueId, For, Show } from 'solid-js';
import type { Amount } from '../../rules/shift-totals';
import { formatCents, formatItems } from '../../words/format';
import { t } from '../../words/i18n';

export interface AmountRow {
  label: string;
  n: number;
  cents?: number;
  sub?: boolean;
}

export function AmountTable(props: {
  title: string;
  unit: 'count' | 'quantity';
  rows: AmountRow[];
  total?: Amount;
  totalLabel?: string;
  testId?: string;
}) {
  const headingId = createUniqueId();
  return (
    <section class="desk-panel report-table" aria-labelledby={headingId} data-testid={props.testId}>
      <h2 id={headingId}>{props.title}</h2>
      <table class="desk-table">
        <thead>
          <tr>
            <th scope="col">{t('report.col.what')}</th>
            <th scope="col" class="num">
              {t(props.unit === 'count' ? 'report.col.count' : 'report.col.quantity')}
            </th>
            <th scope="col" class="num">
              {t('report.col.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          <For each={props.rows}>
            {(row) => (
              <tr class={row.sub ? 'report-sub' : undefined}>
                <th scope="row">{row.label}</th>
                <td class="num">{formatItems(row.n)}</td>
                <td class="num">{row.cents === undefined ? '' : formatCents(row.cents)}</td>
              </tr>
            )}
          </For>
        </tbody>
        <Show when={props.total}>
          {(total) => (
            <tfoot>
              <tr>
                <th scope="row">{props.totalLabel ?? t('report.total')}</th>
                <td class="num">{total().count}</td>
                <td class="num">{formatCents(total().cents)}</td>
              </tr>
            </tfoot>
          )}
        </Show>
      </table>
    </section>
  );
}
