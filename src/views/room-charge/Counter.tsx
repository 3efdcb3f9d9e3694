// One minibar product with its count and large - / + buttons (named for screen readers).

import type { Product } from '../../pms/wire';
import { MAX_QUANTITY } from '../../rules/ticket-lines';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

export function Counter(props: { product: Product; count: number; onCount: (count: number) => void }) {
  const name = () => props.product.name;
  return (
    <li class="rc-counter" data-active={props.count > 0}>
      <span class="rc-counter-name">
        {name()} <span class="desk-muted">{formatCents(props.product.price)}</span>
      </span>
      <button
        type="button"
        class="rc-step"
        aria-label={t('roomCharge.minibar.less', { name: name() })}
        disabled={props.count === 0}
        onClick={() => props.onCount(Math.max(0, props.count - 1))}
      >
        −
      </button>
      <output class="rc-count" aria-label={t('roomCharge.minibar.count', { name: name() })}>
        {props.count}
      </output>
      <button
        type="button"
        class="rc-step"
        aria-label={t('roomCharge.minibar.more', { name: name() })}
        disabled={props.count >= MAX_QUANTITY}
        onClick={() => props.onCount(Math.min(MAX_QUANTITY, props.count + 1))}
      >
        +
      </button>
    </li>
  );
}
