// Adding an open-price item (e.g. the charging station): staff type a description and the amount;
// it goes on the ticket as one line, quantity 1, priced at the amount (pms-api.md usage rule 2).
// The amount follows the money rule (its refusal says which limit); above the outlet's open-price
// limit a manager approves it, or, on a till without staff, staff confirm "€5,000.00 — is that right?".
import { createMemo, createSignal, For, Show } from 'solid-js';
import { catalogue } from '../../features/catalogue';
import { addOpenPrice, openPriceCheck, openPriceLimitCents } from '../../features/ticket';
import type { Cents } from '../../pms/money';
import type { Product } from '../../pms/wire';
import { OPEN_PRICE_LIMITS, readAmount } from '../../rules/ticket-lines';
import { errorText } from '../../words/error-text';
import { formatCents, withoutGrouping } from '../../words/format';
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

/** A line staff typed, waiting for their "yes, that is right". */
interface Unconfirmed {
  product: Product;
  name: string;
  amountCents: Cents;
}

function OpenPriceForm(props: { product?: Product | undefined; onDone: () => void }) {
  const choices = createMemo(() => catalogue().index.products.filter((p) => p.open_price));
  const [productId, setProductId] = createSignal(props.product?.id ?? choices()[0]?.id);
  const [error, setError] = createSignal('');
  const [unconfirmed, setUnconfirmed] = createSignal<Unconfirmed>();
  let form!: HTMLFormElement;
  const add = async (line: Unconfirmed) => {
    const what = t('openPrice.approval', {
      amount: formatCents(line.amountCents),
      name: line.name || line.product.name,
    });
    if (await addOpenPrice(line.product, line.name, line.amountCents, what)) props.onDone();
    else setError(t('openPrice.approvalCancelled', { limit: formatCents(openPriceLimitCents()) }));
  };
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const fields = new FormData(form);
    const product = choices().find((p) => p.id === productId()) ?? props.product;
    if (!product) return;
    try {
      const line = {
        product,
        name: String(fields.get('name') ?? ''),
        amountCents: readAmount(withoutGrouping(String(fields.get('amount') ?? '')), OPEN_PRICE_LIMITS),
      };
      setError('');
      if (openPriceCheck(line.amountCents) === 'confirm') setUnconfirmed(line);
      else await add(line);
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  const confirm = async (line: Unconfirmed) => {
    try {
      await add(line);
    } catch (failure) {
      setUnconfirmed();
      setError(errorText(failure));
    }
  };
  return (
    <Show
      when={choices().length > 0 || props.product}
      fallback={<p class="form-note">{t('openPrice.none')}</p>}
    >
      <form class="form-stack" ref={form} onSubmit={submit} hidden={unconfirmed() !== undefined}>
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
      <Show when={unconfirmed()}>
        {(line) => (
          <ConfirmAmount line={line()} onYes={() => confirm(line())} onChange={() => setUnconfirmed()} />
        )}
      </Show>
    </Show>
  );
}

/** "€5,000.00 — is that right?": an amount above the usual limit, said back before it is added. */
function ConfirmAmount(props: { line: Unconfirmed; onYes: () => void; onChange: () => void }) {
  const amount = () => formatCents(props.line.amountCents);
  return (
    <div class="form-stack" role="alertdialog" aria-labelledby="open-price-confirm">
      <p id="open-price-confirm" class="confirm-amount">
        <strong>{t('openPrice.confirm', { amount: amount() })}</strong>
      </p>
      <p class="form-note">{t('openPrice.confirmNote', { limit: formatCents(openPriceLimitCents()) })}</p>
      <div class="form-actions">
        <button type="button" onClick={() => props.onChange()}>
          {t('openPrice.change')}
        </button>
        <button type="button" class="primary" onClick={() => props.onYes()}>
          {t('openPrice.confirmYes', { amount: amount() })}
        </button>
      </div>
    </div>
  );
}
