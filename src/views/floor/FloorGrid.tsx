// The floor: one large button per table (and open bar tab) with its state, covers, waiter, amount
// and minutes since its last round. Owns nothing but showing them and telling which was tapped.
import { For, Show } from 'solid-js';
import type { ShownTable } from '../../features/tables';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { KitchenMark } from './KitchenMark';

export function FloorGrid(props: {
  tables: ShownTable[];
  now: number;
  onOpen: (tableId: string) => void;
  courses?: readonly { name: string }[];
}) {
  return (
    <Show when={props.tables.length > 0} fallback={<p>{t('tables.noTables')}</p>}>
      <ul class="floor-grid">
        <For each={props.tables}>
          {(table) => (
            <li>
              <button
                type="button"
                class={`floor-table state-${table.state}`}
                data-table={table.tableId}
                data-state={table.state}
                onClick={() => props.onOpen(table.tableId)}
              >
                <strong>{table.name}</strong>
                <span>{t(`tables.state.${table.state}`)}</span>
                <KitchenMark kitchen={table.kitchen} courses={props.courses} />
                <Show when={table.state !== 'free'}>
                  <span>
                    {[table.waiter, table.covers > 0 ? t('tables.covers', { n: table.covers }) : '']
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                  <span class="floor-amount">{formatCents(table.amountCents)}</span>
                  <Show when={table.lastRoundAt}>
                    {(at) => (
                      <span>
                        {t('tables.sinceRound', {
                          minutes: Math.max(0, Math.floor((props.now - at()) / 60_000)),
                        })}
                      </span>
                    )}
                  </Show>
                </Show>
              </button>
            </li>
          )}
        </For>
      </ul>
    </Show>
  );
}
