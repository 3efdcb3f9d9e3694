// The outlet's commodity groups (issue 33): a manager sets on the admin page which groups an outlet
// sells and which one its register opens on; they reach the tablet with the outlet's policy. A paired
// tablet cannot set them; a bad value is refused naming its field, with nothing half-written.
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/server/listen.ts';
import { setUpDemoBarGroups } from '../../../src/server/staff/demo-staff.ts';
import {
  type FormSender,
  type HostRequest,
  postAdminForm,
  requestWithHost,
  startAdminServer,
} from '../../support/host-request.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startAdminServer('k-7d1e');
});
afterAll(() => server.close());

const send = (path: string, options: HostRequest = {}) => requestWithHost(server.port, path, options);
const post = (path: string, fields: Record<string, string> | [string, string][], from: FormSender = {}) =>
  postAdminForm(server.port, path, fields, from);

async function pairedTablet(outlet: 'bar' | 'minibar'): Promise<string> {
  const { code } = server.hub.createPairingCode({ outlet, name: `${outlet} tablet` });
  const paired = await send('/till/pair', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-till-request-id': crypto.randomUUID() },
    body: JSON.stringify({ code }),
  });
  expect(paired.status).toBe(200);
  return String(paired.headers['set-cookie']).split(';')[0]!;
}

const rules = { openPriceLimit: '100', discountLimitPercent: '20', idleLockMinutes: '5' };

describe('the outlet’s groups sold and default group', () => {
  it('are the demo bar’s drinks, minibar and kitchen, opening on All of them (its quick keys), until its rules are saved', () => {
    expect(setUpDemoBarGroups(server.hub)).toBe(true);
    expect(server.hub.staff.policy('bar')).toMatchObject({ groupsSold: [1, 2, 3] });
    expect(server.hub.staff.policy('bar').defaultGroup).toBeUndefined();
    expect(setUpDemoBarGroups(server.hub)).toBe(false);
  });

  it('are chosen by name from the hotel’s groups, as ticked boxes and a select', async () => {
    await post('/admin/policies/bar', { ...rules, groupsSold: '1, 3', defaultGroup: '' });
    const page = (await send('/admin')).body;
    const form = page.slice(
      page.indexOf('data-outlet="bar"'),
      page.indexOf('</form>', page.indexOf('data-outlet="bar"')),
    );
    const boxes = [
      ...form.matchAll(
        /<input type="checkbox" name="groupsSold" value="(\d+)" ?(checked)?> ([^<]+)<\/label>/g,
      ),
    ].map(([, id, checked, name]) => `${id} ${name}${checked ? ' ✓' : ''}`);
    expect(boxes).toEqual(['1 Bar ✓', '2 Minibar', '3 Küche / Kitchen ✓', '4 Spa', '5 Service']);
    const options = [...form.matchAll(/<option value="(\d*)" ?(selected)?>([^<]+)<\/option>/g)].map(
      ([, id, , name]) => `${id}:${name}`,
    );
    expect(options).toEqual([
      ':All (with the quick keys)',
      '1:Bar',
      '2:Minibar',
      '3:Küche / Kitchen',
      '4:Spa',
      '5:Service',
    ]);
    expect(form).toContain('<option value="">All (with the quick keys)</option>');
    expect(form).not.toMatch(/<input name="groupsSold"/); // no group numbers to type

    // ticking Bar and Kitchen, opening on Kitchen: the boxes come as one field each
    const ticked = await post('/admin/policies/bar', [
      ...Object.entries(rules),
      ['groupsSold', '1'],
      ['groupsSold', '3'],
      ['defaultGroup', '3'],
    ]);
    expect(ticked.status).toBe(303);
    expect(server.hub.staff.policy('bar')).toMatchObject({ groupsSold: [1, 3], defaultGroup: 3 });
    expect((await send('/admin')).body).toMatch(/<option value="3" selected>Küche \/ Kitchen<\/option>/);

    // a group the PMS does not have is refused, naming the field, nothing written
    const before = server.hub.staff.policy('bar');
    const unknown = await post('/admin/policies/bar', [
      ...Object.entries(rules),
      ['groupsSold', '1'],
      ['groupsSold', '9'],
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain('the PMS has no commodity group 9');
    const unknownDefault = await post('/admin/policies/bar', [
      ...Object.entries(rules),
      ['defaultGroup', '77'],
    ]);
    expect(unknownDefault.status).toBe(400);
    expect(server.hub.staff.policy('bar')).toEqual(before);
  });

  it('are set by a manager on the admin page and reach the outlet’s tablet with its policy', async () => {
    expect((await send('/admin')).body).toContain('name="groupsSold"');
    const saved = await post('/admin/policies/bar', { ...rules, groupsSold: '3, 1 2', defaultGroup: '1' });
    expect(saved.status).toBe(303);
    const policy = server.hub.staff.policy('bar');
    expect(policy.groupsSold).toEqual([1, 2, 3]);
    expect(policy.defaultGroup).toBe(1);
    const tablet = await pairedTablet('bar');
    const list = JSON.parse((await send('/till/staff', { headers: { cookie: tablet } })).body);
    expect(list.policy.groupsSold).toEqual([1, 2, 3]);
    expect(list.policy.defaultGroup).toBe(1);
    expect((await send('/admin')).body).toMatch(/value="2" checked> Minibar/);

    // empty: all groups, opening on "All"
    expect(
      (await post('/admin/policies/minibar', { ...rules, groupsSold: '', defaultGroup: '' })).status,
    ).toBe(303);
    const minibar = server.hub.staff.policy('minibar');
    expect(minibar.groupsSold).toBeUndefined();
    expect(minibar.defaultGroup).toBeUndefined();
  });

  it('refuses a default group not sold, or a group that is no number, naming the field', async () => {
    await post('/admin/policies/bar', { ...rules, groupsSold: '1, 3', defaultGroup: '3' });
    const before = server.hub.staff.policy('bar');
    const notSold = await post('/admin/policies/bar', { ...rules, groupsSold: '1, 3', defaultGroup: '4' });
    expect(notSold.status).toBe(400);
    expect(notSold.body).toContain('default group');
    const notNumber = await post('/admin/policies/bar', {
      ...rules,
      groupsSold: '1, Bar',
      defaultGroup: '1',
    });
    expect(notNumber.status).toBe(400);
    expect(notNumber.body).toContain('groups sold');
    expect(server.hub.staff.policy('bar')).toEqual(before);
  });

  it('cannot be set from a paired tablet', async () => {
    const before = server.hub.staff.policy('bar');
    const tablet = await pairedTablet('bar');
    const host = `${hostname().toLowerCase()}:${server.port}`;
    const fromTablet = await post(
      '/admin/policies/bar',
      { ...rules, groupsSold: '5', defaultGroup: '5' },
      { host, cookie: tablet },
    );
    expect(fromTablet.status).toBe(401);
    expect(server.hub.staff.policy('bar')).toEqual(before);
  });
});
