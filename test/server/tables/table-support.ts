// Table tests' setup: the server app with two paired tablets of the restaurant (waiter 1 and 2), one
// of the bar, and calls as each makes them (device cookie, a request id, JSON); the restaurant's
// floor has table 10 and table 11 in one area. Operations are made as a tablet makes them.
import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER } from '../../../src/pms/till-headers.ts';
import { adminCookieName } from '../../../src/server/admin/admin-access.ts';
import { createApp } from '../../../src/server/app.ts';
import { createHub } from '../../../src/server/hub/hub.ts';
import type { Printing } from '../../../src/server/printing/printing.ts';
import { createTableStore } from '../../../src/server/tables/table-store.ts';
import type { NewLine, TableOpBody } from '../../../src/shared/table-ops.ts';
import { pinnedHotel } from '../../support/hotel.ts';

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  body: any;
}

export function tableSetup(withPrinting?: (hub: ReturnType<typeof createHub>) => Printing) {
  const hub = createHub({ dbFile: ':memory:', staffKeyRounds: 100_000 });
  const printing = withPrinting?.(hub);
  const tables = createTableStore({ db: hub.db });
  tables.setPlan('restaurant', [
    {
      areaId: 'terrace',
      name: 'Terrace',
      tables: [
        { tableId: 't10', name: '10', seats: 4, x: 0, y: 0 },
        { tableId: 't11', name: '11', seats: 2, x: 1, y: 0 },
      ],
    },
  ]);
  const app = createApp({
    hub,
    hotel: pinnedHotel(),
    tables,
    allowedHosts: ['till.example.org'],
    ...(printing ? { printing } : {}),
  });
  const pair = (outlet: string, name: string) => {
    const { device, token } = hub.redeemPairingCode(
      hub.createPairingCode({ outlet, name }).code,
      '127.0.0.1',
    );
    return { device, cookie: `${hub.cookieName}=${token}` };
  };
  const call =
    (cookie: string | null) =>
    async (path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
      const all: Record<string, string> = { [REQUEST_ID_HEADER]: randomUUID(), ...headers };
      if (cookie) all.cookie = cookie;
      if (body !== undefined) all['content-type'] = 'application/json';
      const response = await app.request(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: all,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: await response.json() };
    };
  const one = pair('restaurant', 'Waiter 1');
  const two = pair('restaurant', 'Waiter 2');
  const bar = pair('bar', 'Bar tablet');
  return {
    hub,
    app,
    tables,
    pair,
    one: { ...one, call: call(one.cookie), ops: opMaker('Mia') },
    two: { ...two, call: call(two.cookie), ops: opMaker('Jonas', Date.parse('2026-11-22T18:00:30Z')) },
    bar: { ...bar, call: call(bar.cookie), ops: opMaker('Ben') },
    stranger: call(null),
    callAs: call,
  };
}

/** Operations as one tablet makes them: its own counter and a clock that never goes back. */
export function opMaker(staffName: string, start = Date.parse('2026-11-22T18:00:00Z')) {
  let seq = 0;
  let at = start;
  return (body: TableOpBody, opId: string = randomUUID()) => {
    at += 1000;
    return { opId, seq: seq++, at, staffName, body };
  };
}

let lines = 0;
/** A new line of `quantity` × `name` (course 0, drinks, unless given). */
export function newLine(name: string, quantity: number, more: Partial<NewLine> = {}): NewLine {
  lines += 1;
  return {
    lineId: `line-${lines}-${randomUUID().slice(0, 8)}`,
    productId: `p-${name.toLowerCase().replace(/\W/g, '')}`,
    name,
    unitCents: 450,
    groupId: 1,
    course: 0,
    seat: 0,
    quantity,
    modifiers: [],
    note: '',
    ...more,
  };
}

const HOST = 'till.example.org';

/** The admin page's calls (a form post, a page read) with a cookie or none, and a signed-in manager's cookie. */
export function adminCalls() {
  const setup = tableSetup();
  const post = (
    cookie: string | null,
    path: string,
    fields: Record<string, string>,
    more: Record<string, string> = {},
  ) =>
    setup.app.request(path, {
      method: 'POST',
      headers: {
        host: HOST,
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        [REQUEST_ID_HEADER]: randomUUID(),
        ...(cookie ? { cookie } : {}),
        ...more,
      },
      body: new URLSearchParams(fields).toString(),
    });
  const get = (cookie: string | null, path: string) =>
    setup.app.request(path, { headers: { host: HOST, ...(cookie ? { cookie } : {}) } });
  const manager = `${adminCookieName(setup.hub)}=${setup.hub.createAdminSession(null)}`;
  return { ...setup, post, get, manager };
}
