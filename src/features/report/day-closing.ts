// The day's closing on a manager's tablet (the Report section's "Day closing" panel). Owns the
// manager's `close_day` approval while it is good (the server takes it for DAY_CLOSING_APPROVAL_MS
// after signing; a little less here), the X report last read, and the calls to read it, count a
// drawer and close the day (pms/closing-calls.ts), and to print the X or the Z at the outlet's
// receipt printer (pms/print-calls.ts). Only a manager's approval opens it: a waiter
// signed in is asked for a manager's PIN, and the server refuses anything else.
import { createSignal } from 'solid-js';
import {
  type CashCountInput,
  type CloseDayAnswer,
  DAY_CLOSING_APPROVAL_MS,
  DAY_CLOSING_SUBJECT,
  type DayReport,
} from '../../pms/closing-wire';
import { printDayReport } from '../../pms/print-calls';
import { settings } from '../device';
import { printLanguage, printStatus } from '../payment';
import { approvalFor, signedIn, staffCards } from '../staff';

/** Reuse an approval for this long, so one signed near the server's limit is not sent. */
const KEEP_APPROVAL_MS = DAY_CLOSING_APPROVAL_MS - 5 * 60_000;

let approval: { token: string; signedAt: number; by: string | null } | null = null;
const [report, setReport] = createSignal<DayReport | null>(null);
const [lastZ, setLastZ] = createSignal<CloseDayAnswer | null>(null);

/** The X report last read (reactive); null until a manager opened the day closing. */
export { lastZ as closedDay, report as dayReport };

/** Whether the day can be closed from this tablet at all: the server has a manager (reactive). */
export const dayClosingAvailable = (): boolean => staffCards().some((card) => card.role === 'manager');

/** Whether a manager is signed in here (reactive): they open the day closing without a PIN. */
export const managerSignedIn = (): boolean => signedIn()?.role === 'manager';

const closingCalls = () => import('../../pms/closing-calls');

/** Whether the outlet has a receipt printer the day's report can print at (reactive). */
export const dayReportPrintable = (): boolean => printStatus()?.receiptPrinter === true;

/** A good `close_day` approval: the one kept, the signed-in manager's own, or one asked for by PIN; null when cancelled. */
async function currentApproval(what: string): Promise<string | null> {
  const who = signedIn()?.id ?? null;
  if (approval && approval.by === who && Date.now() - approval.signedAt < KEEP_APPROVAL_MS)
    return approval.token;
  const token = await approvalFor(
    { action: 'close_day', subject: DAY_CLOSING_SUBJECT, amountCents: null },
    what,
  );
  if (!token) return null;
  approval = { token, signedAt: Date.now(), by: who };
  return token;
}

/** Forgets the approval and the figures (when the till locks, or the server refused the approval). */
export function forgetDayClosing(): void {
  approval = null;
  setReport(null);
}

async function withApproval<T>(what: string, call: (token: string) => Promise<T>): Promise<T | null> {
  const token = await currentApproval(what);
  if (!token) return null;
  try {
    return await call(token);
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('approval')) forgetDayClosing();
    throw error;
  }
}

/**
 * Reads the X report (asking for a manager's approval first where needed); null when cancelled.
 * @example const shown = await openDayReport(t('lock.approval.close_day'));
 */
export async function openDayReport(what: string): Promise<DayReport | null> {
  const { fetchDayReport } = await closingCalls();
  const read = await withApproval(what, (token) => fetchDayReport(settings().gatewayUrl, token));
  if (read) setReport(read);
  return read;
}

/** Counts a drawer, then reads the X report again (its cash-up shows the count). */
export async function countDayDrawer(what: string, count: CashCountInput) {
  const { countDrawer } = await closingCalls();
  const answer = await withApproval(what, (token) => countDrawer(settings().gatewayUrl, token, count));
  if (answer) await openDayReport(what);
  return answer;
}

/** Closes the day up to the X report shown; the Z answered is kept for showing its number. */
export async function closeTheDay(what: string): Promise<CloseDayAnswer | null> {
  const shown = report();
  if (!shown) return null;
  const { closeDay } = await closingCalls();
  const closed = await withApproval(what, (token) =>
    closeDay(settings().gatewayUrl, token, { upToSeq: shown.upToSeq }),
  );
  if (closed) {
    setLastZ(closed);
    setReport(null);
  }
  return closed;
}

/**
 * Prints this outlet's part of the X report now, or of the Z `zId`, at the outlet's receipt
 * printer (the server makes the slip from the ledger); answers the printer's name, null when the
 * approval was cancelled.
 * @example const printer = await printDayClosing(t('lock.approval.close_day'), closedDay()?.zId);
 */
export async function printDayClosing(what: string, zId?: number): Promise<string | null> {
  const job = await withApproval(what, (token) =>
    printDayReport(
      settings().gatewayUrl,
      { language: printLanguage(), ...(zId === undefined ? {} : { zId }) },
      token,
    ),
  );
  return job ? job.printerName : null;
}
