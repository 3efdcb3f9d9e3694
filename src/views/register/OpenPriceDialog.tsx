// Adding an open-price item (e.g. the charging station): staff type a description and the amount;
// it goes on the ticket as one line, quantity 1, priced at the amount (pms-api.md usage rule 2).
import { createMemo, createSignal, For, Show } from 'solid-js';
import type { Product } from '../../pms/wire';
import { parseAmount, TicketLineError } from '../../rules/ticket-lines';
import { catalogue } from '../../state/catalogue';
import { addOpenPriceLine } from '../../state/ticket';
import { errorText } from '../../words/error-text';
import { t } from '../../words/i18n';
import { Dialog } from '../common/Dialog';

export function OpenPriceDialog(props: {
  open: boolean;
  product?: Product | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog open={props.open} title={t('openPrice.title')} onClose={props.onClose}>
      <OpenPriceForm product={props.product} onDone={props.onClose} />
    </Dialog>
  );
}

function OpenPriceForm(props: { product?: Product | undefined; onDone: () => void }) {
  const choices = createMemo(() => catalogue().index.products.filter((p) => p.open_price));
  const [productId, setProductId] = createSignal(props.product?.id ?? choices()[0]?.id);
  const [error, setError] = createSignal('');
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const product = choices().find((p) => p.id === productId()) ?? props.product;
    try {
      const amount = parseAmount(String(form.get('amount')));
      if (!product || amount === undefined) throw new TicketLineError('bad-amount');
      addOpenPriceLine(product, String(form.get('name')), amount);
      props.onDone();
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return (
    <Show
      when={choices().length > 0 || props.product}
      fallback={<p class="form-note">{t('openPrice.none')}</p>}
    >
      <form class="form-stack" onSubmit={submit}>
        <label class="field">
          <span>{t('openPrice.product')}</span>
          <select onChange={(e) => setProductId(Number(e.currentTarget.value))}>
            <For each={choices()}>
              {(p) => (
                <option value={p.id} selected={p.id === productId()}>
                  {p.name}
                </option>
              )}
            </For>
          </select>
        </label>
        <label class="field">
          <span>{t('openPrice.name')}</span>
          <input name="name" maxLength={200} placeholder={t('openPrice.namePlaceholder')} />
        </label>
        <label class="field">
          <span>{t('openPrice.amount')}</span>
          <input name="amount" inputMode="decimal" autocomplete="off" required />
        </label>
        <p class="form-error" role="alert">
          {error()}
        </p>
        <div class="form-actions">
          <button type="submit" class="primary">
            {t('openPrice.add')}
          </button>
        </div>
      </form>
    </Show>
  );
}
