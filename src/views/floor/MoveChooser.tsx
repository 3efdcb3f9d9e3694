// Moving on a table: the whole table to another (into an occupied one: merging them) or the lines
// chosen (splitting the table), to a table tapped from the floor, and only after the waiter confirms
// what will happen. Owns the choice being made; the move itself is one operation (move_table or
// move_lines) the caller records, which every tablet folds the same way.
import { createSignal, For, Show } from 'solid-js';
import type { ShownTable } from '../../features/tables';
import type { TableOpBody } from '../../shared/table-ops';
import { t } from '../../words/i18n';

export function MoveChooser(props: {
  table: ShownTable;
  tables: readonly ShownTable[];
  /** Records the move and opens the table it went to. */
  onMove: (body: TableOpBody, toTableId: string) => void;
  onCancel: () => void;
}) {
  const [whole, setWhole] = createSignal(true);
  const [chosen, setChosen] = createSignal<string[]>([]);
  const [target, setTarget] = createSignal<ShownTable | null>(null);
  const others = () => props.tables.filter((table) => table.tableId !== props.table.tableId);
  const pick = (lineId: string) =>
    setChosen(chosen().includes(lineId) ? chosen().filter((id) => id !== lineId) : [...chosen(), lineId]);
  const ready = () => whole() || chosen().length > 0;
  const question = (to: ShownTable) => {
    if (!whole())
      return t('tables.move.confirmLines', {
        count: chosen().length,
        names: props.table.lines
          .filter((line) => chosen().includes(line.lineId))
          .map((line) => line.name)
          .join(', '),
        to: to.name,
      });
    return t(to.state === 'free' ? 'tables.move.confirmTable' : 'tables.move.confirmMerge', {
      from: props.table.name,
      to: to.name,
    });
  };
  const confirm = (to: ShownTable) =>
    props.onMove(
      whole()
        ? {
            kind: 'move_table',
            tableId: props.table.tableId,
            toTableId: to.tableId,
            lineIds: props.table.lines.map((line) => line.lineId),
          }
        : { kind: 'move_lines', lineIds: chosen(), toTableId: to.tableId },
      to.tableId,
    );
  return (
    <section class="move-chooser" aria-label={t('tables.move.title', { name: props.table.name })}>
      <h3>{t('tables.move.title', { name: props.table.name })}</h3>
      <fieldset class="move-what">
        <legend>{t('tables.move.what')}</legend>
        <button type="button" aria-pressed={whole()} onClick={() => setWhole(true)}>
          {t('tables.move.whole')}
        </button>
        <button
          type="button"
          aria-pressed={!whole()}
          disabled={props.table.lines.length === 0}
          onClick={() => setWhole(false)}
        >
          {t('tables.move.lines')}
        </button>
      </fieldset>
      <Show when={!whole()}>
        <ul class="move-lines">
          <For each={props.table.lines}>
            {(line) => (
              <li>
                <button
                  type="button"
                  aria-pressed={chosen().includes(line.lineId)}
                  onClick={() => pick(line.lineId)}
                >
                  {`${line.quantity - line.voided - line.paid} × ${line.name}`}
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <h4>{t('tables.move.to')}</h4>
      <ul class="move-targets">
        <For each={others()}>
          {(table) => (
            <li>
              <button
                type="button"
                data-target={table.tableId}
                disabled={!ready()}
                aria-pressed={target()?.tableId === table.tableId}
                onClick={() => setTarget(table)}
              >
                <strong>{table.name}</strong> <span>{t(`tables.state.${table.state}`)}</span>
              </button>
            </li>
          )}
        </For>
      </ul>
      <Show when={target()}>
        {(to) => (
          <div
            class="move-confirm"
            role="alertdialog"
            aria-label={t('tables.move.confirm')}
            ref={(dialog) => queueMicrotask(() => dialog.scrollIntoView?.({ block: 'nearest' }))}
          >
            <p>{question(to())}</p>
            <button type="button" class="primary" onClick={() => confirm(to())}>
              {t(
                whole()
                  ? to().state === 'free'
                    ? 'tables.move.doTable'
                    : 'tables.move.doMerge'
                  : 'tables.move.doLines',
              )}
            </button>
            <button type="button" onClick={() => setTarget(null)}>
              {t('tables.move.notNow')}
            </button>
          </div>
        )}
      </Show>
      <button type="button" onClick={() => props.onCancel()}>
        {t('tables.move.cancel')}
      </button>
    </section>
  );
}
