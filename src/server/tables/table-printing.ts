// Order tickets of tables (issue 31): after each stored batch, what the fold says was sent and may
// go to the kitchen (drinks and first courses at once, a later course once fired) is printed through
// printing's sendOrder, which prints per line only what it has not printed before, at the printers
// the line's group routes to: one ticket per table, course and printer, with table, course, seat,
// waiter and modifiers. Items voided after sending print as a cancellation ticket at the same printer.
// A line moved to another table prints nothing more there than what was not printed before.
import type { Floor, FloorLine } from '../../shared/table-fold.ts';
import { type Course, tablesOf } from '../../shared/table-ops.ts';
import { NoPrinterError, type Printing } from '../printing/printing.ts';
import type { StoredBatch, TableStore } from './table-store.ts';

/** The tables a batch touched: those its operations name, and those of the lines they change. */
function tablesTouched(batch: StoredBatch, floor: Floor): Set<string> {
  const touched = new Set<string>();
  for (const op of batch.ops) {
    for (const tableId of tablesOf(op.body)) touched.add(tableId);
    const lineIds = 'lineId' in op.body ? [op.body.lineId] : 'lineIds' in op.body ? op.body.lineIds : [];
    for (const lineId of lineIds) {
      const line = floor.lines.get(lineId);
      if (line) touched.add(line.tableId);
    }
  }
  return touched;
}

const lineText = (line: FloorLine) =>
  [line.name, ...line.modifiers.map((modifier) => modifier.name)].join(', ');
const lineNote = (line: FloorLine) =>
  [line.seat > 0 ? `Platz/Seat ${line.seat}` : '', line.note].filter(Boolean).join(' · ');

/** Prints what each batch released; returns the stop. */
export function connectTablePrinting(
  store: TableStore,
  printing: Printing,
  tableName: (outlet: string, tableId: string) => string,
): () => void {
  return store.listen((batch) => {
    const { floor } = store.floor(batch.outlet);
    const courses: readonly Course[] = store.courses(batch.outlet);
    const staffName = batch.ops.at(-1)?.staffName ?? '';
    for (const tableId of tablesTouched(batch, floor)) {
      const table = floor.tables.get(tableId);
      const session = table?.openedAt ?? 0;
      const lines = [...floor.lines.values()].filter((line) => line.tableId === tableId && line.sent > 0);
      const byCourse = new Map<number, FloorLine[]>();
      for (const line of lines) {
        const released = courses[line.course]?.immediate || table?.fired.includes(line.course);
        if (released) byCourse.set(line.course, [...(byCourse.get(line.course) ?? []), line]);
      }
      const place = tableName(batch.outlet, tableId);
      for (const [course, courseLines] of byCourse) {
        const courseName = courses[course]?.name ?? String(course);
        const send = (kind: 'order' | 'void', quantity: (line: FloorLine) => number) => {
          try {
            printing.sendOrder(
              batch.outlet,
              {
                ticketId: `${tableId}@${session}:${course}:${kind}`,
                place: kind === 'order' ? `${place} · ${courseName}` : `STORNO ${place} · ${courseName}`,
                staffName,
                note: '',
                language: 'de',
                lines: courseLines.map((line) => ({
                  key: line.lineId,
                  name: lineText(line),
                  quantity: quantity(line),
                  commodityGroupId: line.groupId,
                  note: lineNote(line),
                })),
              },
              // A line moved from another table was printed there: it prints here only what is new.
              { sharedSuffix: `:${kind}` },
            );
          } catch (error) {
            if (!(error instanceof NoPrinterError)) throw error; // no order printer: a kitchen screen
          }
        };
        send('order', (line) => line.sent);
        if (courseLines.some((line) => line.voided > 0)) send('void', (line) => line.voided);
      }
    }
  });
}
