// The product grid: a list of product buttons, capped (the first matches, then "show more") so a
// keystroke over 10,000 products renders at most a few hundred buttons. Tiles are kept by place, not
// by product: a keystroke changes the texts of the tiles shown, it builds none. The first screenful
// (`head`) follows at once; the rest (`tail`) a frame later, hidden meanwhile (`tailStale`).
import { Index, Show } from 'solid-js';
import type { Product } from '../../pms/wire';
import { t } from '../../words/i18n';
import { isWideName, ProductButton } from './ProductButton';

export function ProductGrid(props: {
  id: string;
  head: readonly Product[];
  tail: readonly Product[];
  /** The tail belongs to the search before: hidden until it is brought up to date. */
  tailStale: boolean;
  hidden: number;
  detailed?: boolean;
  onPick: (product: Product) => void;
  onMore: () => void;
}) {
  const tile = (product: () => Product, tail: boolean) => (
    <li classList={{ 'product-wide': isWideName(product().name, 'tile'), 'grid-tail': tail }}>
      <ProductButton product={product()} detailed={props.detailed} onPick={props.onPick} />
    </li>
  );
  return (
    <div class="product-grid-wrap">
      <ul
        class="product-grid"
        classList={{ 'tail-stale': props.tailStale }}
        id={props.id}
        aria-label={t('products.list')}
      >
        <Index each={props.head}>{(product) => tile(product, false)}</Index>
        <Index each={props.tail}>{(product) => tile(product, true)}</Index>
      </ul>
      <Show when={props.hidden > 0}>
        <button type="button" class="show-more" onClick={() => props.onMore()}>
          {t('products.more', { detail: props.hidden })}
        </button>
      </Show>
    </div>
  );
}
