// The fiscal admin screen's HTML: the fiscal country, the TSE set-up (with the PUK shown once), the
// data for the tax office's ELSTER notice, the outage journal, the export downloads and the till's
// decommissioning. Plain forms, every value escaped by hono/html, like admin-page.ts.
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import {
  DECOMMISSIONING_REASONS,
  type Decommissioning,
  type DecommissioningReason,
  type OutageRow,
} from '../fiscal/de/fiscal-store.ts';
import type { ElsterData } from '../fiscal/de/germany.ts';
import type { FiscalBusiness } from '../fiscal/fiscal-control.ts';
import type { FiscalCountry } from '../fiscal/fiscal-driver.ts';
import type { FiscalWords } from './fiscal-words.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface FiscalPageData {
  country: FiscalCountry;
  usesFiskaly: boolean;
  elster: ElsterData | undefined;
  outages: OutageRow[];
  waiting: number;
  refused: { saleId: string; recordedAt: string; reason: string }[];
  /** Shown once, right after the set-up. */
  puk?: string;
  problem?: string;
  /** A suggestion for the till serial. */
  suggestedSerial: string;
  today: string;
  business: FiscalBusiness;
  /** Austria's sections (at-fiscal-page.ts). */
  austria?: Html;
  /** The till's decommissioning, once made. */
  decommissioned?: Decommissioning | undefined;
}

const REASON_WORD: Record<DecommissioningReason, keyof FiscalWords> = {
  retired: 'reasonRetired',
  defect: 'reasonDefect',
  lost: 'reasonLost',
  stolen: 'reasonStolen',
  'business-closed': 'reasonBusinessClosed',
};

/** The decommissioning: its record once made, else (with a TSE set up) the form that makes it. */
function decommissionSection(w: FiscalWords, data: FiscalPageData): Html | '' {
  const ended = data.decommissioned;
  if (ended)
    return html`<section data-testid="decommissioned"><h2>${w.decommissionedTitle}</h2><p class="error">${w.decommissioned}</p><table>
<tr><th>${w.outOfServiceOn}</th><td data-testid="out-of-service-on">${ended.outOfServiceOn}</td></tr>
<tr><th>${w.decommissionReason}</th><td>${w[REASON_WORD[ended.reason]]}${ended.note ? ` (${ended.note})` : ''}</td></tr>
<tr><th>${w.lastSignatureCounter}</th><td>${ended.lastSignatureCounter ?? '-'}</td></tr>
<tr><th>${w.decommissionedBy}</th><td>${ended.decommissionedBy}</td></tr>
<tr><th>${w.decommissionedAt}</th><td>${ended.recordedAt}</td></tr></table><p class="muted">${w.decommissionHint}</p></section>`;
  if (!data.elster) return '';
  return html`<section><h2>${w.decommissionTitle}</h2><p class="muted">${w.decommissionHint}</p>
<form method="post" action="/admin/fiscal/decommission"><label>${w.outOfServiceOn} <input name="outOfServiceOn" type="date" required value="${data.today}"></label>
<label>${w.decommissionReason} <select name="reason" required>${DECOMMISSIONING_REASONS.map(
    (reason) => html`<option value="${reason}">${w[REASON_WORD[reason]]}</option>`,
  )}</select></label>
<label>${w.decommissionNote} <input name="note" maxlength="200"></label>
<label><input type="checkbox" name="confirm" value="yes" required> ${w.decommissionConfirm}</label>
<button>${w.decommission}</button></form></section>`;
}

