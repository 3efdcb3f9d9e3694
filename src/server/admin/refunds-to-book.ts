// The admin day page's "To book in the PMS" section (issue 30): refunds whose credit note the PMS
// interface cannot make, each with the refunded sale's invoice, until a manager marks it booked
// (`POST /admin/day/refunds/booked`, closing-admin-routes.ts; audited as `refund_booked_in_pms`).
// The Z page lists what was still open when it closed, without the form.
import { html } from 'hono/html';
import type { DayReport } from '../../pms/closing-wire.ts';
import { shortTime } from './admin-page.ts';
import type { AdminWords } from './admin-words.ts';

export function refundsToBookSection(
  w: AdminWords,
  eur: (cents: number) => string,
  report: DayReport,
  withForms: boolean,
) {
  const refunds = report.refundsToBook ?? [];
  const rows = refunds.map(
    (r) => html`<tr data-refund="${r.saleId}"><td>${shortTime(r.createdAt)}</td><td>${r.reference}</td>
<td>${r.invoice ?? '–'}</td><td class="n">${eur(r.totalCents)}</td><td>${r.deviceName}</td><td>${r.staffName ?? ''}</td>${
      withForms
        ? html`<td class="noprint"><form method="post" action="/admin/day/refunds/booked"><input type="hidden" name="saleId" value="${r.saleId}"><button>${w.refundBooked}</button></form></td>`
        : ''
    }</tr>`,
  );
  return html`<section id="refunds-to-book"><h2>${w.refundsToBookTitle}</h2><p class="muted">${w.refundsToBookHint}</p>${
    rows.length === 0
      ? html`<p class="muted">${w.nothing}</p>`
      : html`<table><thead><tr><th>${w.when}</th><th>${w.reference}</th><th>${w.refundInvoice}</th><th class="n">${w.amount}</th><th>${w.device}</th><th>${w.staffMember}</th>${
          withForms ? html`<th class="noprint"></th>` : ''
        }</tr></thead><tbody>${rows}</tbody></table>`
  }</section>`;
}
