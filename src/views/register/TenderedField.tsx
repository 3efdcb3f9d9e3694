// Cash tendered and the change due: typed in or one tap on a likely amount (exact, next round sums).
// Empty means exact. The change is a live region, so it is announced as the amount is typed.
import { For, Show } from 'solid-js';
import type { Cents } from '../../pms/money';
import { changeDue, quickTenders } from '../../rules/payment';
import { parseAmount } from '../../rules/ticket-lines';
import { formatCents, locale } from '../../words/format';
import { t } from '../../words/i18n';

export function TenderedField(props: { totalCents: Cents; text: string; onText: (text: string) => void }) {
  const tendered = () => (props.text.trim() ? parseAmount(props.text) : props.totalCents);
  const change = () => changeDue(props.totalCents, tendered());
  const asText = (cents: Cents) => (cents / 100).toLocaleString(locale(), { minimumFractionDigits: 2 });
  return (
    <div class="tendered">
      <label class="field">
        <span>{t('pay.tendered')}</span>
        <input
          inputMode="decimal"
          autocomplete="off"
          value={props.text}
          placeholder={asText(props.totalCents)}
          onInput={(event) => props.onText(event.currentTarget.value)}
        />
      </label>
      <div class="quick-tenders">
        <For each={quickTenders(props.totalCents)}>
          {(amount) => (
            <button type="button" onClick={() => props.onText(asText(amount))}>
              {formatCents(amount)}
            </button>
          )}
        </For>
      </div>
      <p class="change" aria-live="polite" data-testid="change-due">
        <Show
          when={change() !== null}
          fallback={t('pay.short', { detail: formatCents(props.totalCents - (tendered() ?? 0)) })}
        >
          {t('pay.change')}: <strong>{formatCents(change() ?? 0)}</strong>
        </Show>
      </p>
    </div>
  );
}
