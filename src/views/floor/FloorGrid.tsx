// The floor: one large button per table of the plan, by area at its column and row, then per open
// bar tab, with its state, covers, waiter, amount and minutes since its last round. Owns nothing but
// showing them and telling which was tapped.
import { For, Show } from 'solid-js';
import type { ShownTable } from '../../features/tables';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { KitchenMark } from './KitchenMark';

type Tiles = {
  tables: ShownTable[];
  now: number;
  onOpen: (tableId: string) => void;
  courses?: readonly { name: string }[];
};

export function FloorGrid(props: Tiles) {
  const planned = () => props.tables.filter((table) => !table.tab);
  const tabs = () => props.tables.filter((table) => table.tab);
  /** The plan's tables by area, in the plan's order. */
  const areas = () => {
    const byName = new Map<string, ShownTable[]>();
    for (const table of planned()) byName.set(table.area, [...(byName.get(table.area) ?? []), table]);
    return [...byName].map(([name, tables]) => ({ name, tables }));
  };
  return (
    <>
      <Show
        when={planned().length > 0}
        fallback={<Show when={tabs().length === 0}>{<p>{t('tables.noTables')}</p>}</Show>}
      >
        <For each={areas()}>
          {(area) => (
            <>
              <Show when={areas().length > 1 && area.name}>
                <h2>{area.name}</h2>
              </Show>
              <FloorTiles
                tables={area.tables}
                now={props.now}
                onOpen={props.onOpen}
                courses={props.courses}
                placed
              />
            </>
          )}
        </For>
      </Show>
      <Show when={tabs().length > 0}>
        <h2>{t('tables.tab.tabs')}</h2>
        <FloorTiles tables={tabs()} now={props.now} onOpen={props.onOpen} courses={props.courses} />
      </Show>
    </>
  );
}

/** Placed: each table at its plan's column and row (where every table of the area has a place). */
function FloorTiles(props: Tiles & { placed?: boolean }) {
  const placed = () => props.placed === true && props.tables.every((table) => table.place !== null);
  const columns = () => Math.max(1, ...props.tables.map((table) => (table.place?.x ?? 0) + 1));
  return (
    <ul
      class={placed() ? 'floor-grid floor-placed' : 'floor-grid'}
      style={placed() ? { '--floor-columns': String(columns()) } : {}}
    >
      <For each={props.tables}>
        {(table) => (
          <li
            style={
              placed() && table.place
                ? { 'grid-column': String(table.place.x + 1), 'grid-row': String(table.place.y + 1) }
                : {}
            }
          >
            <button
              type="button"
              class={`floor-table state-${table.state}${table.tab ? ' floor-tab' : ''}`}
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
  );
}
