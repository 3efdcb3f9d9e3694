// The Z's confirmation step on the admin page (issue 30): what closing now would close (business
// day, records, gross), who closes it, and one "Yes, close the day" button. Signed in, the manager
// closes it; on the server machine or with the admin key (no person signed in), the page asks who.
import { html } from 'hono/html';
import type { DayReport } from '../../pms/closing-wire.ts';
import type { AdminWords } from './admin-words.ts';
import { money } from './closing-page.ts';

export interface CloseConfirmData {
  lang: string;
  report: DayReport;
  businessDay: string;
  /** The manager signed in, or null: the page asks for the closer's name. */
  closer: string | null;
}

/** The confirmation page between "Close the day" and the Z. */
export function closeConfirmPage(w: AdminWords, data: CloseConfirmData) {
  const eur = money(data.lang);
  const { report } = data;
  return html`<section id="close-confirm"><h2>${w.closeConfirmTitle.replace('{day}', data.businessDay)}</h2>
<p>${w.closeConfirmSummary
    .replace('{first}', String(report.afterSeq + 1))
    .replace('{last}', String(report.upToSeq))
    .replace('{gross}', eur(report.hotel.grossCents))}</p>
<p>${w.closeHint}</p>
<form method="post" action="/admin/day/close">
<input type="hidden" name="upToSeq" value="${report.upToSeq}">
<input type="hidden" name="businessDay" value="${data.businessDay}">
<input type="hidden" name="confirmed" value="yes">
${
  data.closer
    ? html`<p data-testid="closer">${w.closedBy}: ${data.closer}</p>`
    : html`<label>${w.closerName} <input name="closedBy" required maxlength="60" autocomplete="name"></label>`
}
<button class="danger">${w.closeConfirmButton}</button> <a href="/admin/day#close">${w.cancel}</a></form></section>`;
}
