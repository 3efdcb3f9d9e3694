// One line of a table: how many (still on the bill), its name, modifiers, course, seat (changed here
// with a `set_line`), amount and what was sent, with one more or fewer (never below what was sent).
// Owns nothing; every change is an operation the caller records.
import { For, Show } from 'solid-js';
import type { FloorLine } from '../../shared/table-fold';
import { type Course, DEFAULT_COURSES, type TableOpBody } from '../../shared/table-ops';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

/** The seats a line may be put on: 0 (the table) and 1.. the table's seats or covers, whichever is more. */
export const seatsOf = (seats: number, covers: number, line?: FloorLine) => [
  ...Array(Math.max(seats, covers, line?.seat ?? 0, 1) + 1).keys(),
];

/** A course's name: the default courses in the UI language, an outlet's own as it named them. */
export const courseName = (courses: readonly Course[], index: number) => {
  const name = courses[index]?.name ?? String(index);
  return DEFAULT_COURSES[index]?.name === name && index < 4
    ? t(`tables.courseName.${index as 0 | 1 | 2 | 3}`)
    : name;
};

export const seatName = (seat: number) =>
  seat === 0 ? t('tables.seat.shared') : t('tables.seat.n', { n: seat });

export function TableLine(props: {
  line: FloorLine;
  courses: readonly Course[];
  seats: number[];
  record: (bodies: TableOpBody[]) => void;
}) {
  const line = () => props.line;
  return (
    <li data-line={line().name} data-seat={line().seat}>
      <span class="table-line-quantity">{line().quantity - line().voided}</span>
      <span class="table-line-name">{line().name}</span>
      <Show when={line().modifiers.length > 0}>
        <span class="table-line-modifiers">
          {line()
            .modifiers.map((modifier) =>
              modifier.priceCents > 0
                ? `${modifier.name} +${formatCents(modifier.priceCents)}`
                : modifier.name,
            )
            .join(', ')}
        </span>
      </Show>
      <span class="table-line-course">{courseName(props.courses, line().course)}</span>
      <select
        class="table-line-seat"
        aria-label={t('tables.seat.of', { name: line().name })}
        value={line().seat}
        onChange={(event) =>
          props.record([{ kind: 'set_line', lineId: line().lineId, seat: Number(event.currentTarget.value) }])
        }
      >
        <For each={props.seats}>
          {(seat) => (
            <option value={seat} selected={seat === line().seat}>
              {seatName(seat)}
            </option>
          )}
        </For>
      </select>
      <span>
        {formatCents(
          (line().unitCents + line().modifiers.reduce((sum, modifier) => sum + modifier.priceCents, 0)) *
            (line().quantity - line().voided),
        )}
      </span>
      <Show when={line().sent > 0}>
        <span class="table-line-sent">{t('tables.sent', { n: line().sent })}</span>
      </Show>
      <button
        type="button"
        aria-label={t('tables.more', { name: line().name })}
        onClick={() => props.record([{ kind: 'change_quantity', lineId: line().lineId, delta: 1 }])}
      >
        +
      </button>
      <button
        type="button"
        aria-label={t('tables.less', { name: line().name })}
        disabled={line().quantity <= Math.max(1, line().sent)}
        onClick={() => props.record([{ kind: 'change_quantity', lineId: line().lineId, delta: -1 }])}
      >
        −
      </button>
    </li>
  );
}
