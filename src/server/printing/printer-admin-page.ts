// The printer section's HTML on the admin page: printers needing attention (also on the
// dashboard), a form per printer with its test-print and remove buttons, the add form, the queue
// with give-up and print-again, and the demo printer's slips with its state switch. Plain forms, no
// script; every value escaped by hono/html.
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { hotelTime } from '../clock/hotel-clock.ts';
import { COLUMNS, PAPER_WIDTHS } from './document-types.ts';
import { PRINT_CODEPAGES } from './escpos-decoder.ts';
import { PRINTER_ADMIN_WORDS, PROBLEM_WORDS, type PrinterAdminWords } from './printer-admin-words.ts';
import type { DoubleState, PrinterDouble } from './printer-double.ts';
import type { Printer } from './printers.ts';
import type { Printing } from './printing.ts';
import { slipPicture } from './slip-picture.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;
export type Lang = 'en' | 'de';

export const DOUBLE_STATES: readonly DoubleState[] = ['ok', 'off', 'cover_open', 'paper_out'];

export interface PageExtras {
  problem?: string;
  /** What a refused "Add printer" form held, shown again in it (issue 33: it came back empty). */
  typed?: Record<string, unknown>;
  outcome?: { printer: string; text: string };
}

/** The printers section on the dashboard: printers needing attention, and the link. */
export function printerAttentionSection(lang: Lang, printing: Printing): Html {
  const w = PRINTER_ADMIN_WORDS[lang];
  const attention = printing.queue.attention();
  return html`<section id="printers"><h2>${w.printersTitle}</h2>${attentionList(lang, attention)}
<p><a href="/admin/printers">${w.printersLink}</a></p></section>`;
}

function attentionList(
  lang: Lang,
  attention: ReturnType<Printing['queue']['attention']>,
  level: 2 | 3 = 3,
): Html | string {
  if (attention.length === 0) return '';
  const w = PRINTER_ADMIN_WORDS[lang];
  const rows = attention.map(
    (
      item,
    ) => html`<li data-printer-attention="${item.problem}"><strong>${item.printerName}: ${PROBLEM_WORDS[lang][item.problem]}</strong>
${item.waiting > 0 ? html` · ${item.waiting} ${w.waiting}` : ''}${item.jobs.some((job) => job.state === 'unsure') ? html` · ${w.held}` : ''}</li>`,
  );
  const heading = level === 2 ? html`<h2>${w.attentionTitle}</h2>` : html`<h3>${w.attentionTitle}</h3>`;
  return html`<div class="attention" role="alert">${heading}<ul>${rows}</ul></div>`;
}

/** A printer's fields as the form shows them: a saved printer's, or what was typed into the add form. */
type FieldValues = Partial<Omit<Printer, 'port' | 'groups'>> & {
  port?: number | string;
  groups?: readonly unknown[];
};

/** What a refused add form held, as the form's fields show it. */
function typedValues(typed: Record<string, unknown>): FieldValues {
  const text = (key: string) => (typeof typed[key] === 'string' ? (typed[key] as string) : undefined);
  const role = text('role') === 'order' ? 'order' : 'receipt';
  const width = Number(text('widthMm'));
  return {
    role,
    ...(text('outlet') !== undefined ? { outlet: text('outlet') } : {}),
    ...(text('name') !== undefined ? { name: text('name') } : {}),
    ...(text('host') !== undefined ? { host: text('host') } : {}),
    ...(text('port') !== undefined ? { port: text('port') } : {}),
    ...(PAPER_WIDTHS.includes(width as (typeof PAPER_WIDTHS)[number])
      ? { widthMm: width as Printer['widthMm'] }
      : {}),
    ...(text('codepage') !== undefined ? { codepage: text('codepage') as Printer['codepage'] } : {}),
    ...(text('groups') !== undefined ? { groups: [text('groups')] } : {}),
  };
}

function printerFields(w: PrinterAdminWords, printer: FieldValues, ids: readonly string[]): Html {
  const outlets = ids.map(
    (outlet) =>
      html`<option value="${outlet}" ${printer.outlet === outlet ? 'selected' : ''}>${outlet}</option>`,
  );
  const widths = PAPER_WIDTHS.map(
    (width) =>
      html`<option value="${width}" ${(printer.widthMm ?? 80) === width ? 'selected' : ''}>${width} mm</option>`,
  );
  const codepages = PRINT_CODEPAGES.map(
    (codepage) =>
      html`<option value="${codepage}" ${(printer.codepage ?? 'cp858') === codepage ? 'selected' : ''}>${codepage}</option>`,
  );
  return html`<label>${w.outlet} <select name="outlet">${outlets}</select></label>
<label>${w.role} <select name="role"><option value="receipt" ${printer.role === 'order' ? '' : 'selected'}>${w.receipt}</option>
<option value="order" ${printer.role === 'order' ? 'selected' : ''}>${w.order}</option></select></label>
<label>${w.name} <input name="name" required maxlength="40" value="${printer.name ?? ''}"></label>
<label>${w.host} <input name="host" required maxlength="253" value="${printer.host ?? ''}" placeholder="192.168.1.50"></label>
<label>${w.port} <input name="port" required inputmode="numeric" value="${printer.port ?? 9100}"></label>
<label>${w.width} <select name="widthMm">${widths}</select></label>
<label>${w.codepage} <select name="codepage">${codepages}</select></label>
<label>${w.groups} <input name="groups" value="${(printer.groups ?? []).join(', ')}" placeholder="1, 4"></label>`;
}

