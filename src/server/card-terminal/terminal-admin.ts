// The admin page's "Card terminals" section (admin-routes.ts mounts its form posts behind the admin
// sign-in): the terminals in service and a form to add one for an outlet or a tablet, in English and
// German. Plain forms, values escaped by hono/html.
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { Device } from '../hub/hub.ts';
import { type CardTerminal, CURRENCIES } from './terminals.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const EN = {
  title: 'Card terminals',
  none: 'No card terminal is set up: "Card" on the till is then only a label.',
  name: 'Name',
  serves: 'Serves',
  outletPrefix: 'Outlet',
  tabletPrefix: 'Tablet',
  address: 'Address (IP or name)',
  port: 'Port',
  password: 'Password (6 digits)',
  currency: 'Currency',
  slips: 'Slips',
  actions: 'Actions',
  slipsTerminal: 'The terminal prints its own slips',
  slipsTill: 'The terminal sends the slip lines to the till',
  add: 'Add terminal',
  remove: 'Remove',
  hint: 'ZVT over TCP, usually port 20007. A tablet uses its own terminal if it has one, else its outlet’s.',
};

export const TERMINAL_WORDS: Record<'en' | 'de', Record<keyof typeof EN, string>> = {
  en: EN,
  de: {
    title: 'Kartenterminals',
    none: 'Kein Kartenterminal eingerichtet: „Karte“ an der Kasse ist dann nur eine Bezeichnung.',
    name: 'Name',
    serves: 'Für',
    outletPrefix: 'Verkaufsstelle',
    tabletPrefix: 'Tablet',
    address: 'Adresse (IP oder Name)',
    port: 'Port',
    password: 'Passwort (6 Ziffern)',
    currency: 'Währung',
    slips: 'Belege',
    actions: 'Aktionen',
    slipsTerminal: 'Das Terminal druckt seine Belege selbst',
    slipsTill: 'Das Terminal schickt die Belegzeilen an die Kasse',
    add: 'Terminal hinzufügen',
    remove: 'Entfernen',
    hint: 'ZVT über TCP, meist Port 20007. Ein Tablet nutzt sein eigenes Terminal, sonst das seiner Verkaufsstelle.',
  },
};

export type TerminalWords = Record<keyof typeof EN, string>;

const currencyName = (code: number) =>
  Object.entries(CURRENCIES).find(([, value]) => value === code)?.[0] ?? code;

/** The section: the terminals, then the form. `outletName` gives an outlet's name in the page's language. */
export function terminalSection(
  words: TerminalWords,
  data: {
    terminals: CardTerminal[];
    devices: Device[];
    /** The hotel's outlets (hub/outlets.ts), in their order. */
    outlets: readonly { id: string; name: string }[];
    problem?: string;
  },
): Html {
  const servesOf = (terminal: CardTerminal) =>
    terminal.outlet
      ? `${words.outletPrefix}: ${data.outlets.find((outlet) => outlet.id === terminal.outlet)?.name ?? terminal.outlet}`
      : `${words.tabletPrefix}: ${data.devices.find((device) => device.id === terminal.deviceId)?.name ?? terminal.deviceId}`;
  const rows = data.terminals.map(
    (
      terminal,
    ) => html`<tr data-terminal="${terminal.id}"><td>${terminal.name}</td><td>${servesOf(terminal)}</td>
<td>${terminal.host}:${terminal.port}</td><td>${currencyName(terminal.currency)}</td>
<td>${terminal.printsOwnSlips ? words.slipsTerminal : words.slipsTill}</td>
<td><form method="post" action="/admin/terminals/${terminal.id}/remove"><button class="danger">${words.remove}</button></form></td></tr>`,
  );
  const outlets = data.outlets.map(
    (outlet) => html`<option value="outlet:${outlet.id}">${outlet.name}</option>`,
  );
  const tablets = data.devices
    .filter((device) => !device.revokedAt)
    .map((device) => html`<option value="device:${device.id}">${device.name}</option>`);
  const currencies = Object.keys(CURRENCIES).map((code) => html`<option>${code}</option>`);
  return html`<section id="terminals"><h2>${words.title}</h2><p class="muted">${words.hint}</p>
${data.problem ? html`<p class="error" role="alert">${data.problem}</p>` : ''}
${
  data.terminals.length > 0
    ? html`<table><thead><tr><th>${words.name}</th><th>${words.serves}</th><th>${words.address}</th><th>${words.currency}</th><th>${words.slips}</th><th><span class="vh">${words.actions}</span></th></tr></thead><tbody>${rows}</tbody></table>`
    : html`<p>${words.none}</p>`
}
<form method="post" action="/admin/terminals">
<label>${words.name} <input name="name" required maxlength="60"></label>
<label>${words.serves} <select name="serves"><optgroup label="${words.outletPrefix}">${outlets}</optgroup>${tablets.length > 0 ? html`<optgroup label="${words.tabletPrefix}">${tablets}</optgroup>` : ''}</select></label>
<label>${words.address} <input name="host" required maxlength="253"></label>
<label>${words.port} <input name="port" inputmode="numeric" value="20007"></label>
<label>${words.password} <input name="password" inputmode="numeric" pattern="[0-9]{6}" value="000000"></label>
<label>${words.currency} <select name="currency">${currencies}</select></label>
<label>${words.slips} <select name="slips"><option value="terminal">${words.slipsTerminal}</option><option value="till">${words.slipsTill}</option></select></label>
<button>${words.add}</button></form></section>`;
}
