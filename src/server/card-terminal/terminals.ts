// The card terminals the admin page sets up: each serves one outlet or one tablet, at an address
// and port (ZVT over TCP, usually 20007), with its password (six digits), currency (ISO 4217
// numeric) and whether it prints its own slips or sends the lines to the till. A tablet pays on
// its own terminal if it has one, else on its outlet's. Bad input is a TerminalError naming the
// field; nothing is written then.
import { randomUUID } from 'node:crypto';
import type { Outlet } from '../hub/hub.ts';
import type { HubDb } from '../hub/hub-db.ts';

export interface CardTerminal {
  id: string;
  name: string;
  outlet: Outlet | null;
  deviceId: string | null;
  host: string;
  port: number;
  password: string;
  /** ISO 4217 numeric, e.g. 978 for EUR. */
  currency: number;
  printsOwnSlips: boolean;
}

/** Currencies the form offers (ISO 4217 numeric). */
/** The name the demo registers its ZVT double under (listen.ts), in each outlet. */
export const DEMO_TERMINAL_NAME = 'Terminal double (demo)';

export const CURRENCIES: Readonly<Record<string, number>> = { EUR: 978, CHF: 756, GBP: 826, USD: 840 };

export class TerminalError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'TerminalError';
  }
}

const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$|^\d{1,3}(?:\.\d{1,3}){3}$/i;

/** A terminal's settings from a form (strings), checked against the hotel's outlets; throws TerminalError naming the field. */
export function readTerminalForm(
  form: Record<string, unknown>,
  outletIds: readonly string[],
): Omit<CardTerminal, 'id'> {
  const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).trim() : '');
  const name = text('name').slice(0, 60);
  if (!name) throw new TerminalError('name', 'give the terminal a name');
  const servesText = text('serves');
  let outlet: Outlet | null = null;
  let deviceId: string | null = null;
  if (servesText.startsWith('outlet:') && outletIds.includes(servesText.slice(7)))
    outlet = servesText.slice(7) as Outlet;
  else if (servesText.startsWith('device:') && servesText.length > 7) deviceId = servesText.slice(7);
  else throw new TerminalError('serves', 'choose the outlet or tablet the terminal serves');
  const host = text('host');
  if (!HOST.test(host)) throw new TerminalError('host', 'the address is a host name or an IPv4 address');
  const port = Number(text('port') || '20007');
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new TerminalError('port', 'the port is a number from 1 to 65535');
  const password = text('password') || '000000';
  if (!/^\d{6}$/.test(password)) throw new TerminalError('password', 'the password is six digits');
  const currency = CURRENCIES[text('currency') || 'EUR'];
  if (!currency) throw new TerminalError('currency', 'choose a currency');
  const printsOwnSlips = text('slips') !== 'till';
  return { name, outlet, deviceId, host, port, password, currency, printsOwnSlips };
}

interface TerminalRow {
  id: string;
  name: string;
  outlet: Outlet | null;
  device_id: string | null;
  host: string;
  port: number;
  password: string;
  currency: number;
  prints_own_slips: number;
}

const fromRow = (row: TerminalRow): CardTerminal => ({
  id: row.id,
  name: row.name,
  outlet: row.outlet,
  deviceId: row.device_id,
  host: row.host,
  port: row.port,
  password: row.password,
  currency: row.currency,
  printsOwnSlips: row.prints_own_slips === 1,
});

export type Terminals = ReturnType<typeof createTerminals>;

export function createTerminals(db: HubDb, now: () => Date = () => new Date()) {
  return {
    list(): CardTerminal[] {
      return (
        db
          .prepare('SELECT * FROM card_terminals WHERE removed_at IS NULL ORDER BY outlet IS NULL, name')
          .all() as TerminalRow[]
      ).map(fromRow);
    },
    get(id: string): CardTerminal | undefined {
      const row = db.prepare('SELECT * FROM card_terminals WHERE id = ?').get(id) as TerminalRow | undefined;
      return row ? fromRow(row) : undefined;
    },
    /**
     * The terminal a tablet pays on: its own, else its outlet's newest real one (a terminal the
     * manager just added serves at once), the demo's double last (re-registered at each start, it
     * would otherwise be the newest: issue 33); undefined when there is none.
     */
    forDevice(device: { id: string; outlet: string }): CardTerminal | undefined {
      const row = db
        .prepare(
          `SELECT * FROM card_terminals WHERE removed_at IS NULL AND (device_id = ? OR outlet = ?)
             ORDER BY device_id IS NULL, name = ?, created_at DESC, rowid DESC LIMIT 1`,
        )
        .get(device.id, device.outlet, DEMO_TERMINAL_NAME) as TerminalRow | undefined;
      return row ? fromRow(row) : undefined;
    },
    add(settings: Omit<CardTerminal, 'id'>): CardTerminal {
      const terminal = { id: randomUUID(), ...settings };
      db.prepare(
        `INSERT INTO card_terminals (id, name, outlet, device_id, host, port, password, currency,
           prints_own_slips, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        terminal.id,
        terminal.name,
        terminal.outlet,
        terminal.deviceId,
        terminal.host,
        terminal.port,
        terminal.password,
        terminal.currency,
        terminal.printsOwnSlips ? 1 : 0,
        now().toISOString(),
      );
      return terminal;
    },
    /** Points a terminal at a new address, its identity (id, payments, end-of-days) kept. */
    moveTo(id: string, host: string, port: number): void {
      db.prepare('UPDATE card_terminals SET host = ?, port = ? WHERE id = ?').run(host, port, id);
    },
    /** Removes a terminal from service (its payments keep naming it); false when there was none. */
    remove(id: string): boolean {
      return (
        db
          .prepare('UPDATE card_terminals SET removed_at = ? WHERE id = ? AND removed_at IS NULL')
          .run(now().toISOString(), id).changes === 1
      );
    },
  };
}
