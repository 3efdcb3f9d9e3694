// The admin page's day closing: the X report (the day so far) with a count form per drawer and the
// close form, a closed day's Z report, the list of closed days, and the outlets' settings form.
// Server-rendered like the rest of the admin page (no script; charts are inline SVG drawn with
// presentation attributes, which the strict CSP allows); forms are hidden when printed.
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import {
  type DayReport,
  type DayTotals,
  DENOMINATIONS_CENTS,
  type DrawerCashUp,
} from '../../pms/closing-wire.ts';
import type { OutletInfo } from '../hub/outlets.ts';
import type { ZClosingRow } from '../ledger/closing/day-closing.ts';
import { shortTime } from './admin-page.ts';
import { type AdminWords, wordOf } from './admin-words.ts';
import { refundsToBookSection } from './refunds-to-book.ts';
import { standaloneCardsSection } from './standalone-cards-section.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export const CLOSING_CSS = `
.figures{display:flex;flex-wrap:wrap;gap:8px 24px}.figures div{min-width:140px}.figures strong{display:block;font-size:24px}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.chart svg{width:100%;max-width:900px;height:auto}
section{overflow-x:auto}section:focus-visible{outline:2px solid #0f5f66}
.count input{width:72px;min-height:36px}.count label{display:inline-block;margin:4px 8px 4px 0}
.count input[name=countedBy],.count input[name=managerName],.count input[name=managerPassword],.count input[name=reason]{width:200px}
#drawers table{font-size:15px}#drawers th,#drawers td{padding:6px 5px}
details.float-fixes{margin:12px 0;border:1px solid #ddd;border-radius:8px;padding:0 12px}
details.float-fixes summary{min-height:44px;display:flex;align-items:center;cursor:pointer;font-weight:600;color:#0f5f66}
@media print{header,form,.noprint{display:none}section{box-shadow:none;margin:8px 0;padding:0}body{background:#fff;font-size:12px}}
`;

export const money = (lang: string) => {
  const format = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
  });
  return (cents: number) => format.format(cents / 100);
};

interface Ctx {
  w: AdminWords;
  eur: (cents: number) => string;
  /** Where this report's CSV files are, e.g. `/admin/day` or `/admin/z/3`. */
  base: string;
}

function table(ctx: Ctx, title: string, csv: string, head: Html[], rows: Html[]): Html {
  return html`<section><h2>${title} <a class="noprint" href="${ctx.base}/${csv}.csv" download>${ctx.w.csv}</a></h2>${
    rows.length === 0
      ? html`<p class="muted">${ctx.w.nothing}</p>`
      : html`<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`
  }</section>`;
}
const th = (text: string, numeric = false) => html`<th class="${numeric ? 'n' : ''}">${text}</th>`;

/**
 * A bar chart as SVG, named for screen readers: one bar per entry (at most 80 px wide, so one entry
 * is no bar over the whole width), labels under them on a base line, the largest bar full height.
 */
function barChart(
  name: string,
  entries: { label: string; cents: number }[],
  eur: (cents: number) => string,
): Html {
  const width = 900;
  const height = 220;
  const top = Math.max(1, ...entries.map((e) => Math.abs(e.cents)));
  const slot = width / Math.max(6, entries.length);
  const left = (width - slot * entries.length) / 2;
  const bars = entries.map((entry, index) => {
    const barHeight = Math.round((Math.abs(entry.cents) / top) * (height - 64));
    const barWidth = Math.max(2, Math.min(80, Math.round(slot * 0.7)));
    const middle = Math.round(left + index * slot + slot / 2);
    return html`<g><title>${entry.label}: ${eur(entry.cents)}</title>
<rect x="${middle - Math.round(barWidth / 2)}" y="${height - 30 - barHeight}" width="${barWidth}" height="${barHeight}" fill="${entry.cents < 0 ? '#9b2c2c' : '#0f5f66'}"></rect>
<text x="${middle}" y="${height - 36 - barHeight}" font-size="12" text-anchor="middle" fill="#555">${
      entry.cents === 0 ? '' : eur(entry.cents)
    }</text>
<text x="${middle}" y="${height - 12}" font-size="14" text-anchor="middle" fill="#1d1d1b">${entry.label}</text></g>`;
  });
  return html`<svg viewBox="0 0 ${width} ${height}" role="img" aria-label="${name}" xmlns="http://www.w3.org/2000/svg">${bars}<line x1="0" x2="${width}" y1="${height - 30}" y2="${height - 30}" stroke="#555" stroke-width="1"></line></svg>`;
}

/** An hour of the day as a chart's label: "05–06". */
const hourLabel = (hour: number) =>
  `${String(hour).padStart(2, '0')}–${String((hour + 1) % 24).padStart(2, '0')}`;

function totalsSections(ctx: Ctx, report: DayReport, totals: DayTotals): Html {
  const { w, eur } = ctx;
  const hours = Array.from({ length: 24 }, (_, hour) => ({
    label: hourLabel(hour),
    cents: totals.byHour.find((h) => h.hour === hour)?.grossCents ?? 0,
  }));
  const firstHour = hours.findIndex((h) => h.cents !== 0);
  const lastHour = hours.findLastIndex((h) => h.cents !== 0);
  const shownHours = firstHour < 0 ? [] : hours.slice(firstHour, lastHour + 1);
  const listed = (title: string, csv: string, rows: DayTotals['corrections']) =>
    table(
      ctx,
      title,
      csv,
      [
        th(w.when),
        th(w.kind),
        th(w.reference),
        th(w.refersTo),
        th(w.staffName),
        th(w.device),
        th(w.amount, true),
        th(w.reason),
        th(w.approvedBy),
      ],
      rows.map(
        (
          r,
        ) => html`<tr data-sale="${r.saleId}"><td>${shortTime(r.createdAt)}</td><td>${wordOf(w, `kind_${r.kind}`, r.kind)}</td>
<td>${r.reference}</td><td>${r.refersTo ?? ''}</td><td>${r.staffName ?? ''}</td><td>${r.deviceName}</td>
<td class="n">${eur(r.amountCents)}</td><td>${r.reason ?? ''}</td><td>${r.approvedBy ?? ''}</td></tr>`,
      ),
    );
  return html`<section><div class="figures">
<div>${w.records}<strong data-figure="records">${totals.records}</strong></div>
<div>${w.gross}<strong data-figure="gross">${eur(totals.grossCents)}</strong></div>
<div>${w.net}<strong data-figure="net">${eur(totals.netCents)}</strong></div>
<div>${w.vat}<strong data-figure="vat">${eur(totals.vatCents)}</strong></div>
<div>${w.tips}<strong data-figure="tips">${eur(totals.tipCents)}</strong></div>
<div>${w.discounts}<strong data-figure="discounts">${eur(totals.discountCents)}</strong></div></div></section>
<section class="chart" id="chart-hours"><h2>${w.hoursTitle} <a class="noprint" href="${ctx.base}/hours.csv" download>${w.csv}</a></h2>${
    shownHours.length === 0
      ? html`<p class="muted">${w.nothing}</p>`
      : barChart(w.hoursTitle, shownHours, eur)
  }</section>
<section class="chart" id="chart-outlets"><h2>${w.outletChartTitle}</h2>${barChart(
    w.outletChartTitle,
    report.outlets.map((o) => ({ label: o.name, cents: o.grossCents })),
    eur,
  )}</section>
${table(
  ctx,
  w.paymentsTitle,
  'payments',
  [th(w.kind), th(w.records, true), th(w.amount, true), th(w.tips, true)],
  totals.byPayment.map(
    (
      p,
    ) => html`<tr data-method="${p.method}"><td>${wordOf(w, `method_${p.method}`, p.method)}</td><td class="n">${p.records}</td>
<td class="n">${eur(p.amountCents)}</td><td class="n">${eur(p.tipCents)}</td></tr>`,
  ),
)}
${table(
  ctx,
  w.vatTitle,
  'vat',
  [th(w.rate), th(w.net, true), th(w.vat, true), th(w.gross, true)],
  totals.byVat.map(
    (
      v,
    ) => html`<tr data-vat="${v.vatRateBp ?? 'none'}"><td>${v.vatRateBp === null ? w.noRate : `${v.vatRateBp / 100} %`}</td>
<td class="n">${eur(v.netCents)}</td><td class="n">${eur(v.vatCents)}</td><td class="n">${eur(v.grossCents)}</td></tr>`,
  ),
)}
${table(
  ctx,
  w.outletsTitle,
  'outlets',
  [th(w.outlet), th('Z'), th(w.records, true), th(w.gross, true), th(w.net, true), th(w.vat, true)],
  report.outlets.map(
    (
      o,
    ) => html`<tr data-outlet="${o.outlet}"><td>${o.name}</td><td>${o.zNumber ?? ''}</td><td class="n">${o.records}</td>
<td class="n">${eur(o.grossCents)}</td><td class="n">${eur(o.netCents)}</td><td class="n">${eur(o.vatCents)}</td></tr>`,
  ),
)}
${table(
  ctx,
  w.groupsTitle,
  'groups',
  [th(w.name), th(w.quantity, true), th(w.gross, true)],
  totals.byGroup.map(
    (g) =>
      html`<tr><td>${g.groupName}</td><td class="n">${itemsText(g.quantity)}</td><td class="n">${eur(g.grossCents)}</td></tr>`,
  ),
)}
${table(
  ctx,
  w.staffTotalsTitle,
  'staff',
  [th(w.name), th(w.records, true), th(w.gross, true), th(w.tips, true)],
  totals.byStaff.map(
    (
      s,
    ) => html`<tr><td>${s.staffName ?? '–'}</td><td class="n">${s.records}</td><td class="n">${eur(s.grossCents)}</td>
<td class="n">${eur(s.tipCents)}</td></tr>`,
  ),
)}
${table(
  ctx,
  w.devicesTotalsTitle,
  'devices',
  [th(w.name), th(w.records, true), th(w.gross, true)],
  totals.byDevice.map(
    (d) =>
      html`<tr><td>${d.deviceName}</td><td class="n">${d.records}</td><td class="n">${eur(d.grossCents)}</td></tr>`,
  ),
)}
${table(
  ctx,
  w.roomsTitle,
  'rooms',
  [th(w.room), th(w.records, true), th(w.gross, true)],
  totals.roomCharges.map(
    (r) =>
      html`<tr><td>${r.room}</td><td class="n">${r.records}</td><td class="n">${eur(r.grossCents)}</td></tr>`,
  ),
)}
${listed(w.correctionsTitle, 'corrections', totals.corrections)}
${listed(w.discountsTitle, 'discounts', totals.discounts)}
${listed(w.openPricesTitle, 'open-prices', totals.openPrices ?? [])}
${totals === report.hotel && report.deviations ? listed(w.deviationsTitle, 'deviations', report.deviations) : ''}
${listed(w.lateChargesTitle, 'late-charges', totals.lateCharges)}`;
}

function drawerRows(
  ctx: Ctx,
  drawers: DrawerCashUp[],
  outlets: readonly OutletInfo[],
  countForms: boolean,
): Html {
  const { w, eur } = ctx;
  const nameOf = (id: string) => outlets.find((o) => o.id === id)?.name ?? id;
  const rows = drawers.map(
    (d) => html`<tr data-drawer="${d.outlet}/${d.drawer}"><td>${nameOf(d.outlet)}</td><td>${d.drawer}</td>
<td class="n" data-float="${d.floatCents}">${eur(d.floatCents)}</td><td class="n">${eur(d.cashSalesCents)}</td><td class="n">${eur(d.refundsCents)}</td>
<td class="n">${eur(d.expectedCents)}</td>${
      d.count
        ? html`<td class="n">${eur(d.count.countedCents)}</td><td class="n" data-difference="${d.count.differenceCents}">${eur(d.count.differenceCents)}</td>
<td>${d.count.countedBy}${d.count.approvedBy ? html` (${w.approvedBy}: ${d.count.approvedBy})` : ''}<br><span class="muted">${shortTime(d.count.countedAt)}${
            d.count.cashSinceCents !== 0 ? html` · ${w.cashSince}: ${eur(d.count.cashSinceCents)}` : ''
          }</span></td>`
        : html`<td colspan="3" class="muted">${w.notCounted}</td>`
    }</tr>${floatNote(ctx, d)}`,
  );
  const forms = countForms
    ? drawers.map(
        (
          d,
        ) => html`<form method="post" action="/admin/day/counts" class="count" data-count="${d.outlet}/${d.drawer}">
<h3>${nameOf(d.outlet)} · ${d.drawer}</h3><input type="hidden" name="outlet" value="${d.outlet}"><input type="hidden" name="drawer" value="${d.drawer}">
${DENOMINATIONS_CENTS.map(
  (cents) => html`<label>${eur(cents)} <input name="d${cents}" inputmode="numeric" pattern="[0-9]*"></label>`,
)}
<label>${w.countedBy} <input name="countedBy" maxlength="60"></label>
<label>${w.managerName} <input name="managerName" maxlength="60"></label>
<label>${w.managerPassword} <input name="managerPassword" type="password" autocomplete="off"></label>
<button>${w.countDrawer}</button></form>`,
      )
    : [];
  const floatForms = countForms
    ? drawers.map(
        (
          d,
        ) => html`<form method="post" action="/admin/day/floats" class="count" data-float-form="${d.outlet}/${d.drawer}">
<h3>${nameOf(d.outlet)} · ${d.drawer}</h3><input type="hidden" name="outlet" value="${d.outlet}"><input type="hidden" name="drawer" value="${d.drawer}">
<label>${w.float} <input name="float" inputmode="decimal" required></label>
<label>${w.floatReason} <input name="reason" maxlength="200" required></label>
<label>${w.floatManagerName} <input name="managerName" maxlength="60"></label>
<label>${w.managerPassword} <input name="managerPassword" type="password" autocomplete="off"></label>
<button>${w.floatCorrect}</button></form>`,
      )
    : [];
  return html`<section id="drawers"><h2>${w.drawersTitle} <a class="noprint" href="${ctx.base}/drawers.csv" download>${w.csv}</a></h2>
<table><thead><tr><th>${w.outlet}</th><th>${w.drawer}</th><th class="n">${w.float}</th><th class="n">${w.cashSales}</th><th class="n">${w.paidOut}</th>
<th class="n">${w.expected}</th><th class="n">${w.counted}</th><th class="n">${w.difference}</th><th>${w.countedBy}</th></tr></thead><tbody>${rows}</tbody></table>
${
  countForms
    ? html`<details class="noprint float-fixes"><summary>${w.floatCorrectTitle}</summary><p class="muted">${w.floatHint}</p>${floatForms}</details>
<p class="muted noprint">${w.countHint}</p>${forms}`
    : ''
}</section>`;
}

/** A row under a drawer whose float was corrected: who corrected it, when, what it was and why. */
function floatNote(ctx: Ctx, d: DrawerCashUp): Html | string {
  const fix = d.floatCorrection;
  if (!fix) return '';
  return html`<tr class="float-note" data-float-corrected="${d.outlet}/${d.drawer}"><td colspan="9" class="muted">${ctx.w.float}: ${ctx.eur(d.floatCents)}, ${ctx.w.floatCorrectedBy.toLowerCase()} ${fix.correctedBy}, ${shortTime(fix.correctedAt)} (${ctx.w.floatWas} ${ctx.eur(fix.previousCents)}): ${fix.reason}</td></tr>`;
}

function openSales(ctx: Ctx, report: DayReport, outlets: readonly OutletInfo[]): Html {
  const { w } = ctx;
  const nameOf = (id: string) => outlets.find((o) => o.id === id)?.name ?? id;
  return html`${table(
    ctx,
    w.pendingTitle,
    'pending',
    [th(w.device), th(w.outlet), th(w.pending, true), th(w.oldest), th(w.lastSeen)],
    report.pendingByDevice.map(
      (
        p,
      ) => html`<tr data-pending="${p.deviceId}"><td>${p.deviceName}</td><td>${nameOf(p.outlet)}</td><td class="n">${p.pending}</td>
<td>${shortTime(p.oldestCreatedAt)}</td><td>${p.lastSeenAt ? shortTime(p.lastSeenAt) : '–'}</td></tr>`,
    ),
  )}
${table(
  ctx,
  w.attentionTitle,
  'attention',
  [th(w.when), th(w.reference), th(w.device), th(w.outcome), th(w.note)],
  report.attention.map(
    (
      a,
    ) => html`<tr data-attention="${a.saleId}"><td>${shortTime(a.at)}</td><td>${a.reference}</td><td>${a.deviceName}</td>
<td>${a.outcome}</td><td>${a.message ?? ''}</td></tr>`,
  ),
)}`;
}

export interface DayPageData {
  lang: string;
  report: DayReport;
  outlets: OutletInfo[];
  closings: ZClosingRow[];
  /** Today's date, the close form's default business day. */
  today: string;
  problem?: string;
  /** Outlets with a receipt printer: a "Print" button each. */
  printOutlets?: OutletInfo[];
  /** What a print did ("sent to ..."). */
  said?: string;
}

/** The "Print" buttons: the X now (no zId) or the Z `zId`, at an outlet's receipt printer. */
function printForms(w: AdminWords, outlets: OutletInfo[] | undefined, zId?: number, said?: string): Html {
  if (!outlets || outlets.length === 0) return html``;
  const buttons = outlets.map(
    (
      outlet,
    ) => html`<form method="post" action="/admin/day/print" class="print-report" data-print="${outlet.id}">
<input type="hidden" name="outlet" value="${outlet.id}">${zId === undefined ? '' : html`<input type="hidden" name="zId" value="${zId}">`}
<button>${w.printReport} · ${outlet.name}</button></form>`,
  );
  return html`<section class="noprint" id="print-report"><h2>${w.printReportTitle}</h2>
${said ? html`<p role="status" data-testid="report-printed">${said}</p>` : ''}${buttons}</section>`;
}

/** The X report with the count and close forms, and the closed days. */
/** The card terminals' days: the ledger's card money (tips apart) beside each terminal's end-of-day. */
function cardTerminalRows(ctx: Ctx, report: DayReport): Html {
  const { w, eur } = ctx;
  if (!report.cardTerminals || report.cardTerminals.length === 0) return html``;
  const rows = report.cardTerminals.map(
    (t) => html`<tr data-terminal="${t.terminal}"><td>${t.terminal}</td><td class="n">${t.ledgerCount}</td>
<td class="n">${eur(t.ledgerAmountCents)}</td><td class="n">${eur(t.ledgerTipsCents)}</td>${
      t.endOfDay
        ? html`<td class="n">${eur(t.endOfDay.terminalTotalCents)}</td><td class="n">${eur(t.endOfDay.ledgerTotalCents)}</td>
<td class="n" data-figure="card-difference">${eur(t.endOfDay.differenceCents)}</td>`
        : html`<td colspan="3" class="muted">${w.cardNoEndOfDay}</td>`
    }</tr>`,
  );
  // Wider than a 768 px page (and in German at 1024): it scrolls sideways, so the keyboard can reach it (axe).
  return html`<section id="card-terminals" tabindex="0" aria-labelledby="card-terminals-title"><h2 id="card-terminals-title">${w.cardTerminalsTitle}</h2><table><thead><tr>${th(w.cardTerminal)}${th(
    w.cardLedgerPayments,
    true,
  )}${th(w.amount, true)}${th(w.tips, true)}${th(w.cardEndOfDay, true)}${th(w.cardLedgerAtEndOfDay, true)}${th(
    w.cardDifference,
    true,
  )}</tr></thead><tbody>${rows}</tbody></table></section>`;
}

export function dayPage(w: AdminWords, data: DayPageData): Html {
  const ctx: Ctx = { w, eur: money(data.lang), base: '/admin/day' };
  const { report } = data;
  const closed = data.closings.map(
    (
      z,
    ) => html`<tr data-z="${z.zNumber}"><td><a href="/admin/z/${z.zId}">Z ${z.zNumber}</a></td><td>${z.businessDay}</td>
<td>${shortTime(z.closedAt)}</td><td>${z.closedBy}</td><td class="n">${ctx.eur(z.grossCents)}</td></tr>`,
  );
  return html`<section><h1>${w.xTitle}</h1>
${data.problem ? html`<p class="error" role="alert">${w.error}: ${data.problem}</p>` : ''}
<p class="muted">${shortTime(report.generatedAt)} · seq ${report.afterSeq + 1}–${report.upToSeq}</p>
<p class="noprint"><a href="/admin">${w.back}</a></p></section>
${printForms(w, data.printOutlets, undefined, data.said)}
${totalsSections(ctx, report, report.hotel)}
${cardTerminalRows(ctx, report)}
${standaloneCardsSection(w, ctx.eur, report)}
${drawerRows(ctx, report.drawers, data.outlets, true)}
${openSales(ctx, report, data.outlets)}
${refundsToBookSection(w, ctx.eur, report, true)}
<section id="close" class="noprint"><h2>${w.closeTitle}</h2><p>${w.closeHint}</p>
<form method="get" action="/admin/day/close"><input type="hidden" name="upToSeq" value="${report.upToSeq}">
<label>${w.businessDay} <input name="businessDay" type="date" required value="${data.today}"></label>
<button class="danger">${w.closeDay}</button></form></section>
<section id="closed-days"><h2>${w.closedDays}</h2>${
    closed.length === 0
      ? html`<p class="muted">${w.noClosedDays}</p>`
      : html`<table><thead><tr><th>Z</th><th>${w.businessDay}</th><th>${w.closedAt}</th><th>${w.closedBy}</th><th class="n">${w.gross}</th></tr></thead><tbody>${closed}</tbody></table>`
  }</section>`;
}

/** A closed day as it was closed, printable. */
export function zPage(
  w: AdminWords,
  data: {
    lang: string;
    closing: ZClosingRow;
    report: DayReport;
    outlets: OutletInfo[];
    printOutlets?: OutletInfo[];
    said?: string;
  },
): Html {
  const ctx: Ctx = { w, eur: money(data.lang), base: `/admin/z/${data.closing.zId}` };
  return html`<section><h1>${w.zTitle} ${data.closing.zNumber} · ${w.businessDay} ${data.closing.businessDay}</h1>
<p>${w.closedAt}: ${shortTime(data.closing.closedAt)} · ${w.closedBy}: ${data.closing.closedBy} · seq ${data.closing.afterSeq + 1}–${data.closing.upToSeq}</p>
<p class="noprint"><a href="/admin/day">${w.back}</a></p></section>
${printForms(w, data.printOutlets, data.closing.zId, data.said)}
${totalsSections(ctx, data.report, data.report.hotel)}
${cardTerminalRows(ctx, data.report)}
${standaloneCardsSection(w, ctx.eur, data.report)}
${drawerRows(ctx, data.report.drawers, data.outlets, false)}
${openSales(ctx, data.report, data.outlets)}
${refundsToBookSection(w, ctx.eur, data.report, false)}`;
}

/** The outlets' settings on the dashboard: each outlet's name, drawers, cash limit and retention; a new one. */
export function outletsSection(w: AdminWords, outlets: OutletInfo[], lang: string): Html {
  const amount = (cents: number) => (cents / 100).toFixed(2).replace('.', lang === 'de' ? ',' : '.');
  const fields = (
    outlet?: OutletInfo,
  ) => html`<label>${w.outletName} <input name="name" required maxlength="60" value="${outlet?.name ?? ''}"></label>
<label>${w.drawers} <input name="drawers" required maxlength="400" value="${outlet?.drawers.join(', ') ?? ''}"></label>
<label>${w.cashLimit} <input name="cashDifferenceLimit" inputmode="decimal" required value="${amount(outlet?.cashDifferenceLimitCents ?? 500)}"></label>
<label>${w.retention} <input name="retentionDays" inputmode="numeric" required value="${outlet?.retentionDays ?? 30}"></label>`;
  return html`<section id="outlets"><h2>${w.outletsEditTitle}</h2>${outlets.map(
    (outlet) => html`<form method="post" action="/admin/outlets/${outlet.id}" data-outlet-form="${outlet.id}">
<h3>${outlet.name} <span class="muted">(${outlet.id})</span></h3>${fields(outlet)}<button>${w.save}</button></form>`,
  )}
<h3>${w.addOutlet}</h3><form method="post" action="/admin/outlets"><label>${w.outletId} <input name="id" required maxlength="40" pattern="[a-z][a-z0-9\\-]*"></label>
${fields()}<button>${w.addOutlet}</button></form>
<p><a href="/admin/day">${w.dayLink}</a></p></section>`;
}

/** A count of items: whole as it is, with three decimals where parts of an equal split sold shares of items. */
function itemsText(items: number): string {
  return Number.isInteger(items) ? String(items) : items.toFixed(3);
}
