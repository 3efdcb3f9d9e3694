// `npm start` and SIGTERM (issue 20): a SIGTERM sent to the npm process alone must reach node, not
// leave it running orphaned. npm forwards the signal to its child; the start script execs node, so
// that child is node itself (with `sh -c "node …"` the shell took the signal and left node behind).
// Run in a scratch folder with the project's start script, the real scripts/run-built.mjs, and a
// stand-in dist-server/main.js that notes the signal.
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const until = async (check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('npm start', () => {
  it('passes a SIGTERM sent to npm alone on to node, which stops', async () => {
    dir = mkdtempSync(join(tmpdir(), 'till-npm-start-'));
    const project = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    for (const folder of ['scripts', 'dist', 'dist-server']) mkdirSync(join(dir, folder));
    copyFileSync('scripts/run-built.mjs', join(dir, 'scripts/run-built.mjs'));
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: 'signal-test',
        version: '1.0.0',
        type: 'module',
        scripts: { start: project.scripts.start },
      }),
    );
    writeFileSync(join(dir, 'dist/index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'dist-server/build.json'), '{}');
    writeFileSync(
      join(dir, 'dist-server/main.js'),
      `import { writeFileSync } from 'node:fs';
writeFileSync('started', String(process.pid));
process.on('SIGTERM', () => { writeFileSync('stopped', 'SIGTERM'); process.exit(0); });
setInterval(() => {}, 1000);
`,
    );
    const npm = spawn('npm', ['start', '--silent'], { cwd: dir, stdio: 'ignore' });
    const started = join(dir, 'started');
    await until(() => existsSync(started));
    const nodePid = Number(readFileSync(started, 'utf8'));
    npm.kill('SIGTERM'); // npm alone, as systemd without KillMode or a supervisor would send it
    await until(() => existsSync(join(dir!, 'stopped')));
    const alive = () => {
      try {
        process.kill(nodePid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await until(() => !alive(), 5_000);
    expect(readFileSync(join(dir, 'stopped'), 'utf8')).toBe('SIGTERM');
  }, 60_000);
});
