// The ticket's total with the VAT contained per tax class. A polite live region, so a screen
// reader hears the new total after each change.
import { For, Show } from 'solid-js';
import type { Totals } from '../../rules/totals';
import { formatCents, locale } from '../../words/format';
import { t } from '../../words/i18n';

export function TotalsBox(props: { totals: Totals }) {
  return (
    <div class="totals" aria-live="polite" aria-atomic="true" data-testid="ticket-totals">
      <div class="total-row">
        <span>{t('ticket.total')}</span>
        <strong class="total-amount" data-testid="ticket-total">
          {formatCents(props.totals.grossCents)}
        </strong>
      </div>
      <Show when={props.totals.items > 0}>
        <span class="total-items">{t('ticket.items', { count: props.totals.items })}</span>
      </Show>
      <For each={props.totals.taxes}>
        {(tax) => (
          <div class="tax-row">
            <span>
              {tax.ratePercent === null
                ? t('ticket.noTaxClass')
                : t('ticket.vatIncluded', { detail: `${tax.ratePercent.toLocaleString(locale())} %` })}
            </span>
            <span>{formatCents(tax.taxCents)}</span>
          </div>
        )}
      </For>
    </div>
  );
}
