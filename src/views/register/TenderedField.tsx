// Cash tendered and the change due: typed on the number pad (TenderedPad) or a keyboard, or one tap
// on a likely amount (the exact total, the notes above it). Empty means exact. The change is a live
// region, so it is announced as the amount is typed; an amount the money rule refuses is said there
// too (which limit it broke).
import { For, Show } from 'solid-js';
import type { Cents } from '../../pms/money';
import { changeDue } from '../../rules/payment';
import { quickTenders } from '../../rules/tender';
import { readAmount } from '../../rules/ticket-lines';
import { errorText } from '../../words/error-text';
import { formatCents, locale, withoutGrouping } from '../../words/format';
import { t } from '../../words/i18n';
import { NumberPad } from '../common/NumberPad';

export function TenderedField(props: {
  totalCents: Cents;
  text: string;
  onText: (text: string) => void;
  /** No number pad beside it: the tablet's own keyboard types the amount. */
  keyboard?: boolean;
}) {
  const read = () => {
    if (!props.text.trim()) return { cents: props.totalCents };
    try {
      return { cents: readAmount(withoutGrouping(props.text)) };
    } catch (failure) {
      return { problem: errorText(failure) };
    }
  };
  const tendered = () => read().cents;
  const change = () => changeDue(props.totalCents, tendered());
  const asText = (cents: Cents) =>
    (cents / 100).toLocaleString(locale(), { minimumFractionDigits: 2, useGrouping: false });
  return (
    <div class="tendered">
      <label class="field">
        <span>{t('pay.tendered')}</span>
        <input
          inputMode={props.keyboard ? 'decimal' : 'none'}
          autocomplete="off"
          value={props.text}
          placeholder={asText(props.totalCents)}
          onInput={(event) => props.onText(event.currentTarget.value)}
        />
      </label>
      <fieldset class="quick-tenders" aria-label={t('pay.quickCash')}>
        <For each={quickTenders(props.totalCents)}>
          {(amount) => (
            <button type="button" onClick={() => props.onText(asText(amount))}>
              {formatCents(amount)}
            </button>
          )}
        </For>
      </fieldset>
      <p class="change" aria-live="polite" data-testid="change-due">
        <Show
          when={change() !== null}
          fallback={
            read().problem ?? t('pay.short', { detail: formatCents(props.totalCents - (tendered() ?? 0)) })
          }
        >
          {t('pay.change')}: <strong>{formatCents(change() ?? 0)}</strong>
        </Show>
      </p>
    </div>
  );
}

/** The highest amount tendered the till takes (the money rule's six digits). */
const MAX_TENDERED = 999_999.99;

/** The number pad for cash tendered: large keys, the locale's decimal separator, says its limits. */
export function TenderedPad(props: { text: string; onText: (text: string) => void }) {
  return (
    <NumberPad
      label={t('pay.tenderedPad')}
      value={props.text}
      onValue={props.onText}
      decimals={2}
      max={MAX_TENDERED}
      maxText={formatCents(99_999_999)}
      separator={(1.5).toLocaleString(locale()).charAt(1)}
    />
  );
}
