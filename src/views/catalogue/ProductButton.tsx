// One product as a large touch target: name and price (or "open price"); in the detailed form
// (catalogue management) also the article number and commodity group.
import { Show } from 'solid-js';
import type { Product } from '../../pms/wire';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

export function ProductButton(props: {
  product: Product;
  detailed?: boolean;
  onPick: (product: Product) => void;
}) {
  return (
    <button
      type="button"
      class="product"
      classList={{ 'open-price': props.product.open_price }}
      data-product-id={props.product.id}
      onClick={() => props.onPick(props.product)}
    >
      <span class="product-name">{props.product.name}</span>
      <Show when={props.detailed && (props.product.number || props.product.commodity_group_name)}>
        <span class="product-meta">
          {[props.product.number, props.product.commodity_group_name].filter(Boolean).join(' · ')}
        </span>
      </Show>
      <span class="product-price">
        {props.product.open_price ? t('products.openPrice') : formatCents(props.product.price)}
      </span>
    </button>
  );
}
