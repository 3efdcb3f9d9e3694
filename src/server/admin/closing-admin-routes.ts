// The admin page's day closing and outlets, mounted by admin-routes.ts behind its sign-in (a waiter
// cannot sign in): the X report, a drawer's count (over the outlet's limit a manager approves), the Z, a
// closed day (printable), CSV per table, and the outlets. Every change goes to the audit log.
// Routes: docs/ledger.md, "The Z report", "Where to see it".
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { ApiError } from '../../node-http/errors.ts';
import { type CashCountInput, CashCountSchema, CloseDaySchema } from '../../pms/closing-wire.ts';
import type { Hub } from '../hub/hub.ts';
import { OutletError } from '../hub/outlets.ts';
import { CSV_TABLES, type CsvTable, reportCsv } from '../ledger/closing/closing-csv.ts';
import { ClosingError, type CountApproval, localDate } from '../ledger/closing/day-closing.ts';
import type { LedgerPrinting } from '../printing/ledger-printing.ts';
import { LedgerPrintError } from '../printing/ledger-printing.ts';
import { NoPrinterError, type Printing } from '../printing/printing.ts';
import { parseMoneyField } from '../staff/money-field.ts';
import { StaffError } from '../staff/staff-registry.ts';
import { page } from './admin-page.ts';
import type { AdminWords } from './admin-words.ts';
import { closeConfirmPage } from './close-confirm-page.ts';
import { dayPage, zPage } from './closing-page.ts';

export interface ClosingAdminDeps {
  hub: Hub;
  words: (c: Context) => { lang: 'en' | 'de'; words: AdminWords };
  /** Who is using the page: the manager signed in, or how they got in. */
  actor: (c: Context) => { staffId: string | null; staffName: string };
  now?: () => Date;
  /** Where X and Z slips print (the outlets' receipt printers); no print buttons without. */
  reports?: { printing: Printing; fromLedger: LedgerPrinting };
}

const tableOf = (name: string | undefined): CsvTable => {
  const table = name?.replace(/\.csv$/, '') as CsvTable;
  if (!CSV_TABLES.includes(table)) throw new ApiError(404, 'no such table', 'table');
  return table;
};

function csvAnswer(c: Context, text: string, name: string) {
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', `attachment; filename="${name}.csv"`);
  return c.body(text);
}

/**
 * Who closes the day: the manager signed in; else (the server machine, the admin key) the name the
 * confirmation page asked for, with how they got in for the audit log; null when no name was given.
 */
function closer(
  actor: { staffId: string | null; staffName: string },
  named: unknown,
): { staffId: string | null; staffName: string; how?: string } | null {
  if (actor.staffId) return actor;
  const name =
    typeof named === 'string'
      ? named
          .replace(/\p{Cc}/gu, '')
          .trim()
          .slice(0, 60)
      : '';
  return name ? { staffId: null, staffName: name, how: actor.staffName } : null;
}

