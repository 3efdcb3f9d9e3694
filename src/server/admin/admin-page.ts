// The admin page's HTML: sign-in, pairing codes (8 characters and a QR code of the tablet's pairing
// address), the device list with revoke buttons, and the gateway's state. Plain server-rendered
// forms (no script), every value escaped by hono/html; its stylesheet is served beside it, so the
// page works under the server's strict Content-Security-Policy.
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { renderSVG } from 'uqr';
import type { GatewayStatus } from '../gateway/gateway.ts';
import { type Device, OUTLETS } from '../hub/hub.ts';
import { displayCode } from '../hub/pairing-codes.ts';
import type { AdminWords } from './admin-words.ts';

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
`;

export function page(lang: string, words: AdminWords, body: Html, signedIn: boolean): Html {
  return html`<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${words.title}</title><link rel="stylesheet" href="/admin/admin.css"></head>
<body><header><strong>${words.title}</strong>${
    signedIn ? html`<form method="post" action="/admin/logout"><button>${words.signOut}</button></form>` : ''
  }</header><main>${body}</main></body></html>`;
}

export function signInForm(words: AdminWords, wrongKey: boolean): Html {
  return html`<section><h1>${words.signInTitle}</h1><p class="muted">${words.signInHint}</p>
${wrongKey ? html`<p class="error" role="alert">${words.wrongKey}</p>` : ''}
<form method="post" action="/admin/login"><label>${words.adminKey}
<input name="key" type="password" autocomplete="current-password" required></label>
<button>${words.signIn}</button></form></section>`;
}

export function dashboard(words: AdminWords, devices: Device[], gateway: GatewayStatus): Html {
  const outletOptions = OUTLETS.map((outlet) => html`<option value="${outlet}">${words[outlet]}</option>`);
  const rows = devices.map(
    (device) => html`<tr data-device="${device.id}"><td>${device.name}</td><td>${words[device.outlet]}</td>
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
<button>${words.createCode}</button></form></section>
<section><h2>${words.devicesTitle}</h2>${
    devices.length === 0
      ? html`<p class="muted">${words.noDevices}</p>`
      : html`<table><thead><tr><th>${words.name}</th><th>${words.outlet}</th><th>${words.paired}</th>
<th>${words.lastSeen}</th><th>${words.status}</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
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
<div class="qr" aria-label="${code.pairUrl}">${raw(renderSVG(code.pairUrl))}</div>
<p>${words.codeHint} ${code.expiresAt.toLocaleTimeString('de-DE', { hour: '2-digit', minute: '2-digit' })}.</p>
<p class="muted">${code.pairUrl}</p><p><a href="/admin">${words.back}</a></p></section>`;
}

function shortTime(iso: string): string {
  return new Date(iso).toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'short' });
}
