// The tables (issue 31): the outlet's floor, and a table opened from it. Owns which table is open;
// the floor itself (plan, live changes, this tablet's own operations, offline) is features/tables.
import { useNavigate } from '@solidjs/router';
import { createEffect, createSignal, For, onCleanup, Show } from 'solid-js';
import { deviceState } from '../features/device';
import { actingStaff } from '../features/staff';
import { billTable, createFloorState, type ShownTable } from '../features/tables';
import { readParkedTickets } from '../features/ticket';
import type { TableOpBody } from '../shared/table-ops';
import { t } from '../words/i18n';
import { FloorGrid } from './floor/FloorGrid';
import { TablePanel } from './floor/TablePanel';
import { TabOpener } from './floor/TabOpener';
import './floor/floor.css';

export default function TablesView() {
  const state = deviceState();
  const floor = createFloorState(state.kind === 'paired' ? state.device.id : 'unpaired');
  onCleanup(floor.stop);
  const [open, setOpen] = createSignal<string | null>(null);
  const [now, setNow] = createSignal(Date.now());
  const clock = setInterval(() => setNow(Date.now()), 30_000);
  onCleanup(() => clearInterval(clock));
  const record = (bodies: TableOpBody[]) => void floor.record(bodies, actingStaff().staff || '?');
  const navigate = useNavigate();
  const [billError, setBillError] = createSignal('');
  const bill = (table: ShownTable, seat?: number) =>
    billTable(table.tableId, table.name, table.lines, seat).then(
      () => navigate('/?pay'),
      (error: unknown) => setBillError(t('tables.billFailed', { reason: String(error) })),
    );
  const tableOf = (tableId: string) => floor.tables().find((table) => table.tableId === tableId);
  const [moved, setMoved] = createSignal('');
  const openOn = (tableId: string | null) => {
    setMoved('');
    setOpening(false);
    setOpen(tableId);
  };
  // Lines of the open table another tablet moved away: say where they went.
  let seen: { tableId: string | null; lineIds: string[] } = { tableId: null, lineIds: [] };
  createEffect(() => {
    const tableId = open();
    const tables = floor.tables();
    const lineIds = (tables.find((table) => table.tableId === tableId)?.lines ?? []).map(
      (line) => line.lineId,
    );
    if (tableId !== null && tableId === seen.tableId) {
      const gone = seen.lineIds.filter((lineId) => !lineIds.includes(lineId));
      const to = tables.find(
        (table) => table.tableId !== tableId && table.lines.some((line) => gone.includes(line.lineId)),
      );
      if (to) setMoved(t('tables.move.away', { to: to.name }));
    }
    seen = { tableId, lineIds };
  });
  // A bar tab by name, shared like a table; tickets parked on this tablet before stay on the register.
  const [opening, setOpening] = createSignal(false);
  const openTab = (name: string) => {
    const tableId = `tab-${crypto.randomUUID()}`;
    record([{ kind: 'open_tab', tableId, name }]);
    openOn(tableId);
  };
  const [parked, setParked] = createSignal(0);
  void readParkedTickets().then(
    (tickets) => setParked(tickets.length),
    () => setParked(0),
  );
  return (
    <section class="view tables-view">
      <h1>{t('tables.floor')}</h1>
      <Show when={!floor.online()}>
        <p class="tables-offline" role="status">
          {t('tables.offline')}
        </p>
      </Show>
      <Show when={floor.meanwhile().length > 0}>
        <p class="tables-meanwhile" role="status">
          {t('tables.meanwhile', {
            changes: floor
              .meanwhile()
              .map(
                (change) =>
                  `${change.quantity > 0 ? '+' : ''}${change.quantity} ${change.name} (${change.by})`,
              )
              .join(', '),
          })}
        </p>
      </Show>
      <Show when={billError()}>
        <p role="alert">{billError()}</p>
      </Show>
      <ul class="tables-conflicts">
        <For each={floor.conflicts().slice(-5)}>
          {(conflict) => (
            <li>
              {t('tables.conflict', { staff: conflict.staffName, n: conflict.refused, rule: conflict.rule })}
            </li>
          )}
        </For>
      </ul>
      <Show when={moved()}>
        <p class="tables-moved" role="status">
          {moved()}
        </p>
      </Show>
      <Show
        when={open()}
        keyed
        fallback={
          <>
            <Show
              when={opening()}
              fallback={
                <button type="button" class="tab-open" onClick={() => setOpening(true)}>
                  {t('tables.tab.open')}
                </button>
              }
            >
              <TabOpener
                tabs={floor.tables().filter((table) => table.tab)}
                onOpen={openTab}
                onShow={openOn}
                onCancel={() => setOpening(false)}
              />
            </Show>
            <Show when={parked() > 0}>
              <p class="tables-parked">{t('tables.tab.parked', { count: parked() })}</p>
            </Show>
            <FloorGrid tables={floor.tables()} now={now()} onOpen={openOn} />
          </>
        }
      >
        {(tableId) => (
          <Show when={tableOf(tableId)}>
            {(table) => (
              <TablePanel
                table={table()}
                tables={floor.tables()}
                courses={floor.courses}
                record={record}
                onBack={() => openOn(null)}
                onBill={(seat) => void bill(table(), seat)}
                onMoved={(to) => {
                  const from = table().name;
                  openOn(to);
                  setMoved(t('tables.move.done', { from, to: tableOf(to)?.name ?? to }));
                }}
              />
            )}
          </Show>
        )}
      </Show>
    </section>
  );
}
