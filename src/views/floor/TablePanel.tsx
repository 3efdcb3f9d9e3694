// One table: its lines (quantity, modifiers, what was sent), one more or fewer of a line not sent,
// products added from the cached catalogue by search in the course chosen (asking for the product's
// modifier groups first: ModifierChooser), Send (the round) and Fire for a held course.
// Owns the search text and the product being chosen for; every change is an operation recorded.
import { createSignal, For, Show } from 'solid-js';
import { catalogue } from '../../features/catalogue';
import { groupsOfProduct, modifierGroups, type ShownTable } from '../../features/tables';
import type { Course, LineModifier, TableOpBody } from '../../shared/table-ops';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { ModifierChooser } from './ModifierChooser';

export function TablePanel(props: {
  table: ShownTable;
  courses: readonly Course[];
  record: (bodies: TableOpBody[]) => void;
  onBack: () => void;
  /** "Bill": the table's unpaid lines to the register's pay screen. */
  onBill: () => void;
}) {
  const [search, setSearch] = createSignal('');
  const [course, setCourse] = createSignal(0);
  /** Held courses with sent items, not fired yet. */
  const held = () =>
    props.courses
      .map((entry, index) => ({ ...entry, index }))
      .filter(
        (entry) =>
          !entry.immediate &&
          !props.table.fired.includes(entry.index) &&
          props.table.lines.some((line) => line.course === entry.index && line.sent > 0),
      );
  const found = () => {
    const words = search().trim().toLowerCase();
    if (words.length < 2) return [];
    return catalogue()
      .index.products.filter((product) => product.name.toLowerCase().includes(words))
      .slice(0, 12);
  };
  type Product = ReturnType<typeof found>[number];
  const [choosing, setChoosing] = createSignal<Product | null>(null);
  /** The product's groups; a priced option sold as a product of the catalogue costs what the catalogue says. */
  // (The admin page names products by PMS id or article number; a line names the PMS id.)
  const groupsOf = (product: Product) =>
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
  const pickProduct = (product: Product) => {
    if (groupsOf(product).length > 0) setChoosing(product);
    else add(product, []);
  };
  const add = (product: Product, modifiers: LineModifier[]) => {
    setChoosing(null);
    props.record([
      {
        kind: 'add_line',
        tableId: props.table.tableId,
        line: {
          lineId: crypto.randomUUID(),
          productId: String(product.id),
          name: product.name,
          unitCents: product.price,
          groupId: product.commodity_group_id ?? 0,
          course: course(),
          seat: 0,
          quantity: 1,
          modifiers,
          note: '',
        },
      },
    ]);
    setSearch('');
  };
  const send = () =>
    props.record([
      {
        kind: 'send',
        tableId: props.table.tableId,
        roundId: crypto.randomUUID(),
        lines: props.table.lines.map((line) => ({ lineId: line.lineId, quantity: line.quantity })),
      },
    ]);
  return (
    <section class="table-panel" aria-label={props.table.name}>
      <button type="button" onClick={() => props.onBack()}>
        {t('tables.back')}
      </button>
      <h2>{props.table.name}</h2>
      <Show when={props.table.lines.length > 0} fallback={<p>{t('tables.nothingYet')}</p>}>
        <ul class="table-lines">
          <For each={props.table.lines}>
            {(line) => (
              <li data-line={line.name}>
                <span class="table-line-quantity">{line.quantity - line.voided}</span>
                <span class="table-line-name">{line.name}</span>
                <Show when={line.modifiers.length > 0}>
                  <span class="table-line-modifiers">
                    {line.modifiers
                      .map((modifier) =>
                        modifier.priceCents > 0
                          ? `${modifier.name} +${formatCents(modifier.priceCents)}`
                          : modifier.name,
                      )
                      .join(', ')}
                  </span>
                </Show>
                <span class="table-line-course">{props.courses[line.course]?.name}</span>
                <span>
                  {formatCents(
                    (line.unitCents +
                      line.modifiers.reduce((sum, modifier) => sum + modifier.priceCents, 0)) *
                      (line.quantity - line.voided),
                  )}
                </span>
                <Show when={line.sent > 0}>
                  <span class="table-line-sent">{t('tables.sent', { n: line.sent })}</span>
                </Show>
                <button
                  type="button"
                  aria-label={t('tables.more', { name: line.name })}
                  onClick={() => props.record([{ kind: 'change_quantity', lineId: line.lineId, delta: 1 }])}
                >
                  +
                </button>
                <button
                  type="button"
                  aria-label={t('tables.less', { name: line.name })}
                  disabled={line.quantity <= Math.max(1, line.sent)}
                  onClick={() => props.record([{ kind: 'change_quantity', lineId: line.lineId, delta: -1 }])}
                >
                  −
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <fieldset class="table-courses">
        <legend>{t('tables.course')}</legend>
        <For each={props.courses}>
          {(entry, index) => (
            <button type="button" aria-pressed={course() === index()} onClick={() => setCourse(index())}>
              {entry.name}
            </button>
          )}
        </For>
      </fieldset>
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
      <For each={held()}>
        {(entry) => (
          <button
            type="button"
            onClick={() =>
              props.record([{ kind: 'fire', tableId: props.table.tableId, course: entry.index }])
            }
          >
            {t('tables.fire', { course: entry.name })}
          </button>
        )}
      </For>
      <button
        type="button"
        class="primary"
        disabled={props.table.lines.every((line) => line.sent >= line.quantity)}
        onClick={send}
      >
        {t('tables.send')}
      </button>
      <button type="button" disabled={props.table.lines.length === 0} onClick={() => props.onBill()}>
        {t('tables.bill')}
      </button>
    </section>
  );
}
