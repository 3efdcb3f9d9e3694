// Shared setup for the TLS and setup-page tests: a fresh temporary folder per test (removed after),
// and openssl run as a real second opinion on what we write.
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from 'vitest';

export const DAY_MS = 24 * 60 * 60 * 1000;

export const test = base.extend<{ dir: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest fixtures must destructure their first argument
  dir: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'till-tls-'));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
});

/** Runs openssl; throws (with its stderr) when it exits non-zero. */
export function openssl(args: string[], input?: string | Uint8Array): string {
  return execFileSync('openssl', args, { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
}

/** The SAN entries as Node prints them, e.g. ["DNS:till.test", "IP Address:10.1.2.3"]. */
export function subjectAltNames(certPem: string): string[] {
  return (new X509Certificate(certPem).subjectAltName ?? '').split(', ');
}

/** A clock the test moves. */
export function testClock(start = new Date()) {
  let time = start.getTime();
  return {
    now: () => new Date(time),
    advanceDays(days: number) {
      time += days * DAY_MS;
    },
  };
}
