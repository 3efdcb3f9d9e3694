// A stdout nobody reads (its reader stopped or gone, the pipe full) does not keep the server from
// stopping: SIGTERM ends main.ts with exit 0 within seconds, the log lines it could not write
// dropped (issue 34, item 7). Before, pino's exit handler retried the write for ever.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('stops on SIGTERM while its stdout pipe is full and unread', async () => {
  dir = mkdtempSync(join(tmpdir(), 'till-dead-stdout-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATA_DIR: dir, PORT: '0', HTTP_PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  try {
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start in 60 s: ${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk;
        const found = /"onThisMachine":"(http:\/\/localhost:\d+)"/.exec(output);
        if (!found) return;
        clearTimeout(timer);
        child.stdout!.off('data', read);
        child.stdout!.pause(); // from here on nobody reads: the pipe fills up
        resolve(found[1]!.replace('localhost', '127.0.0.1'));
      };
      child.stdout!.on('data', read);
    });
    // Each request is a log line (~300 bytes): 600 of them fill the pipe's 64 KiB.
    for (let i = 0; i < 600; i++) await fetch(`${url}/healthz`);
    const started = Date.now();
    child.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('hung'), 20_000)),
    ]);
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
  }
}, 120_000);
