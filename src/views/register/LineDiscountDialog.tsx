// A discount on one line of the ticket, from the line's own % button (issue 14): a percentage or an
// amount off each item, typed on the number pad or picked from the quick percentages; the line's new
// price is shown before it is given. Refusals (above 100 %, above the price of one item, a manager's
// approval cancelled) are said in the dialog and change nothing. Loaded after the first screen.
import { createMemo, createSignal, For, Show } from 'solid-js';
import type { TicketLine } from '../../features/ticket';
import { giveLineDiscount } from '../../features/ticket';
import { discountPercent, listPriceOf } from '../../rules/discounts';
import { errorText } from '../../words/error-text';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { Dialog } from '../common/Dialog';
import { NumberPad } from '../common/NumberPad';
import { type DiscountKind, readDiscount } from './DiscountChoice';
import './line-discount.css';

const QUICK_PERCENTS = [5, 10, 15, 20, 50] as const;

export function LineDiscountDialog(props: { line: TicketLine | undefined; onClose: () => void }) {
  return (
    <Dialog
      open={props.line !== undefined}
      title={t('lineDiscount.title', { name: props.line?.name ?? '' })}
      onClose={props.onClose}
    >
      <Show when={props.line}>{(line) => <LineDiscountForm line={line()} onDone={props.onClose} />}</Show>
    </Dialog>
  );
}

function LineDiscountForm(props: { line: TicketLine; onDone: () => void }) {
  const given = props.line.discount?.given;
  const [kind, setKind] = createSignal<DiscountKind>(given?.kind ?? 'percent');
  const [typed, setTyped] = createSignal(given ? typedOf(given) : '');
  const [refusal, setRefusal] = createSignal('');
  const listPrice = () => listPriceOf(props.line);
  const read = createMemo(() =>
    readDiscount(kind(), typed(), listPrice(), 'lineDiscount.error.more-than-total'),
  );
  const unitAfter = () => listPrice() - read().cents;
  const pickKind = (next: DiscountKind) => {
    setKind(next);
    setTyped('');
    setRefusal('');
  };
  const give = async (text = typed()) => {
    setRefusal('');
    const reading = readDiscount(kind(), text, listPrice(), 'lineDiscount.error.more-than-total');
    if (reading.error) return setRefusal(reading.error);
    const line = props.line;
    if (!reading.discount && !line.discount) return props.onDone(); // nothing typed, nothing to take off
    const what = t('lineDiscount.what', {
      amount: formatCents(reading.cents * line.quantity),
      percent: `${Math.round(discountPercent(listPrice(), reading.cents) * 100) / 100} %`,
      name: line.name,
      quantity: line.quantity,
      price: formatCents(listPrice()),
    });
    try {
      const outcome = await giveLineDiscount(line, reading.discount, what);
      if (outcome === 'given') return props.onDone();
      setRefusal(
        t(outcome === 'cancelled' ? 'lineDiscount.error.cancelled' : 'discount.error.full-needs-manager'),
      );
    } catch (error) {
      setRefusal(errorText(error));
    }
  };
  const quick = (percent: number) => {
    setKind('percent');
    setTyped(String(percent));
    void give(String(percent));
  };
  return (
    <div class="line-discount">
      <fieldset class="line-discount-kinds" aria-label={t('discount.title')}>
        <button type="button" aria-pressed={kind() === 'percent'} onClick={() => pickKind('percent')}>
          % {t('discount.percent')}
        </button>
        <button type="button" aria-pressed={kind() === 'amount'} onClick={() => pickKind('amount')}>
          € {t('lineDiscount.amount')}
        </button>
      </fieldset>
      <div class="line-discount-quick">
        <For each={QUICK_PERCENTS}>
          {(percent) => (
            <button
              type="button"
              aria-label={t('lineDiscount.quick', { percent: `${percent} %` })}
              onClick={() => quick(percent)}
            >
              {percent} %
            </button>
          )}
        </For>
      </div>
      <output class="quantity-typed" data-testid="line-discount-typed">
        {typed() || '0'} {kind() === 'percent' ? '%' : '€'}
      </output>
      <p class="form-note" data-testid="line-discount-result">
        {t('lineDiscount.result', {
          quantity: props.line.quantity,
          price: formatCents(read().error ? listPrice() : unitAfter()),
          total: formatCents((read().error ? listPrice() : unitAfter()) * props.line.quantity),
          before: formatCents(listPrice() * props.line.quantity),
        })}
      </p>
      <p class="form-error" role="alert">
        {read().error ?? refusal()}
      </p>
      <NumberPad
        value={typed()}
        onValue={(value) => {
          setRefusal('');
          setTyped(value);
        }}
        label={t('lineDiscount.pad', { name: props.line.name })}
        decimals={2}
        onOk={() => void give()}
      />
      <Show when={props.line.discount}>
        <button type="button" class="line-discount-remove" onClick={() => void give('')}>
          {t('lineDiscount.remove')}
        </button>
      </Show>
    </div>
  );
}

/** A given discount as staff would type it ("10", "0,50"), to change it. */
function typedOf(given: NonNullable<TicketLine['discount']>['given']): string {
  const separator = (1.5).toLocaleString().charAt(1);
  const text = given.kind === 'percent' ? String(given.percent) : (given.cents / 100).toFixed(2);
  return text.replace('.', separator);
}
