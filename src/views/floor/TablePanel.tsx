// One table: its lines (quantity, what was sent), one more or fewer of a line not sent, products
// added from the cached catalogue by search, and Send (the round: every line at the quantity shown).
// Owns the search text; every change is an operation recorded through the floor state.
import { createSignal, For, Show } from 'solid-js';
import { catalogue } from '../../features/catalogue';
import type { ShownTable } from '../../features/tables';
import type { TableOpBody } from '../../shared/table-ops';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

export function TablePanel(props: {
  table: ShownTable;
  record: (bodies: TableOpBody[]) => void;
  onBack: () => void;
}) {
  const [search, setSearch] = createSignal('');
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
          course: 0,
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
      <button
        type="button"
        class="primary"
        disabled={props.table.lines.every((line) => line.sent >= line.quantity)}
        onClick={send}
      >
        {t('tables.send')}
      </button>
    </section>
  );
}
