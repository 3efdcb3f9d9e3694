// Paying the ticket: method, invoice template and, for cash, the amount tendered with the change.
// "Complete sale" records it (instant, online or offline) and hands over to the receipt; on an
// error the message shows and the ticket stays as it was.
import { useAction, useSubmission } from '@solidjs/router';
import { createSignal, For, Show } from 'solid-js';
import { cashMethodId, defaultTemplateId } from '../../rules/payment';
import { parseAmount } from '../../rules/ticket-lines';
import { catalogue } from '../../state/catalogue';
import { settings } from '../../state/settings';
import { ticketTotals } from '../../state/ticket';
import { errorText } from '../../words/error-text';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { completeSaleAction } from './data';
import { MethodChoice } from './MethodChoice';
import { TenderedField } from './TenderedField';
import './pay.css';

export function PayPanel(props: { onBack: () => void; onDone: () => void }) {
  const options = () => catalogue().paymentOptions;
  const cashId = () => cashMethodId(options().payment_methods, settings().cashPaymentMethodId);
  const [methodId, setMethodId] = createSignal(cashId() ?? options().payment_methods[0]?.id ?? null);
  const [templateId, setTemplateId] = createSignal(defaultTemplateId(options().invoice_templates));
  const [tendered, setTendered] = createSignal('');
  const complete = useAction(completeSaleAction);
  const submission = useSubmission(completeSaleAction);
  submission.clear?.();
  const tenderedShort = () => {
    if (methodId() !== cashId() || !tendered().trim()) return false;
    const cents = parseAmount(tendered());
    return cents === undefined || cents < ticketTotals().grossCents;
  };
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const cash = methodId() === cashId();
    const tenderedCents = cash && tendered().trim() ? parseAmount(tendered()) : undefined;
    try {
      await complete({ paymentMethodId: methodId() ?? 0, templateId: templateId() ?? 0, tenderedCents });
      props.onDone();
    } catch {
      // shown from submission.error below
    }
  };
  return (
    <form class="pay-panel" onSubmit={submit}>
      <div class="panel-header">
        <h2>{t('pay.title')}</h2>
        <strong class="pay-total" data-testid="pay-total">
          {formatCents(ticketTotals().grossCents)}
        </strong>
      </div>
      <Show
        when={options().payment_methods.length > 0}
        fallback={<p class="form-error">{t('pay.noOptions')}</p>}
      >
        <MethodChoice methods={options().payment_methods} selected={methodId()} onSelect={setMethodId} />
        <label class="field">
          <span>{t('pay.template')}</span>
          <select onChange={(e) => setTemplateId(Number(e.currentTarget.value))}>
            <For each={options().invoice_templates}>
              {(tpl) => (
                <option value={tpl.id} selected={tpl.id === templateId()}>
                  {tpl.name}
                </option>
              )}
            </For>
          </select>
        </label>
        <Show when={methodId() !== null && methodId() === cashId()}>
          <TenderedField totalCents={ticketTotals().grossCents} text={tendered()} onText={setTendered} />
        </Show>
      </Show>
      <p class="form-error" role="alert">
        {submission.error ? errorText(submission.error) : ''}
      </p>
      <div class="pay-actions">
        <button
          type="submit"
          class="primary"
          disabled={submission.pending || methodId() === null || tenderedShort()}
        >
          {submission.pending ? t('pay.completing') : t('pay.complete')}
        </button>
        <button type="button" onClick={() => props.onBack()}>
          {t('pay.back')}
        </button>
      </div>
    </form>
  );
}
