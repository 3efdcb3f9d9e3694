// Taking one of this till's room charges back: staff give a reason, and a reversal is recorded
// (sent to the PMS by the outbox, like every sale). Owns the reason and the single confirming tap.
import { createSignal, createUniqueId, Show } from 'solid-js';
import type { SaleRecord } from '../../state/room-charges';
import { takeBackCharge } from '../../state/room-charges';
import { errorText } from '../../words/error-text';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

export function TakeBackForm(props: { sale: SaleRecord; onClose: () => void }) {
  const reasonId = createUniqueId();
  const [reason, setReason] = createSignal('');
  const [busy, setBusy] = createSignal(false);
  const [message, setMessage] = createSignal<{ tone: 'ok' | 'error'; text: string }>();
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!reason().trim()) return setMessage({ tone: 'error', text: t('roomCharge.takeBack.needReason') });
    setBusy(true);
    try {
      await takeBackCharge(props.sale.id, reason());
      setMessage({
        tone: 'ok',
        text: t('roomCharge.takeBack.done', { reference: props.sale.reference }),
      });
    } catch (error) {
      setMessage({
        tone: 'error',
        text: t('roomCharge.takeBack.failed', { message: errorText(error) }),
      });
    } finally {
      setBusy(false);
    }
  };
  const done = () => message()?.tone === 'ok';
  return (
    <form class="rc-take-back" onSubmit={(event) => void submit(event)}>
      <Show when={!done()}>
        <label class="desk-field" for={reasonId}>
          <span>{t('roomCharge.takeBack.reason')}</span>
          <input
            id={reasonId}
            name="reason"
            autocomplete="off"
            value={reason()}
            onInput={(e) => setReason(e.currentTarget.value)}
          />
        </label>
        <div class="desk-actions">
          <button type="submit" class="primary desk-danger-fill" disabled={busy()}>
            {t('roomCharge.takeBack.confirm', { amount: formatCents(props.sale.totalCents) })}
          </button>
          <button type="button" onClick={() => props.onClose()}>
            {t('roomCharge.takeBack.cancel')}
          </button>
        </div>
      </Show>
      <Show when={message()}>
        {(shown) => (
          <p class="desk-notice" data-tone={shown().tone} role={shown().tone === 'ok' ? 'status' : 'alert'}>
            {shown().text}
          </p>
        )}
      </Show>
    </form>
  );
}
