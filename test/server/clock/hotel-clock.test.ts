// One clock (issue 30, item 6): the hotel's time zone is set on the admin page (manager/admin only,
// never by a paired tablet), defaults from its country, and every time the server shows (slip, TSE
// lines, business day, sale hour, admin page, CSV) is on the hotel's clock whatever the process's
// `TZ` is: the same server run in a child under TZ=UTC and TZ=America/New_York shows Berlin time.
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hotelDate,
  hotelDayStart,
  hotelIsoTime,
  isTimeZone,
  zoneOfCountry,
} from '../../../src/server/clock/hotel-clock.ts';
import type { RunningServer } from '../../../src/server/listen.ts';
import { postAdminForm, requestWithHost, startAdminServer } from '../../support/host-request.ts';

/** `iso` as Berlin reads it, reckoned here with an explicit zone (not through the clock module). */
function berlin(iso: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat('de-DE', { ...options, timeZone: 'Europe/Berlin' }).format(new Date(iso));
}

describe('the hotel’s clock in a process whose TZ is another zone', () => {
  for (const tz of ['UTC', 'America/New_York']) {
    it(`shows Berlin time on the slip, the TSE lines, the admin page and the CSV under TZ=${tz}`, () => {
      const child = spawnSync(process.execPath, ['--import', 'tsx', 'test/server/clock/clock-child.ts'], {
        env: { ...process.env, TZ: tz },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(child.status, child.stderr).toBe(0);
      const seen = JSON.parse(child.stdout) as Record<string, unknown> & { auditAt: string };
      expect(seen.processZone).toBe(tz); // the child really ran in the other zone
      expect(seen.hotelZone).toBe('Europe/Berlin'); // the German demo hotel's, from its country
      expect(seen.slip).toBe('01.03.26, 06:23'); // 05:23 UTC
      expect(seen.tse).toContain('Zeit (Kasse): 01.03.2026, 06:23:43');
      expect(seen.businessDay).toBe('2026-03-02'); // 23:30 UTC is past midnight in Berlin
      expect(seen.hour).toBe(0); // 22:15 UTC in summer is 00:15 in Berlin
      const shown = berlin(seen.auditAt, { dateStyle: 'short', timeStyle: 'short' });
      expect(seen.auditPage).toContain(`<td>${shown}</td><td>receipt_header_changed</td>`);
      const wall = berlin(seen.auditAt, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
      const [date, time] = wall.split(', ') as [string, string];
      const [day, month, year] = date.split('.');
      expect(seen.auditCsv).toMatch(new RegExp(`,${year}-${month}-${day}T${time}\\+0[12]:00,`));
    }, 90_000);
  }
});

describe('the hotel’s time zone setting', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startAdminServer('k-c10d', { fiscal: { dataDir: null, defaultCountry: 'AT' } });
  });
  afterAll(() => server.close());

  it('defaults from the country: Germany Berlin, Austria Vienna', () => {
    expect(zoneOfCountry('DE')).toBe('Europe/Berlin');
    expect(zoneOfCountry('AT')).toBe('Europe/Vienna');
    expect(server.hub.timeZone.get()).toBe('Europe/Vienna');
    expect(server.hub.timeZone.isSet()).toBe(false);
  });

  it('is set on the admin page, audited, and every later time uses it', async () => {
    const page = await requestWithHost(server.port, '/admin');
    expect(page.body).toContain('<option value="Europe/Vienna" selected>');
    const saved = await postAdminForm(server.port, '/admin/time-zone', { timeZone: 'Europe/London' });
    expect(saved.status).toBe(303);
    expect(server.hub.timeZone.get()).toBe('Europe/London');
    expect(server.hub.audit.list({ kind: 'time_zone_changed' })[0]?.subject).toBe('Europe/London');
    expect(hotelIsoTime('2026-07-01T22:15:00Z')).toBe('2026-07-01T23:15:00+01:00');
    expect(hotelDate('2026-01-01T00:30:00Z')).toBe('2026-01-01');
    const back = await postAdminForm(server.port, '/admin/time-zone', { timeZone: 'Europe/Vienna' });
    expect(back.status).toBe(303);
    expect(hotelDate('2025-12-31T23:30:00Z')).toBe('2026-01-01');
  });

  it('filters the audit log by the hotel’s days, and knows when a day begins across a clock change', async () => {
    await postAdminForm(server.port, '/admin/time-zone', { timeZone: 'America/New_York' });
    expect(hotelDayStart('2026-03-08').toISOString()).toBe('2026-03-08T05:00:00.000Z'); // EST
    expect(hotelDayStart('2026-03-09').toISOString()).toBe('2026-03-09T04:00:00.000Z'); // EDT from 2 a.m.
    expect(hotelIsoTime('2026-03-09T04:00:00Z')).toBe('2026-03-09T00:00:00-04:00');
    const rows = [
      { eventId: 'late-8th', at: '2026-03-09T03:30:00.000Z' }, // 23:30 on the 8th in New York
      { eventId: 'early-9th', at: '2026-03-09T04:30:00.000Z' }, // 00:30 on the 9th
    ];
    for (const row of rows) server.hub.audit.append({ ...row, kind: 'clock_probe', subject: row.eventId });
    const onThe8th = server.hub.audit.list({ kind: 'clock_probe', from: '2026-03-08', to: '2026-03-08' });
    expect(onThe8th.map((row) => row.subject)).toEqual(['late-8th']);
    const onThe9th = server.hub.audit.list({ kind: 'clock_probe', from: '2026-03-09', to: '2026-03-09' });
    expect(onThe9th.map((row) => row.subject)).toEqual(['early-9th']);
    await postAdminForm(server.port, '/admin/time-zone', { timeZone: 'Europe/Vienna' });
  });

  it('refuses an unknown zone naming the field, and keeps the one set', async () => {
    const before = server.hub.timeZone.get();
    const bad = await postAdminForm(server.port, '/admin/time-zone', { timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('timeZone');
    expect(server.hub.timeZone.get()).toBe(before);
    expect(isTimeZone('../etc/passwd')).toBe(false);
  });

  it('cannot be set by a paired tablet', async () => {
    const { code } = server.hub.createPairingCode({ outlet: 'bar', name: 'bar tablet' });
    const paired = await requestWithHost(server.port, '/till/pair', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-till-request-id': crypto.randomUUID() },
      body: JSON.stringify({ code }),
    });
    expect(paired.status).toBe(200);
    const cookie = String(paired.headers['set-cookie']).split(';')[0]!;
    const before = server.hub.timeZone.get();
    const host = `${hostname().toLowerCase()}:${server.port}`;
    const fromTablet = await postAdminForm(
      server.port,
      '/admin/time-zone',
      { timeZone: 'Pacific/Kiritimati' },
      { host, cookie },
    );
    expect(fromTablet.status).toBe(401);
    expect(server.hub.timeZone.get()).toBe(before);
  });
});
