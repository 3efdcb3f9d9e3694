// One product as a large touch target: name and price (or "open price"); in the detailed form
// (catalogue management) also the article number and commodity group. A name's font shrinks as far as
// its longest word needs to fit the tile, to 12 px at the least; a name whose longest word would not
// fit even so gets a tile two columns wide (`isWideName`, products.css), so "Frühstücksbuffet"
// never breaks mid-word where the browser cannot hyphenate it. Names carry the catalogue's language.
import { Show } from 'solid-js';
import type { Product } from '../../pms/wire';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

export function ProductButton(props: {
  product: Product;
  detailed?: boolean;
  onPick: (product: Product) => void;
}) {
  // The grid keeps its tiles across keystrokes and hands a tile the product at its place
  // (docs/ui-speed.md): every field follows `props.product`, each its own small update.
  const meta = () => [props.product.number, props.product.commodity_group_name].filter(Boolean).join(' · ');
  return (
    <button
      type="button"
      class={props.product.open_price ? 'product open-price' : 'product'}
      data-product-id={props.product.id}
      onClick={() => props.onPick(props.product)}
    >
      <span
        class="product-name"
        lang={CATALOGUE_LANGUAGE}
        style={{ '--longest-word': longestWord(props.product.name) }}
      >
        {props.product.name}
      </span>
      <Show when={props.detailed && meta()}>
        <span class="product-meta">{meta()}</span>
      </Show>
      <span class="product-price">
        {props.product.open_price ? t('products.openPrice') : formatCents(props.product.price)}
      </span>
    </button>
  );
}

/**
 * The language of the product names, for hyphenation (`hyphens: auto` where the browser has a
 * dictionary). Our choice: the hotel's catalogue is German (the supported hotels are in Austria
 * and Germany); the UI language is another matter.
 */
export const CATALOGUE_LANGUAGE = 'de';

/** Longest word (characters) that fits a one-column tile at 12 px (7rem wide; quick keys 6.5rem). */
const FITS_ONE_COLUMN = { tile: 11, quickKey: 10 } as const;

/**
 * Whether `name` needs a tile two columns wide to keep its longest word whole at 12 px.
 * @example isWideName('Frühstücksbuffet / Breakfast', 'tile') === true
 */
export function isWideName(name: string, kind: keyof typeof FITS_ONE_COLUMN): boolean {
  return longestWord(name) > FITS_ONE_COLUMN[kind];
}

/** The length of the longest word of `name`, for the tile's font size (products.css). */
export function longestWord(name: string): number {
  return Math.max(1, ...name.split(/[\s/-]+/).map((word) => [...word].length));
}
