// `DEMO_HOTEL=de npm start`: the German demo hotel starts with the fiscal country Germany and the
// embedded TEST-TSE set up, says so (its start log line), keeps the TSE's secrets 0600, and keeps the same TSE on the
// next start. main.ts in its own process, as npm start runs it.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type MainProcess, startMain, stopMain } from '../main-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'till-demo-de-'));
const running: MainProcess[] = [];
afterAll(async () => {
  for (const main of running) if (main.child.exitCode === null) await stopMain(main);
  rmSync(dataDir, { recursive: true, force: true });
});

const tseSerialOn = async (url: string) => {
  const page = await (await fetch(`${url}/admin/fiscal`)).text();
  return /data-testid="tse-serial">([0-9a-f]{64})</.exec(page)?.[1];
};

describe('DEMO_HOTEL=de npm start', () => {
  it('starts the German demo hotel with the TEST-TSE set up, and keeps it on the next start', {
    timeout: 60_000,
  }, async () => {
    const first = await startMain(dataDir, { DEMO_HOTEL: 'de' });
    running.push(first);
    expect(first.output()).toMatch(
      /"fiscal":"Germany, embedded TEST-TSE \(receipts are not lawful\), TSE serial [0-9a-f]{16}/,
    );
    expect(first.output()).toContain('test-hotel-de.sqlite');
    const serial = await tseSerialOn(first.url);
    expect(serial).toBeDefined();
    for (const file of ['fiscal-secrets.json', 'test-tse.sqlite'])
      expect(statSync(join(dataDir, file)).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dataDir, 'test-hotel.sqlite'))).toBe(false);
    // The German demo hotel is the business of the DSFinV-K export.
    expect(JSON.parse(readFileSync(join(dataDir, 'fiscal-settings.json'), 'utf8')).business).toMatchObject({
      name: 'Hotel Seeblick',
      postalCode: '82319',
      country: 'DEU',
    });
    expect(await stopMain(first)).toBe(0);

    const second = await startMain(dataDir, { DEMO_HOTEL: 'de' });
    running.push(second);
    expect(await tseSerialOn(second.url)).toBe(serial);
    expect(await stopMain(second)).toBe(0);
  });
});
