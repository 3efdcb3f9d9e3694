// The product grid: a list of product buttons, capped (the first matches, then "show more") so a
// keystroke over 10,000 products renders at most a few hundred buttons.
import { For, Show } from 'solid-js';
import type { Product } from '../../pms/wire';
import { t } from '../../words/i18n';
import { isWideName, ProductButton } from './ProductButton';

export function ProductGrid(props: {
  id: string;
  products: readonly Product[];
  hidden: number;
  detailed?: boolean;
  onPick: (product: Product) => void;
  onMore: () => void;
}) {
  return (
    <div class="product-grid-wrap">
      <ul class="product-grid" id={props.id} aria-label={t('products.list')}>
        <For each={props.products}>
          {(product) => (
            <li classList={{ 'product-wide': isWideName(product.name, 'tile') }}>
              <ProductButton product={product} detailed={props.detailed} onPick={props.onPick} />
            </li>
          )}
        </For>
      </ul>
      <Show when={props.hidden > 0}>
        <button type="button" class="show-more" onClick={() => props.onMore()}>
          {t('products.more', { detail: props.hidden })}
        </button>
      </Show>
    </div>
  );
}
