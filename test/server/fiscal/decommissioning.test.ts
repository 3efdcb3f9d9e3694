// Taking a German till out of service (issue 30, item 5: "a recorded decommissioning, not a
// setting"): the TSE client deregistered and the TSS disabled on the TSE itself, the act recorded
// once (never changed), on the audit log and the ELSTER data; afterwards no sale is taken (409, alone
// or in a batch, nothing stored), and the fiscal country may be left. Refused while sales wait for a
// late signature, twice, or with a bad form (400 naming the field, nothing done); only managers and
// hotel IT reach the form.
import { hostname } from 'node:os';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFiscalControl, type FiscalControl } from '../../../src/server/fiscal/fiscal-control.ts';
import type { RunningServer } from '../../../src/server/listen.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { GERMAN_BUSINESS } from '../../support/business.ts';
import { postAdminForm, requestWithHost, startAdminServer } from '../../support/host-request.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { ledgerLine, postSale, saleBody } from '../ledger/ledger-support.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';

describe('a decommissioned till', () => {
  let hotel: TestHotel;
  let fiscal: FiscalControl;
  let app: TabletApp;
  beforeEach(async () => {
    hotel = pinnedHotel();
    fiscal = createFiscalControl({ dataDir: null, defaultCountry: 'DE', testMode: true });
    fiscal.setBusiness(GERMAN_BUSINESS);
    await fiscal.german()!.setUp('HOTEL-TILL BAR 1', '2026-01-01');
    app = tabletApp({ hotel, fiscal });
  });
  afterEach(() => {
    fiscal.close();
    hotel.close();
  });

  const request = {
    outOfServiceOn: '2026-03-01',
    reason: 'retired',
    note: 'BAR 2 replaces it',
    by: 'Anna',
  } as const;

  it('deregisters the TSE client and disables the TSS, records the act with the last signature counter, and takes no more sales', async () => {
    const before = await postSale(app, saleBody([ledgerLine(7, 2, 420)]));
    expect(before.status).toBe(200);
    const german = fiscal.german()!;
    const setup = german.store.setup()!;
    const counter = (await before.json()) as { fiscal: { tse: { signatureCounter: number } } };

    const done = await german.decommission(request);
    expect(done).toMatchObject({
      tseSerial: setup.tseSerial,
      clientSerial: 'HOTEL-TILL BAR 1',
      outOfServiceOn: '2026-03-01',
      reason: 'retired',
      lastSignatureCounter: counter.fiscal.tse.signatureCounter,
    });
    // on the TSE itself, as fiskaly would answer
    expect((await german.client.getTss(setup.tssId)).state).toBe('DISABLED');
    const client = await german.client.call<{ state: string }>(
      'GET',
      `/api/v2/tss/${setup.tssId}/client/${setup.clientId}`,
    );
    expect(client.state).toBe('DEREGISTERED');
    expect(german.elster()).toMatchObject({ outOfServiceOn: '2026-03-01', outOfServiceReason: 'retired' });

    const salesBefore = app.hub.ledger.outcomes.list(app.device, 0, 100).sales.length;
    const after = await postSale(app, saleBody([ledgerLine(7, 1, 420)]));
    expect(after.status).toBe(409);
    expect(await after.json()).toMatchObject({ code: 'till_decommissioned', field: 'till' });
    const batch = await app.request('/till/sales/batch', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        records: [saleBody([ledgerLine(7, 1, 420)]), saleBody([ledgerLine(7, 3, 420)])],
      }),
    });
    expect(batch.status).toBe(409);
    expect(app.hub.ledger.outcomes.list(app.device, 0, 100).sales).toHaveLength(salesBefore);

    // recorded once: a second decommissioning is refused, and the row cannot be changed
    await expect(german.decommission({ ...request, reason: 'stolen' })).rejects.toMatchObject({
      code: 'already_decommissioned',
    });
    expect(german.decommissioned()!.reason).toBe('retired');
    // a decommissioned till may leave German signing (a set-up one in service may not)
    fiscal.setCountry('none');
    expect(fiscal.country()).toBe('none');
  });

  it('is refused while a sale waits for its late signature, and the TSE stays in service', async () => {
    const german = fiscal.german()!;
    german.testTse!.faults.inject({ kind: 'server-error' });
    const unsigned = await postSale(app, saleBody([ledgerLine(7, 1, 420)]));
    expect(unsigned.status).toBe(200);
    german.testTse!.faults.clear();
    expect(german.store.waiting()).toHaveLength(1);

    await expect(german.decommission(request)).rejects.toMatchObject({ code: 'unsigned_sales_waiting' });
    expect(german.decommissioned()).toBeUndefined();
    expect((await german.client.getTss(german.store.setup()!.tssId)).state).toBe('INITIALIZED');
    expect((await postSale(app, saleBody([ledgerLine(7, 1, 420)]))).status).toBe(200);
  });
});

