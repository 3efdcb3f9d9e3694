// `/metrics` (src/server/metrics/): the Prometheus text format, checked by a strict parser written
// here from the format's description (every line a HELP, a TYPE or a sample of the family announced
// last; names, label syntax, escapes, numbers); the token made on the admin page opens it, nothing
// else does (none, a wrong one, a tablet's cookie, another machine's admin form without a session);
// and no guest data, sale reference or amount appears in it.
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_RECORD_VERSION, type LedgerRecord } from '../../../src/pms/ledger-wire.ts';
import type { RunningServer } from '../../../src/server/listen.ts';
import { postAdminForm, requestWithHost, startAdminServer } from '../../support/host-request.ts';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the text exposition format strictly; throws naming the line that breaks it. */
function parsePrometheus(text: string): { types: Map<string, string>; samples: Sample[] } {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  const types = new Map<string, string>();
  const helped = new Set<string>();
  const samples: Sample[] = [];
  const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
  let family: string | undefined;
  for (const [index, line] of text.slice(0, -1).split('\n').entries()) {
    const fail = (why: string): never => {
      throw new Error(`line ${index + 1} (${JSON.stringify(line)}): ${why}`);
    };
    if (line.startsWith('# HELP ')) {
      const [name] = line.slice(7).split(' ', 1);
      if (!name || !NAME.test(name)) fail('bad metric name');
      if (helped.has(name!)) fail('a second HELP');
      helped.add(name!);
      family = name;
      continue;
    }
    if (line.startsWith('# TYPE ')) {
      const [name, type, ...rest] = line.slice(7).split(' ');
      if (!name || name !== family) fail('TYPE not right after its HELP');
      if (rest.length > 0 || !['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(type ?? ''))
        fail('bad type');
      if (types.has(name!)) fail('a second TYPE');
      types.set(name!, type!);
      continue;
    }
    if (line.startsWith('#') || line.trim() === '') fail('no other comments or blank lines are written');
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match) fail('not a sample');
    const [, name, , labelText, valueText] = match!;
    if (name !== family || !types.has(name!)) fail('a sample outside its family');
    const labels: Record<string, string> = {};
    if (labelText !== undefined) {
      const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/y;
      let at = 0;
      while (at < labelText.length) {
        label.lastIndex = at;
        const one = label.exec(labelText);
        if (!one) fail(`bad label syntax at ${at}`);
        if (one![1]! in labels) fail('a label twice');
        labels[one![1]!] = one![2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
        at = label.lastIndex;
      }
    }
    if (!/^([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|NaN|[+-]Inf)$/.test(valueText!)) fail('bad value');
    const value = valueText === '+Inf' ? Infinity : valueText === '-Inf' ? -Infinity : Number(valueText);
    samples.push({ name: name!, labels, value });
  }
  return { types, samples };
}

const GUEST = 'Erika Mustermann-Quux';
let server: RunningServer;
const send = (path: string, headers: Record<string, string> = {}) =>
  requestWithHost(server.port, path, { headers });

beforeAll(async () => {
  server = await startAdminServer('metrics-admin-key-3c1a', { staffKeyRounds: 1000 });
  // A paired bar tablet with one room charge the till server holds, its PMS outcome not yet reported.
  const { code } = server.hub.createPairingCode({ outlet: 'bar', name: 'Bar tablet "1"' });
  const { device } = server.hub.redeemPairingCode(code, '127.0.0.1');
  const record: LedgerRecord = {
    v: LEDGER_RECORD_VERSION,
    saleId: crypto.randomUUID(),
    reference: 'QX7Z-99',
    kind: 'room-charge',
    createdAt: new Date(Date.now() - 40 * 60_000).toISOString(),
    staffId: null,
    lines: [
      {
        productId: 7,
        name: 'Cola',
        quantity: 2,
        unitPriceCents: 1234,
        cataloguePriceCents: 1234,
        vatRateBp: 2000,
        taxClassId: 1,
        commodityGroupId: 1,
        commodityGroupName: 'Drinks',
      },
    ],
    payments: [{ method: 'room', amountCents: 2468 }],
    totalCents: 2468,
    room: { roomReservationId: 4711, roomNumber: '314', guestName: GUEST },
    approvals: [],
  };
  await server.hub.ledger.record(device, record);
  // A minibar tablet last seen two hours ago.
  const other = server.hub.createPairingCode({ outlet: 'minibar', name: 'Minibar' });
  const minibar = server.hub.redeemPairingCode(other.code, '127.0.0.1').device;
  server.hub.db
    .prepare('UPDATE devices SET last_seen_at = ? WHERE id = ?')
    .run(new Date(Date.now() - 2 * 3_600_000).toISOString(), minibar.id);
});
afterAll(() => server.close());

describe('/metrics', () => {
  it('answers 401 to everybody while no token is set', async () => {
    const answer = await send('/metrics', { authorization: 'Bearer anything' });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('opens with the token made on the admin page, not without it, nor with a wrong one', async () => {
    const made = await postAdminForm(server.port, '/admin/monitoring/token', {});
    expect(made.status).toBe(200);
    const token = /<code id="metrics-token">([A-Za-z0-9_-]+)<\/code>/.exec(made.body)?.[1];
    expect(token).toBeDefined();
    expect(server.hub.audit.list({ kind: 'metrics_token_made' }).length).toBe(1);

    expect((await send('/metrics')).status).toBe(401);
    expect((await send('/metrics', { authorization: `Bearer ${token}x` })).status).toBe(401);
    expect((await send('/metrics', { authorization: `Basic ${token}` })).status).toBe(401);
    expect((await send('/metrics', { authorization: token! })).status).toBe(401);
    const answer = await send('/metrics', { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');

    const { types, samples } = parsePrometheus(answer.body);
    const one = (name: string) => samples.filter((sample) => sample.name === name);
    expect(types.get('till_sales_pending')).toBe('gauge');
    expect(types.get('till_gateway_pms_errors_total')).toBe('counter');
    expect(one('till_sales_pending')).toEqual([
      {
        name: 'till_sales_pending',
        labels: expect.objectContaining({ tablet: 'Bar tablet "1"', outlet: 'bar' }),
        value: 1,
      },
    ]);
    const age = one('till_sales_pending_oldest_age_seconds')[0]!.value;
    expect(age).toBeGreaterThanOrEqual(40 * 60 - 5);
    expect(age).toBeLessThan(41 * 60 + 60);
    expect(one('till_tablets_paired')[0]!.value).toBe(2);
    expect(one('till_tablets_not_seen')[0]!.value).toBe(1); // the minibar's
    const minibarAge = one('till_tablet_last_seen_age_seconds').find((s) => s.labels.tablet === 'Minibar');
    expect(minibarAge?.value).toBeGreaterThanOrEqual(2 * 3600);
    expect(one('till_sales_needing_attention')[0]!.value).toBe(0);
    expect(one('till_tse_state').find((sample) => sample.value === 1)?.labels.state).toBe('none');
    expect(one('till_last_z_age_seconds')).toEqual([]);
    for (const name of [
      'till_gateway_queued_requests',
      'till_gateway_requests_per_minute_limit',
      'till_tablet_last_seen_age_seconds',
      'till_last_backup_age_seconds',
      'till_fiscal_unsigned_sales',
      'till_printer_ok',
      'till_printer_queue_length',
    ])
      expect(types.has(name), name).toBe(true);

    // No guest data, sale reference, room or amount.
    for (const secret of [GUEST, 'Mustermann', 'QX7Z', '4711', '314', '2468', '24.68', '1234'])
      expect(answer.body).not.toContain(secret);

    // Turned off on the admin page: the token stops working.
    expect((await postAdminForm(server.port, '/admin/monitoring/off', {})).status).toBe(303);
    expect((await send('/metrics', { authorization: `Bearer ${token}` })).status).toBe(401);
    const renewed = await postAdminForm(server.port, '/admin/monitoring/token', {});
    const second = /<code id="metrics-token">([A-Za-z0-9_-]+)<\/code>/.exec(renewed.body)?.[1];
    expect(second).not.toBe(token);
    expect((await send('/metrics', { authorization: `Bearer ${token}` })).status).toBe(401);
    expect((await send('/metrics', { authorization: `Bearer ${second}` })).status).toBe(200);
  });

  it('lets nobody but an admin make a token: another machine without a session gets 401', async () => {
    const lan = `${hostname().toLowerCase()}:${server.port}`;
    const before = server.hub.audit.list({ kind: 'metrics_token_made' }).length;
    const answer = await postAdminForm(server.port, '/admin/monitoring/token', {}, { host: lan });
    expect(answer.status).toBe(401);
    expect(answer.body).not.toContain('metrics-token');
    expect(server.hub.audit.list({ kind: 'metrics_token_made' }).length).toBe(before);
  });

  it('the strict parser refuses what is not the format', () => {
    expect(() => parsePrometheus('# HELP a x\n# TYPE a gauge\na 1')).toThrow(/newline/);
    expect(() => parsePrometheus('# HELP a x\n# TYPE a gauge\nb 1\n')).toThrow(/outside/);
    expect(() => parsePrometheus('# HELP a x\n# TYPE a gauge\na{x="1} 1\n')).toThrow();
    expect(() => parsePrometheus('# HELP a x\n# TYPE a gauge\na one\n')).toThrow(/bad value/);
    expect(parsePrometheus('# HELP a x\n# TYPE a gauge\na{x="q\\"\\\\",y="z"} +Inf\n').samples[0]).toEqual({
      name: 'a',
      labels: { x: 'q"\\', y: 'z' },
      value: Infinity,
    });
  });
});
