// The admin page's HTML: sign-in (admin key or a manager's name and admin password), pairing codes (8
// characters and a QR code of the tablet's pairing address), the device list with revoke buttons,
// staff and outlet rules, failed PINs, the audit log, and the gateway's state. Plain server-rendered
// forms (no script), every value escaped by hono/html; its stylesheet is served beside it, so the
// page works under the server's strict Content-Security-Policy.
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { renderSVG } from 'uqr';
import type { OutletPolicy } from '../../pms/staff-calls.ts';
import type { CommodityGroup } from '../catalogue/index.ts';
import { hotelDateTime, hotelTime, knownTimeZones } from '../clock/hotel-clock.ts';
import type { GatewayStatus } from '../gateway/gateway.ts';
import type { Device } from '../hub/hub.ts';
import type { OutletInfo } from '../hub/outlets.ts';
import { displayCode } from '../hub/pairing-codes.ts';
import type { ReceiptHeader, ReceiptHeaderScope } from '../hub/receipt-header.ts';
import type { AuditFilter, AuditRow } from '../staff/audit-log.ts';
import type { StaffMember } from '../staff/staff-registry.ts';
import type { AdminWords } from './admin-words.ts';
import { limitsForm } from './limits-form.ts';
import { outletGroupsFields } from './outlet-groups-form.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export const ADMIN_CSS = `
body{font:18px/1.45 system-ui,sans-serif;margin:0;background:#f5f3ef;color:#1d1d1b}
header{background:#0f5f66;color:#fff;padding:14px 24px;display:flex;justify-content:space-between;align-items:center}
main{max-width:960px;margin:0 auto;padding:16px 24px}
section{background:#fff;border-radius:10px;padding:16px 20px;margin:16px 0;box-shadow:0 1px 3px #0002}
label{display:block;margin:8px 0}
input,select{font:inherit;padding:8px;min-height:44px;box-sizing:border-box}
button{font:inherit;min-height:48px;padding:8px 18px;border-radius:8px;border:0;background:#0f5f66;color:#fff;cursor:pointer}
button.danger{background:#9b2c2c}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:8px;border-bottom:1px solid #ddd}
.code{font:700 48px/1.2 ui-monospace,monospace;letter-spacing:4px}
.qr svg{width:240px;height:240px}
.error{color:#9b2c2c;font-weight:600}
.muted{color:#555}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.attention{border-left:6px solid #c2410c;padding:4px 12px;background:#fff4ed}
form.printer{border-top:1px solid #ddd;padding-top:8px}
`;

export function page(lang: string, words: AdminWords, body: Html, signedIn: boolean): Html {
  return html`<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${words.title}</title><link rel="stylesheet" href="/admin/admin.css"></head>
<body><header><strong>${words.title}</strong>${
    signedIn ? html`<form method="post" action="/admin/logout"><button>${words.signOut}</button></form>` : ''
  }</header><main>${body}</main></body></html>`;
}

export type SignInProblem = 'wrongKey' | 'wrongPassword' | 'tooManyTries' | null;

export function signInForm(words: AdminWords, problem: SignInProblem): Html {
  return html`<section><h1>${words.signInTitle}</h1><p class="muted">${words.signInHint}</p>
${problem ? html`<p class="error" role="alert">${words[problem]}</p>` : ''}
<form method="post" action="/admin/login"><label>${words.adminKey}
<input name="key" type="password" autocomplete="current-password" required></label>
<button>${words.signIn}</button></form>
<h2>${words.orManager}</h2><p class="muted">${words.managerPasswordHint}</p>
<form method="post" action="/admin/login"><label>${words.staffName} <input name="name" required maxlength="60"></label>
<label>${words.adminPassword} <input name="password" type="password" minlength="12" maxlength="200" required autocomplete="current-password"></label>
<button>${words.signIn}</button></form></section>`;
}

export interface StaffPageData {
  staff: StaffMember[];
  policies: OutletPolicy[];
  outlets: OutletInfo[];
  failedPins: { deviceName: string | null; deviceId: string | null; count: number }[];
  hasManager: boolean;
  /** A refusal of the last staff form, shown above it. */
  problem?: string;
  /** The hotel's commodity groups (the PMS catalogue's), to choose an outlet's by name; none when unknown. */
  groups: CommodityGroup[];
}

export function staffSections(words: AdminWords, data: StaffPageData): Html {
  const rows = data.staff.map(
    (member) => html`<tr data-staff="${member.id}"><td>${member.name}</td><td>${words[member.role]}</td>
<td>${member.disabledAt ? words.disabled : words.active}</td>
<td><form method="post" action="/admin/staff/${member.id}/${member.disabledAt ? 'enable' : 'disable'}">
<button class="${member.disabledAt ? '' : 'danger'}">${member.disabledAt ? words.enable : words.disable}</button></form></td>
<td><form method="post" action="/admin/staff/${member.id}/pin"><label>${words.newPin}
<input name="pin" type="password" inputmode="numeric" pattern="[0-9]{4,6}" required autocomplete="new-password"></label>
<button>${words.resetPin}</button></form></td>
<td>${
      member.role === 'manager'
        ? html`<form method="post" action="/admin/staff/${member.id}/password"><label>${member.hasAdminPassword ? words.passwordSet : words.noPassword}
<input name="password" type="password" minlength="12" maxlength="200" required autocomplete="new-password"></label>
<button>${words.setPassword}</button></form>`
        : ''
    }</td></tr>`,
  );
  const policies = data.policies.map(
    (
      policy,
    ) => html`<form method="post" action="/admin/policies/${policy.outlet}" data-outlet="${policy.outlet}">
<h3>${outletName(data.outlets, policy.outlet)}</h3>
<label>${words.openPriceLimit} <input name="openPriceLimit" inputmode="decimal" required value="${(policy.openPriceLimitCents / 100).toFixed(2)}"></label>
<label>${words.discountLimit} <input name="discountLimitPercent" inputmode="decimal" required value="${policy.discountLimitPercent}"></label>
<label>${words.idleLock} <input name="idleLockMinutes" inputmode="numeric" required value="${policy.idleLockMinutes}"></label>
<label><input type="checkbox" name="lockAfterSale" value="1" ${policy.lockAfterSale ? 'checked' : ''}> ${words.lockAfterSale}</label>
<label>${words.quickReasons} <textarea name="quickReasons" rows="3">${(policy.quickReasons ?? []).join('\n')}</textarea></label>
${outletGroupsFields(words, policy, data.groups)}
<button>${words.save}</button></form>${policy.limits ? limitsForm(words, policy.outlet, policy.limits) : ''}`,
  );
  const failed = data.failedPins.map(
    (entry) => html`<tr><td>${entry.deviceName ?? entry.deviceId ?? '–'}</td><td>${entry.count}</td></tr>`,
  );
  return html`<section id="staff"><h2>${words.staffTitle}</h2>
${data.hasManager ? '' : html`<p class="error" role="status">${words.firstManager}</p>`}
${data.problem ? html`<p class="error" role="alert">${words.error}: ${data.problem}</p>` : ''}
${
  data.staff.length === 0
    ? html`<p class="muted">${words.noStaff}</p>`
    : html`<table><thead><tr><th>${words.name}</th><th>${words.role}</th><th>${words.status}</th><th>${words.enable} / ${words.disable}</th><th>${words.resetPin}</th></tr></thead>
<tbody>${rows}</tbody></table>`
}
<h3>${words.addStaff}</h3>
<form method="post" action="/admin/staff"><label>${words.staffName} <input name="name" required maxlength="60"></label>
<label>${words.role} <select name="role"><option value="waiter" ${data.hasManager ? 'selected' : ''}>${words.waiter}</option>
<option value="manager" ${data.hasManager ? '' : 'selected'}>${words.manager}</option></select></label>
<label>${words.pin} <input name="pin" type="password" inputmode="numeric" pattern="[0-9]{4,6}" required autocomplete="new-password"></label>
<button>${words.addStaff}</button></form></section>
<section id="policies"><h2>${words.policyTitle}</h2>${policies}</section>
<section id="failed-pins"><h2>${words.failedPinsTitle}</h2>${
    data.failedPins.length === 0
      ? html`<p class="muted">${words.noFailedPins}</p>`
      : html`<table><thead><tr><th>${words.device}</th><th>#</th></tr></thead><tbody>${failed}</tbody></table>`
  }<p><a href="/admin/audit">${words.auditLink}</a></p></section>`;
}

export function auditPage(
  words: AdminWords,
  rows: AuditRow[],
  filter: AuditFilter,
  kinds: readonly string[],
): Html {
  const query = new URLSearchParams(
    Object.entries(filter).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  ).toString();
  const kindOptions = kinds.map(
    (kind) => html`<option value="${kind}" ${filter.kind === kind ? 'selected' : ''}>${kind}</option>`,
  );
  const lines = rows.map(
    (
      row,
    ) => html`<tr data-audit="${row.kind}"><td>${shortTime(row.at)}</td><td>${row.kind}</td><td>${row.staffName ?? ''}</td>
<td>${row.deviceName ?? ''}</td><td>${row.approvedBy ?? ''}</td><td>${row.subject ?? ''}</td>
<td>${row.amountCents === null ? '' : (row.amountCents / 100).toFixed(2)}</td><td>${row.note ?? ''}</td></tr>`,
  );
  return html`<section><h1>${words.auditTitle}</h1>
<form method="get" action="/admin/audit"><label>${words.kind} <select name="kind"><option value="">${words.all}</option>${kindOptions}</select></label>
<label>${words.staffName} <input name="staff" value="${filter.staff ?? ''}"></label>
<label>${words.device} <input name="device" value="${filter.device ?? ''}"></label>
<label>${words.from} <input name="from" type="date" value="${filter.from ?? ''}"></label>
<label>${words.to} <input name="to" type="date" value="${filter.to ?? ''}"></label>
<button>${words.filter}</button></form>
<p><a href="/admin/audit.csv${query ? `?${query}` : ''}" download>${words.exportCsv}</a> · <a href="/admin">${words.back}</a></p>
${
  rows.length === 0
    ? html`<p class="muted">${words.noAudit}</p>`
    : html`<table><thead><tr><th>${words.when}</th><th>${words.kind}</th><th>${words.staffName}</th><th>${words.device}</th>
<th>${words.approvedBy}</th><th>${words.subject}</th><th>${words.amount}</th><th>${words.note}</th></tr></thead><tbody>${lines}</tbody></table>`
}</section>`;
}

export function dashboard(
  words: AdminWords,
  devices: Device[],
  gateway: GatewayStatus,
  outlets: OutletInfo[],
): Html {
  const outletOptions = outlets.map((outlet) => html`<option value="${outlet.id}">${outlet.name}</option>`);
  const rows = devices.map(
    (
      device,
    ) => html`<tr data-device="${device.id}"><td>${device.name}${device.role === 'kitchen' ? html` <span class="muted">(${words.roleKitchen})</span>` : ''}</td><td>${outletName(outlets, device.outlet)}</td>
<td>${shortTime(device.pairedAt)}</td><td>${device.lastSeenAt ? shortTime(device.lastSeenAt) : '–'}
${device.lastSeenAddress ? html` <span class="muted">(${device.lastSeenAddress})</span>` : ''}</td>
<td>${device.revokedAt ? `${words.revoked} ${shortTime(device.revokedAt)}` : words.active}</td>
<td>${
      device.revokedAt
        ? ''
        : html`<form method="post" action="/admin/devices/${device.id}/revoke"><button class="danger">${words.revoke}</button></form>`
    }</td></tr>`,
  );
  return html`<section><h1>${words.pairTitle}</h1>
<form method="post" action="/admin/pairing-codes"><label>${words.outlet}
<select name="outlet">${outletOptions}</select></label>
<label>${words.deviceName} <input name="name" maxlength="60" placeholder="${words.bar} 1"></label>
<label>${words.deviceRole} <select name="role"><option value="till" selected>${words.roleTill}</option>
<option value="kitchen">${words.roleKitchen}</option></select></label>
<button>${words.createCode}</button></form></section>
<section><h2>${words.devicesTitle}</h2>${
    devices.length === 0
      ? html`<p class="muted">${words.noDevices}</p>`
      : html`<table><thead><tr><th>${words.name}</th><th>${words.outlet}</th><th>${words.paired}</th>
<th>${words.lastSeen}</th><th>${words.status}</th><th>${words.revoke}</th></tr></thead><tbody>${rows}</tbody></table>`
  }</section>
<section><h2>${words.gatewayTitle}</h2><p>${words.upstream}: ${gateway.upstream}<br>
${words.queued}: ${gateway.queued}<br>${words.resends}: ${gateway.resendsAnswered}</p></section>`;
}

export function pairingCode(
  words: AdminWords,
  code: { code: string; expiresAt: Date; outlet: string; name: string; pairUrl: string },
): Html {
  return html`<section><h1>${words.codeFor} ${code.name}</h1>
<p class="code" data-testid="pairing-code">${displayCode(code.code)}</p>
<div class="qr" role="img" aria-label="${code.pairUrl}">${raw(renderSVG(code.pairUrl))}</div>
<p>${words.codeHint} ${hotelTime(code.expiresAt)}.</p>
<p class="muted">${code.pairUrl}</p><p><a href="/admin">${words.back}</a></p></section>`;
}

/** An outlet's name as the hotel set it (its id if it is gone). */
export function outletName(outlets: readonly OutletInfo[], id: string): string {
  return outlets.find((outlet) => outlet.id === id)?.name ?? id;
}

export function shortTime(iso: string): string {
  return hotelDateTime(iso);
}

/** The receipt header: the hotel's and each outlet's own, and a warning while an outlet would print without a VAT ID. */
export function receiptHeaderSection(
  words: AdminWords,
  data: { stored: (scope: ReceiptHeaderScope) => ReceiptHeader; withoutVatId: string[] },
  outlets: readonly OutletInfo[],
): Html {
  const scopes: ReceiptHeaderScope[] = ['hotel', ...outlets.map((outlet) => outlet.id)];
  const forms = scopes.map((scope) => {
    const header = data.stored(scope);
    return html`<form method="post" action="/admin/receipt-header/${scope}" data-scope="${scope}">
<h3>${scope === 'hotel' ? words.receiptHotel : outletName(outlets, scope)}</h3>
<label>${words.hotelName} <input name="hotelName" maxlength="60" value="${header.hotelName}"></label>
<label>${words.hotelAddress} <input name="hotelAddress" maxlength="120" value="${header.hotelAddress}"></label>
<label>${words.vatId} <input name="vatId" maxlength="20" value="${header.vatId}"></label>
<button>${words.save}</button></form>`;
  });
  const warning =
    data.withoutVatId.length > 0
      ? html`<p class="error" role="status" data-testid="no-vat-id">${words.noVatId} ${data.withoutVatId
          .map((outlet) => outletName(outlets, outlet))
          .join(', ')}</p>`
      : '';
  return html`<section id="receipt-header"><h2>${words.receiptTitle}</h2><p class="muted">${words.receiptHint}</p>
${warning}${forms}</section>`;
}

/** The hotel's time zone: one choice of every zone Node knows, the current one selected. */
export function timeZoneSection(words: AdminWords, zone: { get: () => string; isSet: () => boolean }): Html {
  const current = zone.get();
  const options = knownTimeZones().map(
    (name) => html`<option value="${name}"${name === current ? raw(' selected') : ''}>${name}</option>`,
  );
  return html`<section id="time-zone"><h2>${words.timeZoneTitle}</h2><p class="muted">${words.timeZoneHint}</p>
<form method="post" action="/admin/time-zone"><label>${words.timeZoneTitle} <select name="timeZone" data-testid="time-zone">${options}</select></label>
${zone.isSet() ? '' : html`<span class="muted">${words.timeZoneFromCountry}</span>`} <button>${words.save}</button></form></section>`;
}
