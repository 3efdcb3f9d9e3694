// Finding products: search field, commodity-group tabs, quick keys and the capped grid. Owns the
// search state and the scanner rule: Enter with an exact article number or EAN picks that product
// (from any group) and clears the field for the next scan. Until the whole catalogue is read, its
// first page shows. The group chosen is kept while the till runs, register and catalogue apart; the
// register offers the outlet's groups sold and opens on its default group (docs/till-app.md).
import { createEffect, createMemo, createSignal, createUniqueId, on, onCleanup, Show } from 'solid-js';
import { catalogue, loadCatalogue, quickKeys } from '../../features/catalogue';
import { outletPolicy } from '../../features/staff';
import type { Product } from '../../pms/wire';
import { createSearcher, FIRST_KEYSTROKES, findByCode, type SearchResult } from '../../rules/search';
import { t } from '../../words/i18n';
import { GroupTabs } from './GroupTabs';
import { ProductGrid } from './ProductGrid';
import { QuickKeys } from './QuickKeys';
import { SearchBar } from './SearchBar';
import './products.css';

/** The group tab chosen, one for the register and one for the catalogue view: it outlives the view,
 * so coming back from another section shows the group left, not "All" (issue 33). */
const registerGroup = createSignal<number | null | undefined>(undefined);
const catalogueGroup = createSignal<number | null | undefined>(null);

/** Matches shown at first, and added by each "show more": several screens of tiles, while a
 * keystroke over 10,000 products renders at most this many. */
const PAGE = 120;
/** Tiles the first frame shows, and a keystroke or a group tab brings up to date at once: the grid's
 * screenful on a tablet (20 at 1024x768, 24 at 768x1024, beside the ticket); the rest of the page,
 * below it, follows after that frame (docs/ui-speed.md, third and fourth rounds). */
const AT_ONCE = 24;

export function ProductPanel(props: {
  detailed?: boolean;
  onPick: (product: Product) => void;
  onNotFound: (code: string) => void;
}) {
  const gridId = createUniqueId();
  const [query, setQuery] = createSignal('');
  const [chosen, setGroup] = props.detailed ? catalogueGroup : registerGroup;
  /** The register's groups sold at this outlet (none: all); the catalogue view shows every group. */
  const sold = createMemo(() => (props.detailed ? [] : (outletPolicy()?.groupsSold ?? [])), undefined, {
    equals: (a, b) => a.join() === b.join(),
  });
  const isSold = (product: Product) =>
    sold().length === 0 ||
    (product.commodity_group_id !== null && sold().includes(product.commodity_group_id));
  /** The tab shown: the one chosen, else (the register, never chosen yet) the outlet's default. */
  const group = () => {
    const id = chosen();
    return id !== undefined ? id : (outletPolicy()?.defaultGroup ?? null);
  };
  const groups = () =>
    sold().length === 0 ? catalogue().groups : catalogue().groups.filter((g) => sold().includes(g.id));
  const [limit, setLimit] = createSignal(PAGE);
  /** One per catalogue: it remembers the matches of the queries typed (rules/search.ts). */
  const find = createMemo(() => createSearcher(catalogue().index));
  const result = createMemo(() => {
    const id = group();
    if (id !== null) {
      const inGroup = (product: Product) => product.commodity_group_id === id;
      return find()(query(), limit(), { key: `group ${id}`, accept: inGroup });
    }
    if (sold().length === 0) return find()(query(), limit());
    return find()(query(), limit(), { key: `groups ${sold().join()}`, accept: isSold });
  });
  // every first keystroke's answer, searched ahead one at a time while the till is idle
  createEffect(() => {
    const searcher = find();
    if (catalogue().status !== 'ready') return;
    const ahead = [...FIRST_KEYSTROKES];
    let cancel = whenIdle(function next() {
      const query = ahead.shift();
      if (query === undefined) return;
      searcher(query, PAGE);
      cancel = whenIdle(next);
    });
    onCleanup(() => cancel());
  });
  const head = createMemo(() => result().matches.slice(0, AT_ONCE));
  /** The result whose matches after the first AT_ONCE the grid shows: the last change's, a frame
   * late; none before the first frame, which shows the screenful alone. */
  const [tailOf, setTailOf] = createSignal<SearchResult>({ matches: [], total: 0 });
  const tail = createMemo(() => tailOf().matches.slice(AT_ONCE));
  let changes = 0;
  // whatever changed the matches (the panel shown, a keystroke, a group, the catalogue read or
  // refreshed), the rest follows after the next frame of the last change; at once when no more
  // than the screenful match, so no tile of the matches before shows among the screenful's
  createEffect(
    on(result, (now) => {
      const change = ++changes;
      if (now.matches.length <= AT_ONCE) setTailOf(now);
      else requestAnimationFrame(() => setTimeout(() => change === changes && setTailOf(result())));
    }),
  );
  const changeQuery = (next: string) => {
    if (!query() && next) setGroup(null); // a new search looks in every group
    setQuery(next);
    setLimit(PAGE);
  };
  const selectGroup = (id: number | null) => {
    setGroup(id);
    setLimit(PAGE);
  };
  /** Whether the grid can show what is asked: all of the catalogue, or its first page unfiltered. */
  const answerable = () =>
    catalogue().status === 'ready' || (catalogue().status === 'first-page' && !query() && group() === null);
  const onEnter = () => {
    const code = query().trim();
    if (!code) return;
    if (catalogue().status !== 'ready') {
      void loadCatalogue().then(onEnter);
      return;
    }
    const product = findByCode(catalogue().index, code);
    if (product) {
      props.onPick(product);
      changeQuery('');
    } else if (!/\s/.test(code)) props.onNotFound(code);
  };
  return (
    <section class="product-panel" aria-label={t('products.list')}>
      <SearchBar query={query()} onQuery={changeQuery} onEnter={onEnter} />
      <GroupTabs groups={groups()} selected={group()} onSelect={selectGroup} controls={gridId} />
      <Show when={!query() && group() === null}>
        <QuickKeys products={quickKeys(catalogue().index.products).filter(isSold)} onPick={props.onPick} />
      </Show>
      <Show when={answerable()} fallback={<p class="view-note">{t('products.loading')}</p>}>
        <Show when={result().total > 0} fallback={<EmptyNote searching={query() !== ''} />}>
          <ProductGrid
            id={gridId}
            head={head()}
            tail={tail()}
            hidden={result().total - result().matches.length}
            detailed={props.detailed}
            onPick={props.onPick}
            onMore={() => {
              setLimit((n) => n + PAGE);
              setTailOf(result());
            }}
          />
        </Show>
      </Show>
    </section>
  );
}

/** Runs `task` when the browser is idle (after a moment where it cannot say); answers a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task);
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 50);
  return () => clearTimeout(timer);
}

function EmptyNote(props: { searching: boolean }) {
  return (
    <p class="view-note">
      {props.searching || catalogue().index.products.length > 0
        ? t('products.none')
        : t('products.emptyCatalogue')}
    </p>
  );
}