describe('the decommissioning form on the admin page', () => {
  const ADMIN_KEY = 'decommission-admin-key-31';
  let server: RunningServer;
  beforeAll(async () => {
    server = await startAdminServer(ADMIN_KEY, { fiscal: { dataDir: null, testMode: true } });
    server.fiscal.setCountry('DE');
    server.fiscal.setBusiness(GERMAN_BUSINESS);
    await server.fiscal.german()!.setUp('HOTEL-TILL BAR 1', '2026-01-01');
  });
  afterAll(() => server.close());

  const post = (fields: Record<string, string>, from = {}) =>
    postAdminForm(server.port, '/admin/fiscal/decommission', fields, from);
  const good = { outOfServiceOn: '2026-03-01', reason: 'defect', note: 'display broken', confirm: 'yes' };

  it('refuses a caller elsewhere on the network and a paired tablet (401), and changes nothing', async () => {
    const host = `${hostname().toLowerCase()}:${server.port}`;
    expect((await post(good, { host })).status).toBe(401);
    const { code } = server.hub.createPairingCode({ outlet: 'bar', name: 'Bar 1' });
    const { token } = server.hub.redeemPairingCode(code, '127.0.0.1');
    expect((await post(good, { host, cookie: `${server.hub.cookieName}=${token}` })).status).toBe(401);
    expect(server.fiscal.german()!.decommissioned()).toBeUndefined();
  });

  it('names the field of a bad form and changes nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...good, confirm: '' }, 'confirm'],
      [{ ...good, outOfServiceOn: '2026-02-30' }, 'outOfServiceOn'],
      [{ ...good, outOfServiceOn: '2025-12-31' }, 'outOfServiceOn'], // before the start of use
      [{ ...good, outOfServiceOn: '2999-01-01' }, 'outOfServiceOn'], // after today
      [{ ...good, reason: 'bored' }, 'reason'],
      [{ ...good, note: 'x'.repeat(201) }, 'note'],
    ];
    for (const [fields, field] of cases) {
      const answer = await post(fields);
      expect(answer.status, field).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ field });
    }
    expect(server.fiscal.german()!.decommissioned()).toBeUndefined();
    expect(server.hub.audit.list({ kind: 'fiscal_decommissioned' })).toHaveLength(0);
  });

  it('takes the till out of service with a confirmation, on the audit log and the fiscal page', async () => {
    const answer = await post(good);
    expect(answer.status).toBe(303);
    const [row] = server.hub.audit.list({ kind: 'fiscal_decommissioned' });
    expect(row).toMatchObject({ subject: server.fiscal.german()!.store.setup()!.tseSerial });
    expect(row!.note).toContain('2026-03-01 defect: display broken');
    const page = await requestWithHost(server.port, '/admin/fiscal', {
      headers: { 'accept-language': 'de-DE' },
    });
    expect(page.body).toContain('data-testid="out-of-service-on">2026-03-01<');
    expect(page.body).toContain('Defekt (display broken)');
    expect(page.body).not.toContain('action="/admin/fiscal/decommission"');
    const again = await post(good);
    expect(again.status).toBe(409);
    expect(JSON.parse(again.body)).toMatchObject({ code: 'already_decommissioned' });
  });
});
