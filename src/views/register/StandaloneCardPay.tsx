// The pay screen's card step when this till cannot drive a terminal (issue 30): the till server does
// not answer, or no terminal serves the tablet. It says so, and lets staff take the card on the
// terminal in stand-alone mode and record the sale with the terminal's receipt number (required,
// 1 to 10 digits), and a tip the guest added on the terminal (optional). Never a card payment
// recorded without a terminal having taken it.
import { createSignal, type JSX, Show } from 'solid-js';
import { readStandaloneReceipt, STANDALONE_TIP_MAX_CENTS, type TerminalReach } from '../../features/payment';
import { parseAmount } from '../../rules/ticket-lines';
import { formatCents, withoutGrouping } from '../../words/format';
import { t } from '../../words/i18n';
import './card-pay.css';

export function StandaloneCardPay(props: {
  why: NonNullable<TerminalReach['why']>;
  amountCents: number;
  pending: boolean;
  disabled: boolean;
  /** Records the sale as paid on the stand-alone terminal with this receipt number and tip (cents). */
  onRecord: (receiptNumber: string, tipCents: number) => void;
  /** The pay screen's way back, beside the button. */
  back: JSX.Element;
}) {
  const [typed, setTyped] = createSignal('');
  const [wrong, setWrong] = createSignal(false);
  const [tipText, setTipText] = createSignal('');
  const [tipWrong, setTipWrong] = createSignal(false);
  const record = () => {
    const receipt = readStandaloneReceipt(typed());
    const tip = readTip(tipText());
    setWrong(receipt === undefined);
    setTipWrong(tip === undefined);
    if (receipt !== undefined && tip !== undefined) props.onRecord(receipt, tip);
  };
  return (
    <div class="card-pay card-standalone" data-testid="card-standalone">
      <p class="card-pay-title">{t('card.standalone.title')}</p>
      <p class="card-status" role="status">
        {t(props.why === 'unreachable' ? 'card.standalone.unreachable' : 'card.standalone.none')}
      </p>
      <p>{t('card.standalone.steps', { amount: formatCents(props.amountCents) })}</p>
      <label class="field">
        <span>{t('card.standalone.receipt')}</span>
        <input
          inputmode="numeric"
          autocomplete="off"
          maxlength="14"
          aria-invalid={wrong()}
          value={typed()}
          onInput={(e) => {
            setTyped(e.currentTarget.value);
            setWrong(false);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            record();
          }}
        />
      </label>
      <Show when={wrong()}>
        <p class="form-error" role="alert">
          {t('pay.error.standalone-receipt')}
        </p>
      </Show>
      <label class="field">
        <span>{t('card.standalone.tip')}</span>
        <input
          inputmode="decimal"
          autocomplete="off"
          maxlength="12"
          data-testid="standalone-tip"
          aria-invalid={tipWrong()}
          value={tipText()}
          onInput={(e) => {
            setTipText(e.currentTarget.value);
            setTipWrong(false);
          }}
        />
      </label>
      <Show when={tipWrong()}>
        <p class="form-error" role="alert">
          {t('pay.error.standalone-tip')}
        </p>
      </Show>
      <div class="pay-buttons">
        <button
          type="button"
          class="primary pay-complete pay-standalone"
          disabled={props.pending || props.disabled || !typed().trim()}
          onClick={record}
        >
          {t('card.standalone.record', { amount: formatCents(props.amountCents) })}
        </button>
        {props.back}
      </div>
    </div>
  );
}

/** The tip typed (empty: none) in cents, or undefined when it is not an amount up to the ceiling. */
function readTip(text: string): number | undefined {
  if (!text.trim()) return 0;
  const cents = parseAmount(withoutGrouping(text));
  return cents !== undefined && cents >= 0 && cents <= STANDALONE_TIP_MAX_CENTS ? cents : undefined;
}
