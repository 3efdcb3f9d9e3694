// `npm start` (the Innsbruck demo, DEMO_HOTEL unset): the fiscal country is Austria with the TEST
// signature unit's register set up at start (Startbeleg), says so in its start line, keeps its key
// files 0600; sales through the interface are signed, an outage switched on the admin page gives
// failed receipts and a Sammelbeleg, and the DEP7 export with its crypto material passes the
// independent verifier, also after a restart. main.ts in its own process, as npm start runs it.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FiscalReceipt } from '../../../src/pms/fiscal-wire.ts';
import { postAdminForm } from '../../support/host-request.ts';
import { ledgerLine, postSale, saleBody } from '../ledger/ledger-support.ts';
import { type MainProcess, pairTablet, startMain, stopMain } from '../main-process.ts';
import { type CryptoContainer, type Dep7, verifyDep } from './rksv-verifier.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'till-demo-at-'));
const running: MainProcess[] = [];
afterAll(async () => {
  for (const main of running) if (main.child.exitCode === null) await stopMain(main);
  rmSync(dataDir, { recursive: true, force: true });
});

async function verifiedDep(url: string) {
  const dep = (await (await fetch(`${url}/admin/fiscal/at/dep7.json`)).json()) as Dep7;
  const material = (await (
    await fetch(`${url}/admin/fiscal/at/crypto-material.json`)
  ).json()) as CryptoContainer;
  const result = verifyDep(dep, material);
  expect(result.problems).toEqual([]);
  return result;
}

describe('npm start (the Innsbruck demo)', () => {
  it('signs with the TEST signature unit from the start, across an outage and a restart', {
    timeout: 90_000,
  }, async () => {
    const main = await startMain(dataDir);
    running.push(main);
    expect(main.output()).toMatch(
      /"fiscal":"Austria, embedded TEST signature unit \(receipts are not lawful\), Kassen-ID HOTEL-TILL-DEMO-1"/,
    );
    for (const file of ['rksv-secrets.json', 'rksv-test-unit.sqlite'])
      expect(statSync(join(dataDir, file)).mode & 0o777).toBe(0o600);
    const tablet = await pairTablet(main.url);
    const via = { request: (path: string, init?: RequestInit) => tablet(`${main.url}${path}`, init) };
    const sell = async () => {
      const answer = await postSale(via, saleBody([ledgerLine(1, 1, 420, { vatRateBp: 2000 })]));
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { fiscal?: FiscalReceipt }).fiscal!;
    };
    expect((await sell()).qrCode).toMatch(/^_R1-AT0_HOTEL-TILL-DEMO-1_2_/);
    const port = Number(new URL(main.url).port);
    expect((await postAdminForm(port, '/admin/fiscal/at/test-unit', { off: '1' })).status).toBe(303);
    expect((await sell()).status).toBe('unsigned');
    expect((await postAdminForm(port, '/admin/fiscal/at/test-unit', { off: '0' })).status).toBe(303);
    expect((await sell()).status).toBe('signed');
    const { receipts } = await verifiedDep(main.url);
    expect(receipts.map((r) => `${r.kind}:${r.signed}`)).toEqual([
      'start:true',
      'standard:true',
      'standard:false',
      'zero:true',
      'standard:true',
    ]);
    expect(await stopMain(main)).toBe(0);

    const second = await startMain(dataDir);
    running.push(second);
    expect(second.output()).toContain('Kassen-ID HOTEL-TILL-DEMO-1');
    const again = await pairTablet(second.url);
    const answer = await postSale(
      { request: (path: string, init?: RequestInit) => again(`${second.url}${path}`, init) },
      saleBody([ledgerLine(1, 1, 420, { vatRateBp: 2000 })]),
    );
    expect(answer.status).toBe(200);
    expect((await verifiedDep(second.url)).receipts).toHaveLength(6);
    expect(await stopMain(second)).toBe(0);
  });
});
