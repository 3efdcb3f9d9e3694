// The pay screen's card step (issue 25): the tip (none, typed here, or added by the guest on the
// terminal), "Pay by card", the terminal's messages as they come, cancel, and the outcome: approved
// hands the card data to the pay screen, which completes the sale; declined shows the reason and
// leaves the ticket open; unknown says to check the terminal and asks it again on a tap.
import { createSignal, type JSX, Match, Show, Switch } from 'solid-js';
import {
  type CardPayment,
  type CardTerminalInfo,
  cancelCardPayment,
  cardRecordOf,
  checkCardAgain,
  payByCard,
} from '../../features/payment';
import { parseAmount } from '../../rules/ticket-lines';
import type { CardPaymentRecord } from '../../storage/records';

import { errorText } from '../../words/error-text';
import { formatCents } from '../../words/format';
import { type MessageKey, t } from '../../words/i18n';
import './card-pay.css';

type TipMode = 'none' | 'till' | 'terminal';

export function CardPay(props: {
  terminal: CardTerminalInfo;
  amountCents: number;
  /** The sale's id and approvals before paying (features/ticket/sale-plan.ts); null when refused (the pay screen says why). */
  prepare: (tipCents: number) => Promise<{ saleId: string; approvals?: string[] } | null>;
  /** The card was charged: record the sale with it. */
  onApproved: (card: CardPaymentRecord, prepared: { saleId: string; approvals?: string[] }) => Promise<void>;
  /** The pay screen's way back, beside the card button. */
  back: JSX.Element;
}) {
  const [tipMode, setTipMode] = createSignal<TipMode>('none');
  const [tipText, setTipText] = createSignal('');
  const [payment, setPayment] = createSignal<CardPayment>();
  const [running, setRunning] = createSignal(false);
  const [problem, setProblem] = createSignal<string>();
  let prepared: { saleId: string; approvals?: string[] } | undefined;
  /** The till tip `prepared` was approved with: a higher one is approved again. */
  let preparedTip = 0;

  const tipCents = () => (tipMode() === 'till' ? (parseAmount(tipText()) ?? 0) : 0);
  const total = () => props.amountCents + tipCents();
  const finish = async (done: CardPayment) => {
    if (done.state !== 'approved' || !prepared) return;
    // An approved payment of this sale from before the ticket changed: never record other lines with it.
    if (done.amountCents !== props.amountCents) {
      const charged = formatCents(done.chargedCents ?? done.amountCents);
      setProblem(t('card.amountChanged', { charged, amount: formatCents(props.amountCents) }));
      return;
    }
    await props.onApproved(cardRecordOf(done), prepared);
  };

  const pay = async () => {
    setProblem(undefined);
    if (!prepared || tipCents() > preparedTip) {
      const approved = await props.prepare(tipCents());
      if (!approved) return;
      prepared = approved;
      preparedTip = tipCents();
    }
    setRunning(true);
    try {
      const request = {
        saleId: prepared.saleId,
        paymentNo: 1,
        amountCents: props.amountCents,
        tillTipCents: tipCents(),
        askTip: tipMode() === 'terminal',
      };
      await finish(await payByCard(request, setPayment));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setRunning(false);
    }
  };

  const askAgain = async () => {
    const current = payment();
    if (!current) return;
    setRunning(true);
    try {
      const checked = await checkCardAgain(current.saleId, current.paymentNo);
      setPayment(checked);
      await finish(checked);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setRunning(false);
    }
  };

  const cancel = () => {
    const current = payment();
    if (current) void cancelCardPayment(current.saleId, current.paymentNo).catch(() => {});
  };

  const inFlight = () => running() && (payment()?.state ?? 'sent') === 'sent';
  return (
    <div class="card-pay" data-testid="card-pay">
      <p class="card-pay-title">{t('card.title', { terminal: props.terminal.name })}</p>
      <fieldset class="card-tip" disabled={running() || payment()?.state === 'unknown'}>
        <legend>{t('card.tip')}</legend>
        {(['none', 'till', 'terminal'] as const).map((mode) => (
          <label>
            <input
              type="radio"
              name="card-tip"
              checked={tipMode() === mode}
              onChange={() => setTipMode(mode)}
            />
            {t(mode === 'none' ? 'card.tipNone' : mode === 'till' ? 'card.tipOnTill' : 'card.tipOnTerminal')}
          </label>
        ))}
        <Show when={tipMode() === 'till'}>
          <label class="field">
            <span>{t('card.tipAmount')}</span>
            <input inputmode="decimal" value={tipText()} onInput={(e) => setTipText(e.currentTarget.value)} />
          </label>
        </Show>
      </fieldset>
      <p class="card-status" role="status" data-testid="card-status">
        <Switch>
          <Match when={inFlight()}>
            {payment()?.prompt ? t(`card.prompt.${payment()!.prompt}` as MessageKey) : t('card.sending')}
          </Match>
          <Match when={payment()?.state === 'declined' && payment()?.reason === 'cancelled'}>
            {t('card.cancelled')}
          </Match>
          <Match when={payment()?.state === 'declined' && TERMINAL_FAULTS.has(payment()?.reason ?? '')}>
            {t('card.failed', {
              reason: t(`card.reason.${payment()!.reason}` as MessageKey),
            })}
          </Match>
          <Match when={payment()?.state === 'declined'}>
            {t('card.declined', {
              reason: t(`card.reason.${payment()!.reason ?? 'declined'}` as MessageKey),
            })}
          </Match>
          <Match when={payment()?.state === 'unknown'}>{t('card.unknown')}</Match>
          <Match when={payment()?.state === 'approved'}>
            {t('card.approved', {
              brand: payment()!.card?.brand ?? '',
              pan: payment()!.card?.maskedPan ?? '',
            })}
          </Match>
        </Switch>
      </p>
      <Show when={problem()}>
        <p class="form-error" role="alert">
          {problem()}
        </p>
      </Show>
      <div class="pay-buttons">
        <Switch>
          <Match when={inFlight()}>
            <button type="button" class="danger pay-complete card-cancel" onClick={cancel}>
              {t('card.cancel')}
            </button>
          </Match>
          <Match when={payment()?.state === 'unknown'}>
            <button type="button" class="primary pay-complete" disabled={running()} onClick={askAgain}>
              {t('card.checkAgain')}
            </button>
          </Match>
          <Match when={true}>
            <button type="button" class="primary pay-complete pay-card" disabled={running()} onClick={pay}>
              {payment()?.state === 'declined'
                ? t('card.tryAgain')
                : t('card.pay', { amount: formatCents(total()) })}
            </button>
          </Match>
        </Switch>
        {/* No way back while the terminal works: the payment would go on with nobody to record it. */}
        <Show when={!running()}>{props.back}</Show>
      </div>
    </div>
  );
}

/** Why a card was not charged that are the terminal's or the line's, not the card's: never "declined" (issue 33). */
const TERMINAL_FAULTS = new Set(['unreachable', 'noAnswer', 'refused', 'notCharged', 'terminalError']);
