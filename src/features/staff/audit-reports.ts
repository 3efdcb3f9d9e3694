// What this tablet reports for the till server's audit log besides its sales (which the sales
// ledger holds): sign-ins, wrong PINs, voids, take-backs, catalogue changes and shift closes. Owns
// queuing a report (in IndexedDB, storage/audit-queue.ts, so a reload or an outage loses none) and
// delivering the queue in batches when the server answers. Each report carries an id made once,
// so a resend after a lost answer is recorded once. The server's verdict (recorded, or refused
// with a code, e.g. a forged approval) ends a report either way.
import type { TabletAuditEvent, TabletAuditKind } from '../../pms/staff-calls';
import { MAX_APPROVALS } from '../../pms/till-headers';
import {
  queueAuditEvents,
  type RefusedReport,
  readAuditQueue,
  readRefusedReports,
  settleAuditEvents,
} from '../../storage/audit-queue';
import type { SaleRecord } from '../../storage/records';

export type { RefusedReport } from '../../storage/audit-queue';

const BATCH = 200;

/** Appends in call order, so a report queued right after another is never written before it. */
let queuing: Promise<void> = Promise.resolve();

/** What the tablet did, for the audit log. */
export interface ActionReport {
  kind: TabletAuditKind;
  staffId: string | null;
  subject?: string | null;
  amountCents?: number | null;
  note?: string;
  approval?: string;
  /** Every approval the action carries, where it has several (a sale's open price and discount). */
  approvals?: string[];
  /** Default a new UUID; give one where the same action could be reported twice (a sale's id). */
  id?: string;
}

/**
 * Queues a report; it is sent with the next delivery.
 * @example reportAction({ kind: 'sale', staffId, subject: sale.id, amountCents: 1300, id: `sale:${sale.id}` });
 */
export function reportAction(report: ActionReport): void {
  const event: TabletAuditEvent = {
    id: report.id ?? crypto.randomUUID(),
    kind: report.kind,
    at: new Date().toISOString(),
    staffId: report.staffId,
    ...(report.subject ? { subject: report.subject } : {}),
    ...(report.amountCents !== undefined && report.amountCents !== null
      ? { amountCents: report.amountCents }
      : {}),
    ...(report.note ? { note: report.note.slice(0, 300) } : {}),
    ...(report.approval ? { approval: report.approval } : {}),
    ...(report.approvals && report.approvals.length > 1
      ? { approvals: report.approvals.slice(0, MAX_APPROVALS) }
      : {}),
  };
  queuing = queuing
    .then(() => queueAuditEvents([event]))
    .catch((error: unknown) => console.error('[audit] a report could not be kept', error));
  void queuing.then(deliverSoon);
}

let sender: SendReports | undefined;
let soon: ReturnType<typeof setTimeout> | undefined;

/** Who delivers reports (features/staff/staff-sync.ts, once the background work runs); undefined stops it. */
export function useReportSender(send: SendReports | undefined): void {
  sender = send;
}

/** Delivers shortly after a report is queued, gathering what is reported in the same moment. */
function deliverSoon(): void {
  if (!sender || soon) return;
  soon = setTimeout(() => {
    soon = undefined;
    if (sender) void deliverReports(sender);
  }, 500);
}

/**
 * Reports a sale the till recorded (once per sale and kind: its id names the report), with who
 * made it, its total, its reference and every approval it carries (the first also as `approval`,
 * which is all a server before `approvals` reads).
 * @example reportRecorded('room_charge', sale);
 */
export function reportRecorded(
  kind: TabletAuditKind,
  sale: SaleRecord,
  extra: Partial<ActionReport> = {},
): void {
  reportAction({
    id: `${kind}:${sale.id}`,
    kind,
    staffId: sale.staffId ?? null,
    subject: sale.reverses ?? sale.id,
    amountCents: sale.totalCents,
    note: sale.reference,
    ...(sale.approvals?.[0] ? { approval: sale.approvals[0], approvals: [...sale.approvals] } : {}),
    ...extra,
  });
}

/** Reports not yet delivered. */
export async function pendingReports(): Promise<number> {
  await queuing;
  return (await readAuditQueue()).length;
}

/** Reports the server refused (for the sync view). */
export function refusedReports(): Promise<RefusedReport[]> {
  return readRefusedReports();
}

let delivering: Promise<void> | undefined;

/**
 * Sends the queued reports (one delivery at a time); stops quietly when the server cannot be
 * reached or the tablet is not paired, to try again next time.
 * @example await deliverReports((events) => reportAuditEvents('', events));
 */
export function deliverReports(send: SendReports): Promise<void> {
  if (delivering) return delivering;
  // Cleared in a later microtask, never before it is set (an empty queue finishes at once).
  delivering = deliverQueued(send).finally(() => {
    delivering = undefined;
  });
  return delivering;
}

export type SendReports = (
  events: TabletAuditEvent[],
) => Promise<{ results: { id: string; outcome: string; code?: string }[] }>;

async function deliverQueued(send: SendReports): Promise<void> {
  try {
    await queuing;
    for (;;) {
      const batch = await readAuditQueue(BATCH);
      if (batch.length === 0) return;
      const { results } = await send(batch);
      const answered = new Set(results.map((result) => result.id));
      const refused = results
        .filter((result) => result.outcome === 'refused')
        .map((result) => ({
          event: batch.find((event) => event.id === result.id)!,
          code: result.code ?? 'refused',
        }))
        .filter((entry) => entry.event);
      // Reports queued meanwhile stay; only the answered ones go.
      await settleAuditEvents(answered, refused);
      if (answered.size === 0) return; // an answer about none of them: try again later
    }
  } catch {
    // unreachable, unpaired, or an unexpected answer: the queue stays for the next delivery
  }
}
