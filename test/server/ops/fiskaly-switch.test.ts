// From the embedded TEST-TSE to a real fiskaly account (issue 34, item 5): TSE_URL must be https://;
// at a start with a fiskaly account the test TSE's records move to an archive of their own, the
// real TSE starts with no set-up (the admin page's set-up form) and no test record in its store,
// and the DSFinV-K export refuses Z reports over sales the test TSE signed.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/server/config.ts';
import { createFiscalControl } from '../../../src/server/fiscal/fiscal-control.ts';
import { archiveTestFiscalData, TEST_TSE_THROUGH_SEQ } from '../../../src/server/fiscal-switch.ts';
import { requestWithHost, startAdminServer } from '../../support/host-request.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const FISKALY = {
  url: 'https://kassensichv-middleware.fiskaly.invalid',
  apiKey: 'key-123456',
  apiSecret: 'secret-123456',
};

describe('moving to a fiskaly account', () => {
  it('takes TSE_URL only as https://', () => {
    const account = { TSE_API_KEY: 'k', TSE_API_SECRET: 's' };
    expect(() => readConfig({ ...account, TSE_URL: 'http://kassensichv-middleware.fiskaly.com' })).toThrow(
      /^TSE_URL: the fiskaly address must be https:\/\//,
    );
    expect(() => readConfig({ ...account, TSE_URL: 'http://127.0.0.1:9000' })).toThrow(/^TSE_URL: /);
    expect(readConfig({ ...account, TSE_URL: 'https://kassensichv-middleware.fiskaly.com' }).TSE_URL).toBe(
      'https://kassensichv-middleware.fiskaly.com',
    );
  });

  it("archives the test TSE's records apart and starts the real TSE with nothing of them", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'till-fiskaly-'));
    dirs.push(dataDir);
    const test = createFiscalControl({ dataDir, defaultCountry: 'DE' });
    await test.german()!.setUp('HOTEL-TILL DEMO 1');
    const signed = await test.driver().sign({
      saleId: 'test-sale-1',
      kind: 'sale',
      recordedAt: new Date().toISOString(),
      grossCentsByVatId: { 1: 100 },
      payments: { cashCents: 100, nonCashCents: 0 },
    });
    expect(signed.status).toBe('signed');
    const testSerial = test.german()!.store.setup()!.tseSerial;
    test.close();

    const archive = archiveTestFiscalData(dataDir, 7, new Date('2026-12-06T08:00:00Z'));
    expect(archive?.folder).toBe(join(dataDir, 'fiscal-archive', 'test-tse-2026-12-06T08-00-00-000Z'));
    expect(archive!.files).toEqual(
      expect.arrayContaining(['fiscal.sqlite', 'test-tse.sqlite', 'fiscal-secrets.json']),
    );
    for (const name of ['fiscal.sqlite', 'test-tse.sqlite', 'fiscal-secrets.json'])
      expect(existsSync(join(dataDir, name)), name).toBe(false);
    expect(JSON.parse(readFileSync(join(archive!.folder, 'switch.json'), 'utf8'))).toMatchObject({
      signedByTheTestTseThroughLedgerSeq: 7,
    });

    const real = createFiscalControl({ dataDir, defaultCountry: 'DE', fiskaly: FISKALY });
    try {
      const german = real.german()!;
      expect(german.testTse).toBeUndefined();
      expect(german.store.setup()).toBeUndefined(); // the admin page offers the set-up form
      expect(german.store.get('test-sale-1')).toBeUndefined();
      expect(existsSync(join(dataDir, 'test-tse.sqlite'))).toBe(false);
      expect(JSON.stringify(german.store.setup() ?? {})).not.toContain(testSerial);
    } finally {
      real.close();
    }
    // Nothing left to archive at the next start.
    expect(archiveTestFiscalData(dataDir, 7)).toBeUndefined();
    expect(readdirSync(join(dataDir, 'fiscal-archive'))).toHaveLength(1);
  });

  it('refuses a DSFinV-K export of Z reports over sales the test TSE signed', async () => {
    const server = await startAdminServer('fiskaly-admin-key-1', {
      staffKeyRounds: 1000,
      fiscal: { dataDir: null, testMode: true, defaultCountry: 'DE' },
    });
    try {
      const german = server.fiscal.german()!;
      await german.setUp('HOTEL-TILL 1');
      const before = await requestWithHost(server.port, '/admin/fiscal/dsfinvk.zip?from=1&to=1');
      expect(JSON.parse(before.body).code).toBe('z_unknown'); // no switch: the usual answer
      german.store.saveSetting(TEST_TSE_THROUGH_SEQ, '5');
      const refused = await requestWithHost(server.port, '/admin/fiscal/dsfinvk.zip?from=1&to=1');
      expect(refused.status).toBe(409);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'fiscal_test_archived', field: 'from' });
    } finally {
      await server.close();
    }
  }, 60_000);
});
