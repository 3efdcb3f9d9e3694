// One product as a large touch target: name and price (or "open price"); in the detailed form
// (catalogue management) also the article number and commodity group. A name's font shrinks as far as
// its longest word needs to fit the tile (products.css), so "Frühstücksbuffet" never breaks
// mid-word where the browser cannot hyphenate it.
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
      <span class="product-name" style={{ '--longest-word': longestWord(props.product.name) }}>
        {props.product.name}
      </span>
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

/** The length of the longest word of `name`, for the tile's font size (products.css). */
export function longestWord(name: string): number {
  return Math.max(1, ...name.split(/[\s/-]+/).map((word) => [...word].length));
}
