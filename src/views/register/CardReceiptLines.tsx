// The receipt's card lines (issue 25): the card, the terminal's ids for the payment, the tip as its
// own amount and what the card was charged in all; and the terminal's slip when the till prints it.
import { For, Show } from 'solid-js';
import type { CardPaymentRecord } from '../../storage/records';
import { t } from '../../words/i18n';
import './card-receipt.css';

export function CardReceiptLines(props: { card: CardPaymentRecord; money: (cents: number) => string }) {
  return (
    <>
      <dd class="receipt-card-line" data-testid="receipt-card">
        {t('card.receipt.card')}: {props.card.brand} {props.card.maskedPan}
      </dd>
      <dd class="receipt-card-line" data-testid="receipt-card-ids">
        {t('card.receipt.terminal', {
          terminalId: props.card.terminalId,
          trace: props.card.traceNumber,
          receipt: props.card.receiptNumber,
        })}
      </dd>
      <Show when={props.card.tipCents > 0}>
        <dt>{t('card.receipt.tip')}</dt>
        <dd data-testid="receipt-tip">{props.money(props.card.tipCents)}</dd>
      </Show>
      <dt>{t('card.receipt.charged')}</dt>
      <dd data-testid="receipt-card-charged">{props.money(props.card.amountCents + props.card.tipCents)}</dd>
      <Show when={props.card.slip}>
        {(slip) => (
          <dd class="receipt-card-slip" data-testid="receipt-card-slip">
            <For each={slip()}>{(line) => <div>{line || '\u00a0'}</div>}</For>
          </dd>
        )}
      </Show>
    </>
  );
}
