// The closing line CI reads counts a test file that fails to load as failed: a run of one passing
// file and one that cannot load (it reads a file that is not there) must not end "1 passed, 0 failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUN_DIR = join(ROOT, 'test', `.summary-run-${process.pid}`);
afterAll(() => rmSync(RUN_DIR, { recursive: true, force: true }));

function closingLine(files: Record<string, string>): string {
  mkdirSync(RUN_DIR, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(RUN_DIR, name), text);
  const run = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--root',
      RUN_DIR,
      '--config',
      join(ROOT, 'test/support/summary-run.config.ts'),
    ],
    { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  const lines = `${run.stdout}`.split('\n').filter((line) => line.startsWith('Tests: '));
  return lines.at(-1) ?? `no closing line (exit ${run.status}): ${run.stderr}`;
}

describe('the closing line of a test run', () => {
  it('counts a file that fails to load as one failed', () => {
    const line = closingLine({
      'passes.test.ts': "import { expect, it } from 'vitest';\nit('adds', () => expect(1 + 1).toBe(2));\n",
      'cannot-load.test.ts':
        "import { readFileSync } from 'node:fs';\nimport { it } from 'vitest';\n" +
        "const text = readFileSync('/nowhere/index.xml', 'utf8');\nit('reads', () => text);\n",
    });
    expect(line).toBe('Tests: 1 passed, 1 failed, 0 skipped');
  }, 60_000);
});
