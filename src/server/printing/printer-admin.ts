// `/admin/printers`: the printer section of the admin page (mounted behind its sign-in, so only a
// manager or hotel IT gets here; admin-access.ts). Add, change and remove printers, print a test
// slip and see its outcome, see printers that need attention and the queue, give up or resend a
// held job; and, with the demo's printer double, what it printed and a switch for its state.
// Every change goes to the audit log with who made it.
import { type Context, Hono } from 'hono';
import type { HtmlEscapedString } from 'hono/utils/html';
import { ApiError } from '../../node-http/errors.ts';
import { DOUBLE_STATES, type Lang, type PageExtras, printersPage } from './printer-admin-page.ts';
import { PRINTER_ADMIN_WORDS, PROBLEM_WORDS } from './printer-admin-words.ts';
import type { DoubleState, PrinterDouble } from './printer-double.ts';
import type { AttemptOutcome } from './printer-session.ts';
import { type Printer, PrinterError } from './printers.ts';
import type { Printing } from './printing.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface PrinterAdminOptions {
  printing: Printing;
  /** The demo's printer double, shown with what it printed. */
  printerDouble?: PrinterDouble;
  /** The admin page's frame (admin-page.ts `page`) in `lang`. */
  frame: (c: Context, body: Html, status?: 200 | 400 | 404 | 409) => Response | Promise<Response>;
  /** Who is using the page, for the audit log. */
  actor: (c: Context) => { staffId: string | null; staffName: string };
  audit: (entry: {
    kind: string;
    staffId: string | null;
    staffName: string;
    subject?: string;
    note?: string;
  }) => void;
}

export function createPrinterAdminRoutes(options: PrinterAdminOptions): Hono {
  const { printing } = options;
  const routes = new Hono();
  const lang = (c: Context): Lang => (/^\s*de\b/i.test(c.req.header('accept-language') ?? '') ? 'de' : 'en');
  const show = (c: Context, extra: PageExtras = {}, status: 200 | 400 | 404 | 409 = 200) =>
    options.frame(c, printersPage(lang(c), options, extra), status);
  const change = async (c: Context, act: () => void, typed?: Record<string, unknown>) => {
    try {
      act();
      return c.redirect('/admin/printers', 303);
    } catch (error) {
      if (!(error instanceof PrinterError)) throw error;
      return show(
        c,
        { problem: `${error.field}: ${error.message}`, ...(typed ? { typed } : {}) },
        error.status,
      );
    }
  };
  const form = async (c: Context) => (await c.req.parseBody()) as Record<string, unknown>;

  routes.get('/', (c) => show(c));

  routes.post('/', async (c) => {
    const fields = await form(c);
    return change(
      c,
      () => {
        const printer = printing.printers.add(fields);
        options.audit({
          kind: 'printer_added',
          ...options.actor(c),
          subject: printer.id,
          note: describe(printer),
        });
      },
      fields,
    );
  });

  routes.post('/:id', async (c) => {
    const fields = await form(c);
    return change(c, () => {
      const printer = printing.printers.update(c.req.param('id'), fields);
      printing.queue.retryNow(printer.id);
      options.audit({
        kind: 'printer_changed',
        ...options.actor(c),
        subject: printer.id,
        note: describe(printer),
      });
    });
  });

  routes.post('/:id/remove', (c) => {
    const printer = printing.printers.get(c.req.param('id'));
    if (!printer) throw new ApiError(404, 'no such printer', 'id');
    // Its waiting and held jobs would be left with no printer: a person decides about them first.
    const open = [
      ...printing.queue.jobs({ printerId: printer.id, state: 'queued' }),
      ...printing.queue.jobs({ printerId: printer.id, state: 'unsure' }),
    ];
    if (open.length > 0) {
      return show(c, { problem: `${printer.name}: ${PRINTER_ADMIN_WORDS[lang(c)].removeWaiting}` }, 409);
    }
    printing.printers.remove(printer.id);
    options.audit({
      kind: 'printer_removed',
      ...options.actor(c),
      subject: printer.id,
      note: describe(printer),
    });
    return c.redirect('/admin/printers', 303);
  });

  routes.post('/:id/test', async (c) => {
    const printer = printing.printers.get(c.req.param('id'));
    if (!printer) throw new ApiError(404, 'no such printer', 'id');
    const outcome = await printing.queue.check(printer, {
      kind: 'test',
      printerName: printer.name,
      language: lang(c),
    });
    return show(c, { outcome: { printer: printer.name, text: outcomeText(lang(c), outcome) } });
  });

  routes.post('/jobs/:id/:action{give-up|print-again}', (c) => {
    const id = Number(c.req.param('id'));
    const job = Number.isInteger(id) ? printing.queue.job(id) : undefined;
    if (!job) throw new ApiError(404, 'no such print job', 'id');
    const giveUp = c.req.param('action') === 'give-up';
    const actor = options.actor(c);
    const done = giveUp ? printing.queue.giveUp(id, actor.staffName) : printing.queue.printAgain(id);
    if (!done) throw new ApiError(409, 'this job is not waiting or held', 'id', 'job_not_waiting');
    options.audit({
      kind: giveUp ? 'print_job_given_up' : 'print_job_sent_again',
      ...actor,
      subject: String(id),
      note: job.title,
    });
    return c.redirect('/admin/printers#jobs', 303);
  });

  routes.post('/double/state', async (c) => {
    const state = String((await form(c)).state ?? '') as DoubleState;
    if (!options.printerDouble) throw new ApiError(404, 'no demo printer runs here', 'state');
    if (!DOUBLE_STATES.includes(state)) throw new ApiError(400, 'choose a state', 'state');
    options.printerDouble.setState(state);
    return c.redirect('/admin/printers#double', 303);
  });

  return routes;
}

function describe(printer: Printer): string {
  return `${printer.name} (${printer.outlet}, ${printer.role}) ${printer.host}:${printer.port} ${printer.widthMm} mm ${printer.codepage}`;
}

function outcomeText(lang: Lang, outcome: AttemptOutcome): string {
  const w = PRINTER_ADMIN_WORDS[lang];
  if (outcome.kind === 'printed') return w.testPrinted;
  if (outcome.kind === 'not_ready') return `${w.testNotReady}: ${PROBLEM_WORDS[lang][outcome.before]}`;
  if (outcome.kind === 'unreachable') return `${w.testUnreachable} (${outcome.reason})`;
  return outcome.kind === 'unsure' ? `${w.testUnsure} (${outcome.reason})` : w.testUnsure;
}
