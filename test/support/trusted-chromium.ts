// Chromium as a hotel tablet that has installed the hotel's CA certificate: its own HOME with an NSS
// database holding the CA (Debian's certutil, from libnss3-tools), and `till.test` resolving to this
// machine, so the till is opened by name over HTTPS, as tablets open it, never as localhost.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from './browser.ts';

/** The name tablets use for the till server in these tests. */
export const TILL_HOST = 'till.test';

/**
 * Launches Chromium trusting `caPem` as a root CA. Closing the browser removes its HOME.
 * @example const browser = await launchTrustingChromium(server.tls!.ca!.pem);
 */
export async function launchTrustingChromium(caPem: string): Promise<Browser> {
  await launchChromium().then((check) => check.close()); // the clear error when Chromium is missing
  const home = mkdtempSync(join(tmpdir(), 'till-tablet-'));
  const nssdb = join(home, '.pki', 'nssdb');
  mkdirSync(nssdb, { recursive: true });
  writeFileSync(join(home, 'hotel-ca.crt'), caPem);
  try {
    execFileSync('certutil', ['-d', `sql:${nssdb}`, '-N', '--empty-password']);
    execFileSync('certutil', [
      '-d',
      `sql:${nssdb}`,
      '-A',
      '-t',
      'C,,',
      '-n',
      'hotel',
      '-i',
      join(home, 'hotel-ca.crt'),
    ]);
  } catch (error) {
    rmSync(home, { recursive: true, force: true });
    throw new Error(
      `certutil failed (apt-get install -y libnss3-tools; .ci/run does this): ${(error as Error).message}`,
    );
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${TILL_HOST} 127.0.0.1`],
    env: { ...process.env, HOME: home },
  });
  browser.on('disconnected', () => rmSync(home, { recursive: true, force: true }));
  return browser;
}
