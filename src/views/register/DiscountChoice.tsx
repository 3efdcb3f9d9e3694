// A discount on the ticket from the pay screen: a percentage or an amount, typed in. Owns the
// choice and parsing what staff typed (at most two decimals; a percentage 0–100; an amount up to
// the total, or for a line's discount the price of one item), saying in words what is wrong. The lines are re-priced by rules/discounts.ts.
import { For, Show } from 'solid-js';
import type { Cents } from '../../pms/money';
import { type Discount, DiscountError, discountCents } from '../../rules/discounts';
import { parseAmount } from '../../rules/ticket-lines';
import { formatCents, withoutGrouping } from '../../words/format';
import { t } from '../../words/i18n';
import { LabelledGroup } from '../common/LabelledGroup';

export type DiscountKind = Discount['kind'];

/**
 * What staff typed as a discount of `totalCents`: the discount and its cents, or why it is refused
 * (`tooMuch` says an amount above `totalCents`: the ticket's total, or a line's price of one item).
 */
export function readDiscount(
  kind: DiscountKind,
  text: string,
  totalCents: Cents,
  tooMuch:
    | 'discount.error.more-than-total'
    | 'lineDiscount.error.more-than-total' = 'discount.error.more-than-total',
): { discount?: Discount; cents: Cents; error?: string } {
  if (!text.trim()) return { cents: 0 };
  let discount: Discount;
  if (kind === 'percent') {
    if (!/^\s*\d{1,3}(?:[.,]\d{1,2})?\s*$/.test(text))
      return { cents: 0, error: t('discount.error.bad-percent') };
    discount = { kind, percent: Number(text.trim().replace(',', '.')) };
  } else {
    const cents = parseAmount(withoutGrouping(text));
    if (cents === undefined) return { cents: 0, error: t('discount.error.bad-amount') };
    discount = { kind, cents };
  }
  try {
    return { discount, cents: discountCents(totalCents, discount) };
  } catch (error) {
    if (!(error instanceof DiscountError)) throw error;
    const words = error.reason === 'bad-percent' ? 'discount.error.bad-percent' : tooMuch;
    return { cents: 0, error: t(words, { total: formatCents(totalCents) }) };
  }
}

export function DiscountChoice(props: {
  kind: DiscountKind;
  text: string;
  error: string | undefined;
  onKind: (kind: DiscountKind) => void;
  onText: (text: string) => void;
}) {
  const kinds = [
    { kind: 'percent', label: () => `% ${t('discount.percent')}` },
    { kind: 'amount', label: () => `€ ${t('discount.amount')}` },
  ] as const;
  return (
    <LabelledGroup class="discount-choice" label={t('discount.title')}>
      <div class="discount-row">
        <For each={kinds}>
          {(entry) => (
            <button
              type="button"
              aria-pressed={props.kind === entry.kind}
              onClick={() => props.onKind(entry.kind)}
            >
              {entry.label()}
            </button>
          )}
        </For>
        <input
          aria-label={t('discount.value')}
          inputMode="decimal"
          autocomplete="off"
          placeholder={t('discount.none')}
          value={props.text}
          onInput={(event) => props.onText(event.currentTarget.value)}
        />
      </div>
      <Show when={props.error}>
        <p class="form-error" role="alert">
          {props.error}
        </p>
      </Show>
    </LabelledGroup>
  );
}
