// Adding a product to a table: found in the cached catalogue by search (two letters or more), asking
// for the product's modifier groups first (ModifierChooser); a priced option sold as a product of the
// catalogue costs what the catalogue says. Owns the search text and the product being chosen for.
import { createSignal, For, Show } from 'solid-js';
import { catalogue } from '../../features/catalogue';
import { groupsOfProduct, modifierGroups } from '../../features/tables';
import type { LineModifier } from '../../shared/table-ops';
import { t } from '../../words/i18n';
import { ModifierChooser } from './ModifierChooser';

export type SearchedProduct = ReturnType<typeof catalogue>['index']['products'][number];

export function ProductSearch(props: {
  onAdd: (product: SearchedProduct, modifiers: LineModifier[]) => void;
}) {
  const [search, setSearch] = createSignal('');
  const [choosing, setChoosing] = createSignal<SearchedProduct | null>(null);
  const add = (product: SearchedProduct, modifiers: LineModifier[]) => {
    setChoosing(null);
    props.onAdd(product, modifiers);
    setSearch('');
  };
  const found = () => {
    const words = search().trim().toLowerCase();
    if (words.length < 2) return [];
    return catalogue()
      .index.products.filter((product) => product.name.toLowerCase().includes(words))
      .slice(0, 12);
  };
  /** The product's groups; a priced option sold as a product of the catalogue costs what the catalogue says. */
  // (The admin page names products by PMS id or article number; a line names the PMS id.)
  const groupsOf = (product: SearchedProduct) =>
    groupsOfProduct(modifierGroups(), String(product.id), product.number).map((group) => ({
      ...group,
      options: group.options.map((option) => {
        const sold = option.productId
          ? catalogue().index.products.find(
              (entry) => String(entry.id) === option.productId || entry.number === option.productId,
            )
          : undefined;
        return sold && option.priceCents > 0
          ? { ...option, priceCents: sold.price, productId: String(sold.id) }
          : option;
      }),
    }));
  /** A product with modifier groups is asked for them first; the line is added with the choice. */
  const pickProduct = (product: SearchedProduct) => {
    if (groupsOf(product).length > 0) setChoosing(product);
    else add(product, []);
  };
  return (
    <>
      <Show when={choosing()}>
        {(product) => (
          <ModifierChooser
            productName={product().name}
            groups={groupsOf(product())}
            onAdd={(modifiers) => add(product(), modifiers)}
            onCancel={() => setChoosing(null)}
          />
        )}
      </Show>
      <label>
        {t('tables.addProduct')}
        <input
          type="search"
          placeholder={t('tables.search')}
          value={search()}
          onInput={(event) => setSearch(event.currentTarget.value)}
        />
      </label>
      <ul class="table-products">
        <For each={found()}>
          {(product) => (
            <li>
              <button type="button" onClick={() => pickProduct(product)}>
                {product.name}
              </button>
            </li>
          )}
        </For>
      </ul>
    </>
  );
}
