// One table: its guests (asked when it is opened free), its lines (TableLine), products added
// (ProductSearch) in the course and for the seat chosen, Send (the round), Fire for a held course,
// and moving it (MoveChooser). Owns the course, seat and which chooser is open; every change is an
// operation recorded.
import { createSignal, For, Show } from 'solid-js';
import type { ShownTable } from '../../features/tables';
import type { Course, LineModifier, TableOpBody } from '../../shared/table-ops';
import { t } from '../../words/i18n';
import { GuestsChooser } from './GuestsChooser';
import { MoveChooser } from './MoveChooser';
import { ProductSearch, type SearchedProduct } from './ProductSearch';
import { courseName, seatName, seatsOf, TableLine } from './TableLine';

export function TablePanel(props: {
  table: ShownTable;
  /** Every table of the floor (where a move may go). */
  tables: readonly ShownTable[];
  courses: readonly Course[];
  record: (bodies: TableOpBody[]) => void;
  onBack: () => void;
  /** "Bill": the table's unpaid lines to the register's pay screen; "Pay seat N": starting with that seat's. */
  onBill: (seat?: number) => void;
  /** A move was recorded: the table it went to is opened. */
  onMoved: (toTableId: string) => void;
}) {
  const [course, setCourse] = createSignal(0);
  const [seat, setSeat] = createSignal(0);
  const [moving, setMoving] = createSignal(false);
  // A free table of the plan asks for its guests first; "Later" (or a tab) does not ask again.
  const [askGuests, setAskGuests] = createSignal(!props.table.tab && props.table.state === 'free');
  const seats = (line?: Parameters<typeof seatsOf>[2]) =>
    seatsOf(props.table.seats, props.table.covers, line);
  const setGuests = (covers: number) => {
    setAskGuests(false);
    props.record([{ kind: 'open', tableId: props.table.tableId, covers }]);
  };
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
  const add = (product: SearchedProduct, modifiers: LineModifier[]) =>
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
          seat: seat(),
          quantity: 1,
          modifiers,
          note: '',
        },
      },
    ]);
  /** Seats with lines still to pay, for "Pay seat N" (lines on the table itself go with the last part). */
  const seatsOwing = () =>
    [
      ...new Set(
        props.table.lines
          .filter((line) => line.seat > 0 && line.quantity - line.voided - line.paid > 0)
          .map((line) => line.seat),
      ),
    ].sort((a, b) => a - b);
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
      <div class="table-head">
        <h2>{props.table.name}</h2>
        <Show when={!props.table.tab}>
          <button type="button" class="table-guests" onClick={() => setAskGuests(true)}>
            {props.table.covers > 0
              ? t('tables.guests.change', { n: props.table.covers })
              : t('tables.guests.none')}
          </button>
        </Show>
        <button
          type="button"
          class="table-move"
          disabled={props.table.state === 'free'}
          onClick={() => setMoving(true)}
        >
          {t('tables.move.open')}
        </button>
      </div>
      <Show when={askGuests()}>
        <GuestsChooser seats={props.table.seats} onChoose={setGuests} onLater={() => setAskGuests(false)} />
      </Show>
      <Show when={moving()}>
        <MoveChooser
          table={props.table}
          tables={props.tables}
          onMove={(body, toTableId) => {
            setMoving(false);
            props.record([body]);
            props.onMoved(toTableId);
          }}
          onCancel={() => setMoving(false)}
        />
      </Show>
      <Show when={props.table.lines.length > 0} fallback={<p>{t('tables.nothingYet')}</p>}>
        <ul class="table-lines">
          <For each={props.table.lines}>
            {(line) => (
              <TableLine line={line} courses={props.courses} seats={seats(line)} record={props.record} />
            )}
          </For>
        </ul>
      </Show>
      <fieldset class="table-courses">
        <legend>{t('tables.course')}</legend>
        <For each={props.courses}>
          {(_entry, index) => (
            <button type="button" aria-pressed={course() === index()} onClick={() => setCourse(index())}>
              {courseName(props.courses, index())}
            </button>
          )}
        </For>
      </fieldset>
      <fieldset class="table-seats">
        <legend>{t('tables.seat')}</legend>
        <For each={seats()}>
          {(entry) => (
            <button type="button" aria-pressed={seat() === entry} onClick={() => setSeat(entry)}>
              {seatName(entry)}
            </button>
          )}
        </For>
      </fieldset>
      <ProductSearch onAdd={add} />
      <For each={held()}>
        {(entry) => (
          <button
            type="button"
            onClick={() =>
              props.record([{ kind: 'fire', tableId: props.table.tableId, course: entry.index }])
            }
          >
            {t('tables.fire', { course: courseName(props.courses, entry.index) })}
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
      <button
        type="button"
        class="table-ask-bill"
        disabled={props.table.state === 'free' || props.table.state === 'bill_asked'}
        onClick={() => props.record([{ kind: 'ask_bill', tableId: props.table.tableId }])}
      >
        {t('tables.askBill')}
      </button>
      <button type="button" disabled={props.table.lines.length === 0} onClick={() => props.onBill()}>
        {t('tables.bill')}
      </button>
      <Show when={seatsOwing().length > 0}>
        <div class="table-pay-seats">
          <For each={seatsOwing()}>
            {(entry) => (
              <button type="button" onClick={() => props.onBill(entry)}>
                {t('tables.paySeat', { n: entry })}
              </button>
            )}
          </For>
        </div>
      </Show>
    </section>
  );
}
