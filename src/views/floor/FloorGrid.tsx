// The floor: one large button per table of the plan, then per open bar tab, with its state, covers,
// waiter, amount and minutes since its last round. Owns nothing but showing them and telling which
// was tapped.
import { For, Show } from 'solid-js';
import type { ShownTable } from '../../features/tables';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

type Tiles = { tables: ShownTable[]; now: number; onOpen: (tableId: string) => void };

export function FloorGrid(props: Tiles) {
  const planned = () => props.tables.filter((table) => !table.tab);
  const tabs = () => props.tables.filter((table) => table.tab);
  return (
    <>
      <Show
        when={planned().length > 0}
        fallback={<Show when={tabs().length === 0}>{<p>{t('tables.noTables')}</p>}</Show>}
      >
        <FloorTiles tables={planned()} now={props.now} onOpen={props.onOpen} />
      </Show>
      <Show when={tabs().length > 0}>
        <h2>{t('tables.tab.tabs')}</h2>
        <FloorTiles tables={tabs()} now={props.now} onOpen={props.onOpen} />
      </Show>
    </>
  );
}

function FloorTiles(props: Tiles) {
  return (
    <ul class="floor-grid">
      <For each={props.tables}>
        {(table) => (
          <li>
            <button
              type="button"
              class={`floor-table state-${table.state}${table.tab ? ' floor-tab' : ''}`}
              data-table={table.tableId}
              data-state={table.state}
              onClick={() => props.onOpen(table.tableId)}
            >
              <strong>{table.name}</strong>
              <span>{t(`tables.state.${table.state}`)}</span>
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
  );
}
