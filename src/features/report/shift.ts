// The current shift and closing it. Owns: what a shift is (from the last close on this till to
// now), reading its sales from the journal (again whenever the outbox changes), its totals
// (shift-totals.ts, with commodity groups and payment method names from catalogue.ts), and
// closing it: a shift record stored on this device. Closing while sales are unconfirmed is allowed
// (nothing is lost: they keep syncing and count in the totals stored) but the view warns first.
import { type Accessor, createEffect, createMemo, createSignal, on, onCleanup } from 'solid-js';
import { recordShiftClose } from '../../outbox/journal';
import { subscribeOutbox } from '../../outbox/status';
import type { NamedEntry, Product } from '../../pms/wire';
import { type ShiftTotals, shiftTotals, unconfirmedSales } from '../../rules/shift-totals';
import { listSalesSince } from '../../storage/journal-reads';
import { appendShiftRecord, readShiftRecords, type ShiftRecord } from '../../storage/local-records';
import type { SaleRecord } from '../../storage/records';
import { catalogue } from '../catalogue';
import { requestReplay, tillIdentity } from '../device';
import { actingStaff, approvalFor } from '../staff';

export type { ShiftRecord } from '../../storage/local-records';

export interface ShiftReport {
  openedAt: number;
  /** When the report was read. */
  at: number;
  sales: SaleRecord[];
  totals: ShiftTotals;
  unconfirmed: SaleRecord[];
  paymentMethods: NamedEntry[];
}

const [closed, setClosed] = createSignal<readonly ShiftRecord[]>(readShiftRecords());

/** Closed shifts on this device, oldest first (reactive). */
export const closedShifts = closed;

/** When the current shift began: the last close, or 0 when no shift was ever closed here. */
export function currentShiftStart(): number {
  return closed().at(-1)?.closedAt ?? 0;
}

/**
 * The report of a shift's sales, with commodity groups and payment method names from `products`
 * and `paymentMethods` (the cached catalogue).
 * @example const report = shiftReport(openedAt, Date.now(), sales, catalogue().index.products, methods);
 */
export function shiftReport(
  openedAt: number,
  at: number,
  sales: SaleRecord[],
  products: readonly Product[],
  paymentMethods: NamedEntry[],
): ShiftReport {
  const byProduct = new Map(
    products.map((p) => [p.id, { id: p.commodity_group_id, name: p.commodity_group_name }] as const),
  );
  // a closed shift's own ledger record (journal kind shift-close) is no sale of the next shift
  const sold = sales.filter((sale) => sale.kind !== 'shift-close' && sale.kind !== 'shift-open');
  const totals = shiftTotals(sold, (id) => byProduct.get(id));
  return { openedAt, at, sales: sold, totals, unconfirmed: unconfirmedSales(sold), paymentMethods };
}

/**
 * The current shift's report (reactive), read again when the outbox or the catalogue changes and
 * after a close; call in a component.
 * @example const report = createShiftReport(); <Show when={report()}>{(r) => r().totals.total.cents}</Show>
 */
export function createShiftReport(): Accessor<ShiftReport | undefined> {
  const [snapshot, setSnapshot] = createSignal<{ openedAt: number; at: number; sales: SaleRecord[] }>();
  let disposed = false;
  const read = () => {
    const openedAt = currentShiftStart();
    listSalesSince(openedAt).then(
      (sales) => {
        if (!disposed && openedAt === currentShiftStart()) setSnapshot({ openedAt, at: Date.now(), sales });
      },
      (error: unknown) => console.error('[shift] could not read the report', error),
    );
  };
  const report = createMemo(() => {
    const current = snapshot();
    const { index, paymentOptions } = catalogue();
    return (
      current &&
      shiftReport(current.openedAt, current.at, current.sales, index.products, paymentOptions.payment_methods)
    );
  });
  createEffect(on(currentShiftStart, read)); // first read, and again after a close
  const stop = subscribeOutbox(read);
  onCleanup(() => {
    disposed = true;
    stop();
  });
  return report;
}

/**
 * Closes the shift as `closeShift` does; with sales still unconfirmed, only after a manager's
 * approval where the server has staff (`what` says it in the dialog). Null when it was cancelled.
 * @example const record = await closeShiftApproved(report, 'Close the shift with sales not yet in the PMS');
 */
export async function closeShiftApproved(report: ShiftReport, what: string): Promise<ShiftRecord | null> {
  if (report.unconfirmed.length === 0) return closeShift(report);
  const id = crypto.randomUUID(); // the shift record's id, named by the approval
  const approval = await approvalFor({ action: 'close_shift', subject: id, amountCents: null }, what);
  if (approval === null) return null; // not approved: the shift stays open
  return closeShift(report, Date.now(), approval ? { id, approval } : undefined);
}

/**
 * Closes the shift: stores its record (with the totals as they stand) and starts the next one now.
 * @throws Error when the browser refused to store the record (the shift then stays open).
 */
export function closeShift(
  report: ShiftReport,
  now: number = Date.now(),
  approved?: { id: string; approval: string },
): ShiftRecord {
  const { tillName } = tillIdentity();
  const { staff: staffName, staffId } = actingStaff();
  const record: ShiftRecord = {
    id: approved?.id ?? crypto.randomUUID(),
    openedAt: report.openedAt,
    closedAt: Math.max(now, report.openedAt + 1),
    till: tillName,
    staff: staffName,
    totals: report.totals,
    openSales: report.unconfirmed.length,
  };
  if (!appendShiftRecord(record)) throw new Error('The shift record could not be stored on this device.');
  setClosed(readShiftRecords());
  // The close is a record of the sales ledger (with its approval, spent there once), sent by the outbox.
  recordShiftClose({
    staff: staffName,
    ...(staffId ? { staffId } : {}),
    till: tillName,
    at: record.closedAt,
    shiftId: record.id,
    ...(approved ? { approvals: [approved.approval] } : {}),
  }).then(
    () => requestReplay(),
    (error: unknown) => console.error('[shift] the close could not be recorded for the till server', error),
  );
  return record;
}
