// The Austrian (RKSV) admin sections' HTML under /admin/fiscal: set-up (the AES key and its check
// value shown once), the register's state, reminders (48-hour outage report, Startbeleg and
// Jahresbeleg checks, quarterly backup), special receipts with their QR codes, outages, exports.
// Plain forms, every value escaped by hono/html.
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { renderSVG } from 'uqr';
import type { AustrianFiscal } from '../fiscal/at/austria.ts';
import { TITLES } from '../fiscal/at/receipt-lines.ts';
import { qrOfJws, rksvAmount } from '../fiscal/at/rksv-core.ts';
import type { AtFiscalWords } from './at-fiscal-words.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface AtPageExtra {
  /** Right after the set-up, once. */
  key?: { aesKey: string; checkValue: string };
  problem?: string;
  suggestedKassenId: string;
  business: { name: string; address: string; vatId?: string; taxNumber?: string };
  usesFiskaly: boolean;
}

export function atFiscalSections(w: AtFiscalWords, at: AustrianFiscal, extra: AtPageExtra): Html {
  const register = at.store.register();
  const problem = extra.problem ? html`<p class="error" role="alert">${w.problem} ${extra.problem}</p>` : '';
  const unit = html`<p class="${extra.usesFiskaly ? 'muted' : 'error'}" data-testid="rksv-unit">${extra.usesFiskaly ? w.fiskalyUnit : w.testUnit}</p>`;
  if (!register) {
    const b = extra.business;
    const fon = extra.usesFiskaly
      ? html`<label>${w.fonParticipant} <input name="fonParticipantId" required></label>
<label>${w.fonUser} <input name="fonUserId" required></label><label>${w.fonPin} <input name="fonPin" type="password" required></label>`
      : '';
    return html`<section><h2>${w.atTitle}</h2>${problem}${unit}<p class="error">${w.notSetUp}</p>
<form method="post" action="/admin/fiscal/at/setup">
<label>${w.kassenId} <input name="kassenId" required maxlength="50" value="${extra.suggestedKassenId}"></label>
<label>${w.businessName} <input name="businessName" required maxlength="100" value="${b.name}"></label>
<label>${w.businessAddress} <input name="businessAddress" required maxlength="200" value="${b.address}"></label>
<label>${w.vatId} <input name="vatId" maxlength="11" value="${b.vatId ?? ''}"></label>
<label>${w.taxNumber} <input name="taxNumber" maxlength="9" value="${b.taxNumber ?? ''}"></label>${fon}
<button>${w.setUp}</button></form></section>`;
  }
  const receipts = at.store.receipts();
  const last = receipts.at(-1);
  const closed = !!at.store.lastOf('closing');
  const key = extra.key
    ? html`<section role="alert"><h2>${w.keyTitle}</h2><table>
<tr><th>${w.aesKey}</th><td class="code" data-testid="aes-key">${extra.key.aesKey}</td></tr>
<tr><th>${w.checkValue}</th><td class="code" data-testid="check-value">${extra.key.checkValue}</td></tr></table><p>${w.keyHint}</p></section>`
    : '';
  const counter = [...receipts].reverse().find((r) => r.counterAfter !== null)?.counterAfter;
  const state = html`<section><h2>${w.stateTitle}</h2>${problem}${unit}<table>
<tr><th>Kassen-ID</th><td data-testid="kassen-id">${register.kassenId}</td></tr>
<tr><th>${w.mode}</th><td>${register.mode === 'fiskaly' ? 'fiskaly SIGN AT' : 'TEST (Hotel Till)'}</td></tr>
${register.mode === 'test-unit' ? html`<tr><th>${w.keyId}</th><td>${register.companyId}-${register.keyId} (R1-${register.zda})</td></tr>` : ''}
<tr><th>${w.setUpAt}</th><td>${register.setUpAt}</td></tr>
<tr><th>${w.receipts}</th><td data-testid="dep-count">${receipts.length}</td></tr>
<tr><th>${w.lastReceipt}</th><td>${last ? `${last.receiptNumber}, ${last.time}` : ''}</td></tr>
${counter === undefined || counter === null ? '' : html`<tr><th>${w.counter}</th><td>${rksvAmount(Number(counter))} EUR</td></tr>`}
</table>${closed ? html`<p class="error">${w.decommissioned}</p>` : ''}${
    at.store.lastOf('start')
      ? ''
      : html`<form method="post" action="/admin/fiscal/at/start"><button>${w.retryStart}</button></form>`
  }</section>`;

  const reminders = at.reminders().map((reminder) => {
    const [a, b, c] = reminder.text.split('|');
    switch (reminder.kind) {
      case 'outage-48h':
        return html`<li class="error" data-testid="outage-48h">${w.outage48h} Kassen-ID ${a}; ${w.started} ${b}; ${w.cause}: ${c}</li>`;
      case 'start-check':
        return html`<li>${w.startCheck} ${a}</li>`;
      case 'yearly-check':
        return html`<li class="${reminder.overdue ? 'error' : ''}">${w.yearlyCheck} ${a} (${b})</li>`;
      case 'yearly-missing':
        return html`<li>${w.yearlyMissing} ${a}</li>`;
      default:
        return html`<li data-testid="backup-reminder">${w.backup} ${a || w.never}</li>`;
    }
  });
  const todo = reminders.length
    ? html`<section><h2>${w.remindersTitle}</h2><ul>${reminders}</ul></section>`
    : '';

  const specials = receipts
    .filter((r) => r.purpose !== 'sale')
    .slice(-6)
    .reverse();
  const special = html`<section><h2>${w.specialTitle}</h2><p class="muted">${w.specialHint}</p>${
    closed
      ? ''
      : html`<form method="post" action="/admin/fiscal/at/zero"><button>${w.zero}</button></form>
<form method="post" action="/admin/fiscal/at/yearly"><button>${w.yearly}</button></form>
<form method="post" action="/admin/fiscal/at/decommission"><label><input type="checkbox" name="confirm" value="yes" required> ${w.decommissionConfirm}</label><button>${w.decommission}</button></form>`
  }<table><tr><th>${w.kind}</th><th>${w.receiptNumber}</th><th>${w.time}</th><th>${w.signed}</th><th>QR</th><th></th></tr>${specials.map(
    (r) =>
      html`<tr><td>${TITLES[r.purpose] ?? r.purpose}</td><td>${r.receiptNumber}</td><td>${r.time}</td><td>${r.signed ? w.yes : w.failed}</td><td>${
        r.jws
          ? html`<div class="qr" role="img" aria-label="${qrOfJws(r.jws)}">${raw(renderSVG(qrOfJws(r.jws)))}</div>`
          : ''
      }</td><td><form method="post" action="/admin/fiscal/at/print"><input type="hidden" name="receiptNumber" value="${r.receiptNumber}"><button>${w.printAgain}</button></form></td></tr>`,
  )}</table>
<h3>${w.checkTitle}</h3><form method="post" action="/admin/fiscal/at/check">
<label>${w.receiptNumber} <input name="receiptNumber" required maxlength="60"></label>
<label>${w.checkResult} <input name="result" required maxlength="200"></label><button>${w.logCheck}</button></form></section>`;

  const outages = at.store.outages();
  const outageSection = html`<section><h2>${w.outagesTitle}</h2>${
    outages.length === 0
      ? html`<p class="muted">${w.noOutages}</p>`
      : html`<table><tr><th>${w.started}</th><th>${w.ended}</th><th>${w.cause}</th><th>${w.failedReceipts}</th></tr>${outages.map(
          (o) =>
            html`<tr><td>${o.startedAt}</td><td>${o.endedAt ?? w.stillOpen}</td><td>${o.cause}</td><td>${o.failed}</td></tr>`,
        )}</table>`
  }<form method="post" action="/admin/fiscal/at/recover"><button>${w.tryNow}</button></form>${
    at.testUnit
      ? html`<form method="post" action="/admin/fiscal/at/test-unit"><input type="hidden" name="off" value="${at.testUnit.switchedOff() ? '0' : '1'}"><button>${at.testUnit.switchedOff() ? w.switchOn : w.switchOff}</button></form>`
      : ''
  }</section>`;
  const exports = html`<section><h2>${w.exportsTitle}</h2><p><a href="/admin/fiscal/at/dep7.json">${w.dep7}</a></p>${
    at.cryptoMaterial()
      ? html`<p><a href="/admin/fiscal/at/crypto-material.json">${w.cryptoMaterial}</a></p>`
      : ''
  }</section>`;
  return html`<section><h2>${w.atTitle}</h2></section>${key}${todo}${state}${special}${outageSection}${exports}`;
}
