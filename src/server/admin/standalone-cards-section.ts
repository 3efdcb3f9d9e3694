// The admin day and Z pages' "Card (stand-alone terminal)" section (issue 30): card payments taken on
// a terminal the till could not drive, each with the terminal receipt number staff typed, and their
// total, so the manager can match the stand-alone terminal's own end-of-day; a refund or void given
// back there is its own row, named so, with its negative amount and tip.
import { html } from 'hono/html';
import type { DayReport } from '../../pms/closing-wire.ts';
import { shortTime } from './admin-page.ts';
import { type AdminWords, wordOf } from './admin-words.ts';

export function standaloneCardsSection(w: AdminWords, eur: (cents: number) => string, report: DayReport) {
  const payments = report.standaloneCards ?? [];
  if (payments.length === 0) return html``;
  const rows = payments.map(
    (
      p,
    ) => html`<tr data-standalone="${p.receiptNumber}"><td>${shortTime(p.createdAt)}</td><td>${p.receiptNumber}</td>
<td>${p.reference}${p.kind === 'sale' ? '' : ` (${wordOf(w, `kind_${p.kind}`, p.kind)})`}</td><td class="n">${eur(p.amountCents)}</td><td class="n">${eur(p.tipCents)}</td><td>${p.deviceName}</td><td>${p.staffName ?? ''}</td></tr>`,
  );
  const total = payments.reduce((sum, p) => sum + p.amountCents + p.tipCents, 0);
  return html`<section id="standalone-cards"><h2>${w.standaloneCardsTitle}</h2><p class="muted">${w.standaloneCardsHint}</p>
<table><thead><tr><th>${w.when}</th><th>${w.standaloneReceipt}</th><th>${w.reference}</th><th class="n">${w.amount}</th><th class="n">${w.tips}</th><th>${w.device}</th><th>${w.staffMember}</th></tr></thead>
<tbody>${rows}</tbody><tfoot><tr><th colspan="3">${w.standaloneTotal}</th><td class="n" data-figure="standalone-total">${eur(total)}</td><td colspan="3"></td></tr></tfoot></table></section>`;
}
