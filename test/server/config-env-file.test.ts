// Settings from the data folder's `.env`, as hotel IT keeps them beside the data: read when
// present, the process environment wins over it, and a wrong value there stops the start with one
// line naming the variable and the file.
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { configWarnings, loadConfig } from '../../src/server/config.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDirWith(envFile: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'till-env-'));
  dirs.push(dir);
  writeFileSync(join(dir, '.env'), envFile, { mode: 0o600 });
  return dir;
}

describe('DATA_DIR/.env', () => {
  it('is read, with the process environment winning over it', () => {
    const dir = dataDirWith(
      '# kept by hotel IT\nPORT=9443\nLOG_LEVEL=debug\nPMS_URL="https://pms.example.com"\nPMS_API_KEY=from-file\n',
    );
    const config = loadConfig({ DATA_DIR: dir, PMS_API_KEY: 'from-environment' });
    expect(config).toMatchObject({
      PORT: 9443,
      LOG_LEVEL: 'debug',
      PMS_URL: 'https://pms.example.com',
      PMS_API_KEY: 'from-environment',
      hubFile: join(dir, 'till.sqlite'),
      backupDir: join(dir, 'backups'),
    });
  });

  it('is optional, and the defaults hold without it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'till-env-'));
    dirs.push(dir);
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({
      PORT: 8443,
      LOG_LEVEL: 'info',
      BACKUP_AT: '03:30',
    });
  });

  it('names the variable and the file of a wrong value', () => {
    const dir = dataDirWith('LOG_LEVEL=chatty\n');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(
      `LOG_LEVEL: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (set in ${join(dir, '.env')})`,
    );
    expect(() => loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'warn' })).not.toThrow();
  });

  it('stops npm start with one line naming the variable when a value there is wrong', async () => {
    const dir = dataDirWith('HTTP_PORT=eighty\n');
    const start = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', HTTP_PORT: '' },
    });
    const failure = await start.then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    // The log (stdout) is JSON from its first line; the sentence goes to the terminal (stderr).
    expect(JSON.parse(failure?.stdout ?? '')).toMatchObject({
      level: 60,
      msg: expect.stringContaining('HTTP_PORT'),
    });
    expect(failure?.stderr).toBe(
      `Hotel Till cannot start: HTTP_PORT: HTTP_PORT must be a port number from 0 to 65535 (set in ${join(dir, '.env')})\n`,
    );
  }, 20_000);
});

describe('settings that cannot work safely (issue 20)', () => {
  const base = (dir: string) => ({ DATA_DIR: dir });
  it('refuses a plain http:// PMS_URL, which would send the key unencrypted, but on this machine', () => {
    const dir = dataDirWith('');
    expect(() => loadConfig({ ...base(dir), PMS_URL: 'http://pms.example.com', PMS_API_KEY: 'k' })).toThrow(
      /^PMS_URL: a plain http:\/\/ address would send the hotel API key unencrypted/,
    );
    const local = loadConfig({ ...base(dir), PMS_URL: 'http://127.0.0.1:9000', PMS_API_KEY: 'k' });
    expect(configWarnings(local)).toEqual([expect.stringContaining('unencrypted')]);
  });

  it('refuses PMS_API_KEY without PMS_URL', () => {
    const dir = dataDirWith('');
    expect(() => loadConfig({ ...base(dir), PMS_API_KEY: 'k' })).toThrow(
      /^PMS_URL: PMS_API_KEY is set without it/,
    );
  });

  it('refuses a .env every user of the machine can read', () => {
    const dir = dataDirWith('PMS_URL=https://pms.example.com\nPMS_API_KEY=secret\n');
    chmodSync(join(dir, '.env'), 0o644);
    expect(() => loadConfig(base(dir))).toThrow(/is readable by every user of this machine: chmod 600/);
    chmodSync(join(dir, '.env'), 0o600);
    expect(loadConfig(base(dir)).PMS_API_KEY).toBe('secret');
  });

  it('stops npm start with one clear line when the port is in use', async () => {
    const dir = dataDirWith('');
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const failure = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', HTTP_PORT: String(port) },
      }).then(
        () => undefined,
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain(`Hotel Till cannot start: HTTP_PORT ${port}: the port is in use`);
      expect(failure?.stderr).not.toMatch(/\n\s+at /); // no stack trace
      const last = failure!.stdout.trim().split('\n').at(-1)!;
      expect(JSON.parse(last)).toMatchObject({ level: 60, port });
    } finally {
      taken.close();
    }
  }, 30_000);
});

describe('TILL_RECORDED_SALES_ONLY', () => {
  it('is on unless the hotel opts out with 0, false or no', () => {
    const dir = dataDirWith('');
    expect(loadConfig({ DATA_DIR: dir }).TILL_RECORDED_SALES_ONLY).toBe(true);
    for (const on of ['', '1', 'true', 'yes'])
      expect(loadConfig({ DATA_DIR: dir, TILL_RECORDED_SALES_ONLY: on }).TILL_RECORDED_SALES_ONLY, on).toBe(
        true,
      );
    for (const off of ['0', 'false', 'no'])
      expect(loadConfig({ DATA_DIR: dir, TILL_RECORDED_SALES_ONLY: off }).TILL_RECORDED_SALES_ONLY, off).toBe(
        false,
      );
  });
});
