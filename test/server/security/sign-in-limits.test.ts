// Guessing limits as an attacker meets them (issue 20): parallel sign-ins cannot outrun the count
// (it is taken before the slow scrypt check), the count survives a restart, the server machine's
// own manager is never locked out, a flood of wrong sign-ins is one audit row per address and
// minute, and wrong pairing codes from elsewhere do not block a real tablet's code.

import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHubDb } from '../../../src/server/hub/hub-db.ts';
import { type RunningServer, startServer } from '../../../src/server/listen.ts';
import { createAuditLog } from '../../../src/server/staff/audit-log.ts';

const ADMIN_KEY = 'sign-in-limits-admin-key';
const PASSWORD = 'annas admin password';
let dir: string;
let server: RunningServer;
const lan = hostname().toLowerCase();

const start = () =>
  startServer({
    dbFile: ':memory:',
    hubFile: join(dir, 'till.sqlite'),
    staticDir: 'none',
    adminKey: ADMIN_KEY,
    serveAppOverHttp: true,
    staffKeyRounds: 100_000,
  });

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'till-limits-'));
  server = await start();
  const anna = await server.hub.staff.add({ name: 'Anna', role: 'manager', pin: '9999' });
  await server.hub.staff.setAdminPassword(anna.id, PASSWORD);
}, 60_000);
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A sign-in form post from `from` (a loopback address standing for a LAN machine) for the LAN host name. */
function signIn(fields: Record<string, string>, from = '127.0.0.1', host = `${lan}:${server.port}`) {
  const body = new URLSearchParams(fields).toString();
  return new Promise<number>((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        localAddress: from,
        port: server.port,
        path: '/admin/login',
        method: 'POST',
        agent: false,
        headers: {
          host,
          origin: `http://${host}`,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve(incoming.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

describe('admin sign-in under parallel guessing', () => {
  it('checks at most 10 of 60 parallel tries from one address, and the right one sent last is not let in', async () => {
    const tries = Array.from({ length: 59 }, (_, i) => ({ name: 'Anna', password: `wrong guess ${i}!` }));
    const statuses = await Promise.all(
      [...tries, { name: 'Anna', password: PASSWORD }].map((fields) => signIn(fields)),
    );
    const counts = tally(statuses);
    expect(counts[303] ?? 0).toBe(0);
    expect(counts[401]).toBe(10);
    expect(counts[429]).toBe(50);
    expect(statuses.at(-1)).toBe(429);
    expect(server.hub.audit.list({ kind: 'admin_sign_in' })).toHaveLength(0);
  }, 60_000);

  it('keeps the lockout across a restart, never locks out the server machine, and spares other addresses', async () => {
    for (let i = 0; i < 10; i += 1) expect(await signIn({ key: `not the key ${i}` })).toBe(401);
    expect(await signIn({ key: ADMIN_KEY })).toBe(429);

    await server.close();
    server = await start();
    expect(await signIn({ key: ADMIN_KEY })).toBe(429); // the count is in the database
    expect(await signIn({ name: 'Anna', password: PASSWORD }, '127.0.0.2')).toBe(303); // another address
    // The server machine itself: loopback address and name, no limit.
    expect(await signIn({ key: ADMIN_KEY }, '127.0.0.1', `localhost:${server.port}`)).toBe(303);
  }, 60_000);
});

describe('the overall limit', () => {
  it('blocks guessers after 100 wrong tries in all, never a manager signing in from a clean address', async () => {
    for (let host = 0; host < 10; host += 1) {
      const from = `127.0.2.${host + 1}`;
      for (let i = 0; i < 10; i += 1) expect(await signIn({ key: `guess ${host} ${i}` }, from)).toBe(401);
    }
    expect(await signIn({ key: 'one more guess' }, '127.0.2.1')).toBe(429);
    expect(await signIn({ name: 'Anna', password: PASSWORD }, '127.0.3.1')).toBe(303);
    // a fresh address gets its one try, and is blocked after a wrong one
    expect(await signIn({ key: 'fresh guess' }, '127.0.3.2')).toBe(401);
    expect(await signIn({ key: ADMIN_KEY }, '127.0.3.2')).toBe(429);
  }, 60_000);
});

describe('a flood of wrong sign-ins', () => {
  it('is one audit row per address and minute with a count, not a row per try', async () => {
    const rowsBefore = server.hub.audit.list({ limit: 100_000 }).length;
    for (let batch = 0; batch < 10; batch += 1) {
      await Promise.all(Array.from({ length: 30 }, (_, i) => signIn({ key: `flood ${batch} ${i}` })));
    }
    const rows = server.hub.audit.list({ limit: 100_000 });
    const flood = rows.filter((row) => row.kind.startsWith('admin_sign_in'));
    // Two kinds (checked and wrong; refused unchecked), one row each per minute: at most 4 across a minute's turn.
    expect(flood.length).toBeLessThanOrEqual(4);
    expect(rows.length - rowsBefore).toBe(flood.length);
    expect(flood.reduce((sum, row) => sum + row.count, 0)).toBe(300);
    expect(
      flood.filter((row) => row.kind === 'admin_sign_in_failed').reduce((sum, row) => sum + row.count, 0),
    ).toBe(10);
  }, 60_000);

  it('rows are append-only but for their count growing', () => {
    const db = openHubDb(':memory:');
    const audit = createAuditLog(db, () => new Date('2026-11-26T20:00:30Z'));
    audit.appendCounted({ kind: 'admin_sign_in_failed', note: '10.0.0.9' }, '10.0.0.9');
    audit.appendCounted({ kind: 'admin_sign_in_failed', note: '10.0.0.9' }, '10.0.0.9');
    expect(audit.list().map((row) => row.count)).toEqual([2]);
    expect(() => db.prepare(`UPDATE audit_log SET note = 'x'`).run()).toThrow(/append-only/);
    expect(() => db.prepare('UPDATE audit_log SET count = count - 1').run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
    db.close();
  });
});

describe('pairing codes', () => {
  it('100 wrong codes from elsewhere do not block a real tablet’s code; the guessers are blocked', () => {
    for (let i = 0; i < 100; i += 1) {
      expect(() => server.hub.redeemPairingCode('AAAAAAAA', `10.0.${Math.floor(i / 10)}.1`)).toThrow(
        /not a valid pairing code/,
      );
    }
    expect(() => server.hub.redeemPairingCode('AAAAAAAA', '10.0.0.1')).toThrow(/too many wrong/);
    const { code } = server.hub.createPairingCode({ outlet: 'bar', name: 'Bar' });
    expect(server.hub.redeemPairingCode(code, '10.0.99.7').device.outlet).toBe('bar');
  });

  it('counts an IPv6 caller by its /64, so one network cannot guess on from fresh addresses', () => {
    for (let i = 0; i < 10; i += 1) {
      expect(() => server.hub.redeemPairingCode('AAAAAAAA', `2001:db8:1:2::${i + 1}`)).toThrow(/not a valid/);
    }
    expect(() => server.hub.redeemPairingCode('AAAAAAAA', '2001:db8:1:2:ffff::9')).toThrow(/too many wrong/);
  });
});
