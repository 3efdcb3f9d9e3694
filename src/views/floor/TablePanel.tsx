// One table: its lines (quantity, what was sent), one more or fewer of a line not sent, products
// added from the cached catalogue by search in the course chosen, Send (the round: every line at the
// quantity shown) and Fire for a held course with sent items.
// Owns the search text; every change is an operation recorded through the floor state.
import { createSignal, For, Show } from 'solid-js';
import { catalogue } from '../../features/catalogue';
import type { ShownTable } from '../../features/tables';
import type { Course, TableOpBody } from '../../shared/table-ops';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

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
  const add = (product: ReturnType<typeof found>[number]) => {
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
          modifiers: [],
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
                <span class="table-line-course">{props.courses[line.course]?.name}</span>
                <span>{formatCents(line.unitCents * (line.quantity - line.voided))}</span>
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
              <button type="button" onClick={() => add(product)}>
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