export function createClosingAdminRoutes({
  hub,
  words,
  actor,
  now = () => new Date(),
  reports,
}: ClosingAdminDeps): Hono {
  const routes = new Hono();
  /** The outlets whose receipt printer prints X and Z slips, for the pages' print buttons. */
  const printOutlets = () =>
    reports ? hub.outlets.list().filter((outlet) => reports.printing.printers.receiptPrinter(outlet.id)) : [];

  const showDay = (
    c: Context,
    problem?: string,
    status: 200 | 400 | 403 | 404 | 409 = 200,
    said?: string,
  ) => {
    const { lang, words: w } = words(c);
    const body = dayPage(w, {
      lang,
      report: hub.closing.xReport(),
      outlets: hub.outlets.list(),
      closings: hub.closing.closings(),
      today: localDate(now()),
      problem,
      printOutlets: printOutlets(),
      ...(said ? { said } : {}),
    });
    return c.html(page(lang, w, body, true), status);
  };
  /** Runs a change; a refusal shows the day page again with the reason, nothing changed. */
  const dayChange = async (c: Context, change: () => Promise<string> | string) => {
    try {
      return c.redirect(await change(), 303);
    } catch (error) {
      if (error instanceof ClosingError || error instanceof StaffError || error instanceof OutletError)
        return showDay(c, error.message, error.status);
      throw error;
    }
  };

  routes.get('/day', (c) => showDay(c));

  routes.get('/day/:table{[a-z-]+\\.csv}', (c) =>
    csvAnswer(
      c,
      reportCsv(hub.closing.xReport(), tableOf(c.req.param('table'))),
      `x-report-${c.req.param('table').slice(0, -4)}`,
    ),
  );

  routes.post('/day/counts', async (c) => {
    const form = await c.req.parseBody();
    return dayChange(c, async () => {
      const denominations: Record<string, number> = {};
      for (const [name, value] of Object.entries(form)) {
        const cents = /^d(\d+)$/.exec(name)?.[1];
        const text = typeof value === 'string' ? value.trim() : '';
        if (cents && text !== '') denominations[cents] = Number(text);
      }
      const parsed = v.safeParse(CashCountSchema, {
        outlet: form.outlet,
        drawer: form.drawer,
        denominations,
        ...(typeof form.countedBy === 'string' && form.countedBy.trim()
          ? { countedBy: form.countedBy.trim() }
          : {}),
      });
      if (!parsed.success) {
        const issue = parsed.issues[0];
        throw new ClosingError(
          400,
          'count_invalid',
          `${v.getDotPath(issue) ?? 'count'}: ${issue.message}`,
          'count',
        );
      }
      const who = actor(c);
      const approval = await managerApproval(hub, who, form.managerName, form.managerPassword);
      const drawer = hub.closing.countDrawer(parsed.output as CashCountInput, who, approval);
      hub.audit.append({
        kind: 'cash_counted',
        ...who,
        staffName: parsed.output.countedBy ?? who.staffName,
        approvedBy: drawer.count?.approvedBy ?? null,
        subject: `${drawer.outlet}/${drawer.drawer}`,
        amountCents: drawer.count?.differenceCents ?? null,
        note: 'admin page',
      });
      return '/admin/day#drawers';
    });
  });

  // A drawer's opening float corrected by a manager: a new row, the tablet's record kept (float-corrections.ts).
  routes.post('/day/floats', async (c) => {
    const form = await c.req.parseBody();
    return dayChange(c, async () => {
      const floatCents = parseMoneyField(form.float, 'float');
      const reason = typeof form.reason === 'string' ? form.reason.replace(/\p{Cc}/gu, ' ').trim() : '';
      if (reason === '' || reason.length > 200)
        throw new ClosingError(
          400,
          'reason_required',
          'say why the float is corrected (1 to 200 characters)',
          'reason',
        );
      const manager = await managerApproval(hub, actor(c), form.managerName, form.managerPassword);
      if (!manager)
        throw new ClosingError(
          403,
          'manager_required',
          'a manager corrects the float: sign in as one, or give a manager’s name and admin password',
          'managerPassword',
        );
      const who = { staffId: manager.managerId, staffName: manager.managerName };
      const drawer = hub.closing.correctFloat(
        { outlet: String(form.outlet ?? ''), drawer: String(form.drawer ?? ''), floatCents, reason },
        who,
      );
      hub.audit.append({
        kind: 'float_corrected',
        ...who,
        subject: `${drawer.outlet}/${drawer.drawer}`,
        amountCents: floatCents,
        note: `was ${drawer.floatCorrection?.previousCents ?? 0} cents: ${reason}; admin page`,
      });
      return '/admin/day#drawers';
    });
  });

  // A refund's credit note booked in the PMS by hand: a signed-in manager marks it (refunds-to-book.ts).
  routes.post('/day/refunds/booked', async (c) => {
    const form = await c.req.parseBody();
    return dayChange(c, () => {
      const who = actor(c);
      if (!who.staffId)
        throw new ClosingError(
          403,
          'manager_required',
          'sign in as a manager to mark a refund booked',
          'saleId',
        );
      const saleId = typeof form.saleId === 'string' ? form.saleId : '';
      hub.closing.markRefundBooked(saleId, who);
      hub.audit.append({
        kind: 'refund_booked_in_pms',
        ...who,
        subject: saleId,
        note: 'credit note booked in the PMS by hand; admin page',
      });
      return '/admin/day#refunds-to-book';
    });
  });

  /** The close form's fields, checked; a ClosingError naming the field otherwise. */
  const closeFields = (form: Record<string, unknown>) => {
    const parsed = v.safeParse(CloseDaySchema, {
      upToSeq: Number(form.upToSeq),
      ...(typeof form.businessDay === 'string' && form.businessDay ? { businessDay: form.businessDay } : {}),
    });
    if (parsed.success) return parsed.output;
    const issue = parsed.issues[0];
    const field = v.getDotPath(issue) ?? 'upToSeq';
    throw new ClosingError(400, 'close_invalid', `${field}: ${issue.message}`, field);
  };

  // "Close the day" leads here first (a GET: nothing changes): what the Z would take, who closes it.
  routes.get('/day/close', (c) => {
    const { lang, words: w } = words(c);
    try {
      const fields = closeFields(c.req.query());
      const who = actor(c);
      const body = closeConfirmPage(w, {
        lang,
        report: hub.closing.xReport(),
        businessDay: fields.businessDay ?? localDate(now()),
        closer: who.staffId ? who.staffName : null,
      });
      return c.html(page(lang, w, body, true));
    } catch (error) {
      if (error instanceof ClosingError) return showDay(c, error.message, error.status);
      throw error;
    }
  });

  routes.post('/day/close', async (c) => {
    const form = await c.req.parseBody();
    const { words: w } = words(c);
    return dayChange(c, () => {
      const fields = closeFields(form);
      if (form.confirmed !== 'yes')
        throw new ClosingError(400, 'confirm_required', w.confirmMissing, 'confirmed');
      const who = closer(actor(c), form.closedBy);
      if (!who) throw new ClosingError(400, 'closer_required', w.closerMissing, 'closedBy');
      const closed = hub.closing.closeDay(fields, { staffId: who.staffId, staffName: who.staffName });
      hub.audit.append({
        kind: 'day_closed',
        staffId: who.staffId,
        staffName: who.staffName,
        subject: `Z ${closed.zNumber}`,
        amountCents: closed.report.hotel.grossCents,
        note: `up to seq ${closed.report.upToSeq}; admin page${who.how ? ` (${who.how})` : ''}`,
      });
      return `/admin/z/${closed.zId}`;
    });
  });

  const closedOf = (c: Context) => {
    const closed = hub.closing.closed(Number(c.req.param('zId')));
    if (!closed) throw new ApiError(404, 'no such Z', 'zId');
    return closed;
  };

  routes.get('/z/:zId{[0-9]+}', (c) => {
    const { lang, words: w } = words(c);
    const closed = closedOf(c);
    const printed = c.req.query('printed');
    const body = zPage(w, {
      lang,
      ...closed,
      outlets: hub.outlets.list(),
      printOutlets: printOutlets(),
      ...(printed ? { said: w.reportPrinted.replace('{printer}', printed) } : {}),
    });
    return c.html(page(lang, w, body, true));
  });

  routes.get('/z/:zId{[0-9]+}/:table{[a-z-]+\\.csv}', (c) => {
    const closed = closedOf(c);
    return csvAnswer(
      c,
      reportCsv(closed.report, tableOf(c.req.param('table'))),
      `z-${closed.closing.zNumber}-${c.req.param('table').slice(0, -4)}`,
    );
  });

  // A manager's "Print" on the day page (the X now) or a closed day (its Z): the outlet's part of
  // the ledger's report, at that outlet's receipt printer; a Z once per outlet.
  routes.post('/day/print', async (c) => {
    const form = await c.req.parseBody();
    const { lang, words: w } = words(c);
    const outlet = hub.outlets.get(String(form.outlet ?? ''));
    const zText = typeof form.zId === 'string' ? form.zId : '';
    const zId = zText === '' ? undefined : Number(zText);
    if (!outlet) return showDay(c, `outlet: ${w.reportNoPrinter}`, 400);
    if (zId !== undefined && !Number.isSafeInteger(zId)) return showDay(c, 'zId: not a Z', 400);
    if (!reports) return showDay(c, `outlet: ${w.reportNoPrinter}`, 409);
    try {
      const job = reports.fromLedger.report(outlet.id, actor(c).staffName, lang, zId);
      if (zId !== undefined)
        return c.redirect(`/admin/z/${zId}?printed=${encodeURIComponent(job.printerName)}`, 303);
      return showDay(c, undefined, 200, w.reportPrinted.replace('{printer}', job.printerName));
    } catch (error) {
      if (error instanceof NoPrinterError) return showDay(c, `outlet: ${w.reportNoPrinter}`, 409);
      if (error instanceof LedgerPrintError) return showDay(c, error.message, 404);
      throw error;
    }
  });

  /** An outlet's fields from its form. */
  const outletFields = (form: Record<string, unknown>) => ({
    name: form.name,
    drawers: form.drawers,
    cashDifferenceLimitCents: parseMoneyField(form.cashDifferenceLimit, 'cashDifferenceLimit'),
    retentionDays: Number(form.retentionDays),
  });

  routes.post('/outlets', async (c) => {
    const form = await c.req.parseBody();
    return dayChange(c, () => {
      const outlet = hub.outlets.add({ id: form.id, ...outletFields(form) });
      hub.audit.append({
        kind: 'outlet_added',
        ...actor(c),
        subject: outlet.id,
        note: JSON.stringify(outlet),
      });
      return '/admin#outlets';
    });
  });

  routes.post('/outlets/:id', async (c) => {
    const form = await c.req.parseBody();
    return dayChange(c, () => {
      const outlet = hub.outlets.update(c.req.param('id'), outletFields(form));
      hub.audit.append({
        kind: 'outlet_changed',
        ...actor(c),
        subject: outlet.id,
        note: JSON.stringify(outlet),
      });
      return '/admin#outlets';
    });
  });

  return routes;
}

/**
 * The manager who approves a count on the admin page: the one signed in, else the manager whose
 * name and admin password the form carries (never a PIN: a tablet's copy can give a PIN up,
 * docs/security.md); null when neither (the count then passes only within the limit).
 * @throws StaffError 403 when a name and password were given but are not an enabled manager's
 */
async function managerApproval(
  hub: Hub,
  who: { staffId: string | null; staffName: string },
  name: unknown,
  password: unknown,
): Promise<CountApproval | null> {
  const signedIn = who.staffId ? hub.staff.member(who.staffId) : undefined;
  if (signedIn?.role === 'manager' && !signedIn.disabledAt)
    return { managerId: signedIn.id, managerName: signedIn.name, approvalId: null };
  if (typeof name !== 'string' || !name.trim()) return null;
  const manager = await hub.staff.signInWithPassword(name, password);
  if (manager?.role !== 'manager')
    throw new StaffError(
      403,
      'approval_not_manager',
      'that name and password are not an active manager’s',
      'managerPassword',
    );
  return { managerId: manager.id, managerName: manager.name, approvalId: null };
}
