// One ticket line: name, unit price and line total, then quantity with − and + (− at 1 removes),
// the line's discount key and a remove button; tapping the quantity opens the number pad
// (QuantityDialog), the discount key the line's discount (LineDiscountDialog), which the key then
// shows (−10 %) with the price before struck through. An open-price line's quantity changes too (a
// manager approves a total past the limit: quantity-change.ts). A refused + is said, not ignored.
// The rest of an equal split shows its share, not a unit price made up by the split.
import { Show } from 'solid-js';
import { removeLine, type TicketLine, ticketEqualSplit } from '../../features/ticket';
import type { Discount } from '../../rules/ticket-lines';
import { formatCents, locale } from '../../words/format';
import { t } from '../../words/i18n';
import { changeLineQuantity } from './quantity-change';

export function TicketLineRow(props: {
  line: TicketLine;
  onQuantityPad: (line: TicketLine) => void;
  onDiscount: (line: TicketLine) => void;
  onMessage: (text: string) => void;
}) {
  const line = () => props.line;
  const step = (by: number) => void changeLineQuantity(line().key, line().quantity + by, props.onMessage);
  return (
    <li class="ticket-line" data-line-key={line().key}>
      <div class="line-text">
        <span class="line-title">
          <span class="line-name">{line().name}</span>{' '}
          <Show when={ticketEqualSplit()}>
            {/* the rest of an equal split is priced by shares: a unit price would read oddly */}
            <span class="line-unit">· {t('ticket.splitShare')}</span>
          </Show>
          <Show when={!ticketEqualSplit() && (!line().openPrice || line().discount || line().quantity > 1)}>
            <span class="line-unit">
              ×{' '}
              <Show when={line().discount}>
                {(discount) => <s class="line-before">{formatCents(discount().listPriceCents)}</s>}
              </Show>{' '}
              {formatCents(line().unitPriceCents)}
            </span>
          </Show>
        </span>
        <span class="line-total">{formatCents(line().unitPriceCents * line().quantity)}</span>
      </div>
      <div class="line-controls">
        <button
          type="button"
          class="step"
          aria-label={t('ticket.decrease', { detail: line().name })}
          onClick={() => step(-1)}
        >
          −
        </button>
        <button
          type="button"
          class="line-qty"
          aria-label={t('ticket.quantity', { detail: line().name })}
          onClick={() => props.onQuantityPad(line())}
        >
          {line().quantity}
        </button>
        <button
          type="button"
          class="step"
          aria-label={t('ticket.increase', { detail: line().name })}
          onClick={() => step(1)}
        >
          +
        </button>
        <button
          type="button"
          class="step line-discount-key"
          classList={{ given: line().discount !== undefined }}
          aria-label={t('ticket.discount', { detail: line().name })}
          onClick={() => props.onDiscount(line())}
        >
          {line().discount ? discountLabel(line().discount!.given) : '%'}
        </button>
        <button
          type="button"
          class="remove"
          aria-label={t('ticket.remove', { detail: line().name })}
          onClick={(event) => {
            // the focused × goes with its line: the focus moves to the ticket, not to the page's body
            const panel = event.currentTarget.closest<HTMLElement>('.ticket-panel');
            removeLine(line().key);
            panel?.focus({ preventScroll: true });
          }}
        >
          ×
        </button>
      </div>
    </li>
  );
}

/** A line's discount on its key: "−10 %", or "−€0.50" off each item. */
function discountLabel(given: Discount): string {
  return given.kind === 'percent'
    ? `−${given.percent.toLocaleString(locale())} %`
    : `−${formatCents(given.cents)}`;
}
