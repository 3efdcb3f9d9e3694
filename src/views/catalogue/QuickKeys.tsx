// Quick keys: the products sold most at this till, one tap each, above the grid.
import { For, Show } from 'solid-js';
import type { Product } from '../../pms/wire';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { CATALOGUE_LANGUAGE, isWideName, longestWord } from './ProductButton';

export function QuickKeys(props: { products: readonly Product[]; onPick: (product: Product) => void }) {
  return (
    <Show when={props.products.length > 0}>
      <section class="quick-keys" aria-label={t('products.quickKeys')}>
        <ul>
          <For each={props.products}>
            {(product) => (
              <li classList={{ 'product-wide': isWideName(product.name, 'quickKey') }}>
                <button type="button" class="quick-key" onClick={() => props.onPick(product)}>
                  <span
                    class="product-name"
                    lang={CATALOGUE_LANGUAGE}
                    style={{ '--longest-word': longestWord(product.name) }}
                  >
                    {product.name}
                  </span>
                  <span class="product-price">
                    {product.open_price ? t('products.openPrice') : formatCents(product.price)}
                  </span>
                </button>
              </li>
            )}
          </For>
        </ul>
      </section>
    </Show>
  );
}