export function printersPage(
  lang: Lang,
  options: { printing: Printing; printerDouble?: PrinterDouble },
  extra: PageExtras,
): Html {
  const w = PRINTER_ADMIN_WORDS[lang];
  const { printing } = options;
  const printers = printing.printers.list();
  const attention = printing.queue.attention();
  const problemOf = (id: string) => attention.find((item) => item.printerId === id)?.problem;
  const list = printers.map((printer) => {
    const problem = problemOf(printer.id);
    return html`<form method="post" action="/admin/printers/${printer.id}" data-printer="${printer.id}" class="printer">
<h2>${printer.name} <span class="muted">${printer.role === 'order' ? w.order : w.receipt}</span>
<span class="${problem ? 'error' : 'muted'}" data-testid="printer-state">${w.state}: ${problem ? PROBLEM_WORDS[lang][problem] : w.ok}</span></h2>
${printerFields(w, printer, printing.printers.outlets())}<button>${w.save}</button>
<button formaction="/admin/printers/${printer.id}/test" data-testid="test-print">${w.testPrint}</button>
<button class="danger" formaction="/admin/printers/${printer.id}/remove" formnovalidate>${w.remove}</button></form>`;
  });
  const jobs = printing.queue.recent(30).map((job) => {
    const printer = printers.find((p) => p.id === job.printerId);
    const actions =
      job.state === 'queued' || job.state === 'unsure'
        ? html`<form method="post" action="/admin/printers/jobs/${job.id}/give-up"><button class="danger">${w.giveUp}</button></form>${
            job.state === 'unsure'
              ? html`<form method="post" action="/admin/printers/jobs/${job.id}/print-again"><button>${w.printAgain}</button></form>`
              : ''
          }`
        : '';
    return html`<tr data-job="${job.id}" data-state="${job.state}"><td>${job.id}</td><td>${job.title}</td><td>${printer?.name ?? job.printerId}</td>
<td>${w[`job.${job.state}`]}${job.givenUpBy ? ` (${job.givenUpBy})` : ''}</td><td>${clockTime(job.createdAt)}</td><td>${job.printedAt ? clockTime(job.printedAt) : ''}</td><td>${actions}</td></tr>`;
  });
  const double = options.printerDouble;
  const doubleSection = double
    ? html`<section id="double"><h2>${w.doubleTitle}</h2>
<form method="post" action="/admin/printers/double/state"><label>${w.doubleState} <select name="state">${DOUBLE_STATES.map(
        (state) =>
          html`<option value="${state}" ${double.state() === state ? 'selected' : ''}>${state}</option>`,
      )}</select></label> <button>${w.setState}</button></form>
<div class="slips">${[...double.printed]
        .reverse()
        .slice(0, 12)
        .map((slip) => slipPicture(slip, COLUMNS[80]))}</div></section>`
    : '';
  return html`<section><h1>${w.printersTitle}</h1><p class="muted">${w.printersHint}</p>
${extra.problem ? html`<p class="error" role="alert">${w.notSaved}: ${extra.problem}</p>` : ''}
${extra.outcome ? html`<p role="status" data-testid="test-outcome"><strong>${extra.outcome.printer}:</strong> ${extra.outcome.text}</p>` : ''}
${attentionList(lang, attention, 2)}
${printers.length === 0 ? html`<p class="muted">${w.noPrinters}</p>` : list}
<h2>${w.addPrinter}</h2><form method="post" action="/admin/printers">${printerFields(w, extra.typed ? typedValues(extra.typed) : {}, printing.printers.outlets())}<button>${w.addPrinter}</button></form>
<p><a href="/admin">${w.back}</a></p></section>
<section id="jobs"><h2>${w.jobsTitle}</h2>${
    jobs.length === 0
      ? html`<p class="muted">${w.noJobs}</p>`
      : html`<table><thead><tr><th>#</th><th>${w.job}</th><th>${w.name}</th><th>${w.state}</th><th>${w.created}</th><th>${w.printedAt}</th><th><span class="vh">${w.actions}</span></th></tr></thead><tbody>${jobs}</tbody></table>`
  }</section>${doubleSection}`;
}

/** A job's time as the hotel reads it: the server's local time (its TZ is the hotel's), not UTC (issue 33). */
function clockTime(iso: string): string {
  return hotelTime(iso, true);
}
