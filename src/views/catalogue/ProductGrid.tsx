// The product grid: a list of product buttons, capped (the first matches, then "show more") so a
// keystroke over 10,000 products renders at most a few hundred buttons. Tiles are kept by place, not
// by product: a keystroke changes the texts of the tiles shown, it builds none. The first screenful
// (`head`) follows at once; the rest (`tail`, below the screenful) a frame later.
import { Index, Show } from 'solid-js';
import type { Product } from '../../pms/wire';
import { t } from '../../words/i18n';
import { isWideName, ProductButton } from './ProductButton';

export function ProductGrid(props: {
  id: string;
  head: readonly Product[];
  tail: readonly Product[];
  hidden: number;
  detailed?: boolean;
  onPick: (product: Product) => void;
  onMore: () => void;
}) {
  const tile = (product: () => Product) => (
    <li classList={{ 'product-wide': isWideName(product().name, 'tile') }}>
      <ProductButton product={product()} detailed={props.detailed} onPick={props.onPick} />
    </li>
  );
  return (
    <div class="product-grid-wrap">
      <ul class="product-grid" id={props.id} aria-label={t('products.list')}>
        <Index each={props.head}>{tile}</Index>
        <Index each={props.tail}>{tile}</Index>
      </ul>
      <Show when={props.hidden > 0}>
        <button type="button" class="show-more" onClick={() => props.onMore()}>
          {t('products.more', { detail: props.hidden })}
        </button>
      </Show>
    </div>
  );
}
