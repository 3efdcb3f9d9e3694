// The fiscal country setting: kept in the data folder; switching to none signs nothing and keeps
// the German records, which are there again when Germany is chosen again.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFiscalControl, FISCAL_SETTINGS_FILE } from '../../../src/server/fiscal/fiscal-control.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'fiscal-control-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const sale = (saleId: string) => ({
  saleId,
  kind: 'sale' as const,
  recordedAt: new Date().toISOString(),
  grossCentsByVatId: { 1: 100 },
  payments: { cashCents: 100, nonCashCents: 0 },
});

describe('the fiscal country', () => {
  it('is kept across restarts; none signs nothing; once a TSE is set up, signing cannot be switched off', async () => {
    const first = createFiscalControl({ dataDir, defaultCountry: 'none' });
    expect(first.country()).toBe('none');
    expect((await first.driver().sign(sale('a'))).status).toBe('not-required');
    first.setCountry('DE');
    await first.german()!.setUp('HOTEL-TILL 1');
    const signed = await first.driver().sign(sale('b'));
    expect(signed.status).toBe('signed');
    // Once a TSE is set up, signing cannot be switched off (issue 30).
    expect(() => first.setCountry('none')).toThrow(/cannot be switched off/);
    expect(first.country()).toBe('DE');
    first.close();
    expect(JSON.parse(readFileSync(join(dataDir, FISCAL_SETTINGS_FILE), 'utf8'))).toEqual({
      country: 'DE',
    });

    const second = createFiscalControl({ dataDir, defaultCountry: 'none' });
    expect(second.country()).toBe('DE'); // the saved choice wins over the default
    expect(second.german()!.store.setup()!.clientSerial).toBe('HOTEL-TILL 1');
    expect(second.driver().reprint('b')!.qrCode).toBe(signed.qrCode);
    second.close();
  });
});