export function fiscalPage(w: FiscalWords, data: FiscalPageData): Html {
  const option = (value: FiscalCountry, label: string) =>
    html`<option value="${value}" ${data.country === value ? 'selected' : ''}>${label}</option>`;
  const countryForm = html`<section><h1>${w.fiscalTitle}</h1>
${data.problem ? html`<p class="error" role="alert">${data.problem}</p>` : ''}
<form method="post" action="/admin/fiscal/country"><label>${w.country}
<select name="country">${option('none', w.countryNone)}${option('DE', w.countryDE)}${option('AT', w.countryAT)}</select></label>
<p class="muted">${w.countryHint}</p><button>${w.saveCountry}</button></form></section>`;
  if (data.country === 'AT' && data.austria)
    return html`${countryForm}${data.austria}<p><a href="/admin">${w.backToAdmin}</a></p>`;
  if (data.country !== 'DE') return html`${countryForm}<p><a href="/admin">${w.backToAdmin}</a></p>`;

  const puk = data.puk
    ? html`<section role="alert"><h2>${w.pukTitle}</h2><p class="code" data-testid="puk">${data.puk}</p><p>${w.pukHint}</p></section>`
    : '';
  const tse = html`<section><h2>${w.tseTitle}</h2><p class="${data.usesFiskaly ? 'muted' : 'error'}">${
    data.usesFiskaly ? w.tseFiskaly : w.tseTest
  }</p>${
    data.elster
      ? ''
      : html`<p class="error">${w.notSetUp}</p><form method="post" action="/admin/fiscal/setup">
<label>${w.tillSerial} <input name="tillSerial" required maxlength="70" value="${data.suggestedSerial}"></label>
<label>${w.startOfUse} <input name="startOfUse" type="date" value="${data.today}"></label>
<button>${w.setUp}</button></form>`
  }</section>`;
  const elster = data.elster
    ? html`<section><h2>${w.elsterTitle}</h2><p class="muted">${w.elsterHint}</p><table>
<tr><th>${w.tillSerial}</th><td data-testid="till-serial">${data.elster.tillSerial}</td></tr>
<tr><th>${w.tillSoftware}</th><td>${data.elster.tillSoftware}</td></tr>
<tr><th>${w.tseSerial}</th><td data-testid="tse-serial">${data.elster.tseSerial}</td></tr>
<tr><th>${w.tseType}</th><td data-testid="tse-type">${data.elster.tseType}</td></tr>
<tr><th>${w.startOfUse}</th><td data-testid="start-of-use">${data.elster.startOfUse}</td></tr>${
        data.elster.outOfServiceOn
          ? html`<tr><th>${w.outOfServiceOn}</th><td>${data.elster.outOfServiceOn}</td></tr>`
          : ''
      }</table>
<form method="post" action="/admin/fiscal/start-of-use"><label>${w.startOfUse}
<input name="startOfUse" type="date" required value="${data.elster.startOfUse}"></label><button>${w.saveStartOfUse}</button></form></section>`
    : '';
  const outageRows = data.outages.map(
    (outage) =>
      html`<tr><td>${outage.startedAt}</td><td>${outage.endedAt ?? w.stillOpen}</td><td>${outage.cause}</td><td>${outage.unsignedSales}</td></tr>`,
  );
  const outages = html`<section><h2>${w.outagesTitle}</h2>${
    data.outages.length === 0
      ? html`<p class="muted">${w.noOutages}</p>`
      : html`<table><tr><th>${w.started}</th><th>${w.ended}</th><th>${w.cause}</th><th>${w.unsignedSales}</th></tr>${outageRows}</table>`
  }<p>${w.waiting}: <strong data-testid="waiting">${data.waiting}</strong></p>
<form method="post" action="/admin/fiscal/recover"><button>${w.signLateNow}</button></form>${
    data.refused.length === 0
      ? ''
      : html`<h3>${w.refusedTitle}</h3><table><tr><th>${w.sale}</th><th>${w.started}</th><th>${w.cause}</th></tr>${data.refused.map(
          (sale) => html`<tr><td>${sale.saleId}</td><td>${sale.recordedAt}</td><td>${sale.reason}</td></tr>`,
        )}</table>`
  }</section>`;
  const b = data.business;
  const field = (name: keyof FiscalBusiness, label: string, value: string | undefined, required = true) =>
    html`<label>${label} <input name="${name}" value="${value ?? ''}" maxlength="100" ${required ? 'required' : ''}></label>`;
  const business = html`<section><h2>${w.businessTitle}</h2><form method="post" action="/admin/fiscal/business">
${field('name', w.businessName, b.name)}${field('street', w.street, b.street)}${field('postalCode', w.postalCode, b.postalCode)}
${field('city', w.city, b.city)}${field('country', w.businessCountry, b.country)}${field('taxNumber', w.taxNumber, b.taxNumber, false)}
${field('vatId', w.vatId, b.vatId, false)}<button>${w.saveBusiness}</button></form></section>`;
  const exports = data.elster
    ? html`<section><h2>${w.exportsTitle}</h2><form method="post" action="/admin/fiscal/tse-export.tar"><button>${w.tseExport}</button></form>
<form method="get" action="/admin/fiscal/dsfinvk.zip"><label>${w.fromZ} <input name="from" inputmode="numeric" pattern="[0-9]+" required></label>
<label>${w.toZ} <input name="to" inputmode="numeric" pattern="[0-9]+" required></label><button>${w.dsfinvkExport}</button></form></section>`
    : '';
  return html`${countryForm}${puk}${tse}${elster}${business}${outages}${exports}${decommissionSection(w, data)}<p><a href="/admin">${w.backToAdmin}</a></p>`;
}
