// The import rules of .dependency-cruiser.cjs, run by `npm run deps`, on a small tree built for the
// test: a feature that reaches into another feature's internals, and a view that does, are refused
// by name; the same imports through the feature's index.ts pass. The real tree is checked by
// `npm run deps` itself (in `npm test`).
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = join(import.meta.dirname, '../..');
// Inside the repository, so Babel's presets resolve from its node_modules.
const tree = mkdtempSync(join(repo, '.import-rules-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function writeTree(files: Record<string, string>): void {
  rmSync(join(tree, 'src'), { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
}

async function cruise(): Promise<{ failed: boolean; output: string }> {
  copyFileSync(join(repo, '.dependency-cruiser.cjs'), join(tree, '.dependency-cruiser.cjs'));
  mkdirSync(join(tree, 'scripts'), { recursive: true });
  copyFileSync(join(repo, 'scripts/depcruise-babel.cjs'), join(tree, 'scripts/depcruise-babel.cjs'));
  const bin = join(repo, 'node_modules/.bin/depcruise');
  try {
    const { stdout } = await run(bin, ['src/**/*.{ts,tsx}', '--output-type', 'err'], { cwd: tree });
    return { failed: false, output: stdout };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: `${stdout}${stderr}` };
  }
}

const FEATURE_A = {
  'src/features/ticket/ticket-lines.ts': 'export const lines: string[] = [];\n',
  'src/features/ticket/index.ts': "export { lines } from './ticket-lines';\n",
};

describe('features are used through their index.ts only', () => {
  it('refuses a feature importing another feature internals, naming the rule and the files', async () => {
    writeTree({
      ...FEATURE_A,
      'src/features/payment/sale.ts':
        "import { lines } from '../ticket/ticket-lines';\nexport const count = lines.length;\n",
      'src/features/payment/index.ts': "export { count } from './sale';\n",
    });
    const result = await cruise();
    expect(result.failed).toBe(true);
    expect(result.output).toMatch(
      /feature-through-its-surface: src\/features\/payment\/sale\.ts → src\/features\/ticket\/ticket-lines\.ts/,
    );
  });

  it('refuses a view importing a feature internals', async () => {
    writeTree({
      ...FEATURE_A,
      'src/views/TicketView.tsx':
        "import { lines } from '../features/ticket/ticket-lines';\nexport const n = lines;\n",
    });
    const result = await cruise();
    expect(result.failed).toBe(true);
    expect(result.output).toMatch(
      /outside-uses-feature-surface: src\/views\/TicketView\.tsx → src\/features\/ticket\/ticket-lines\.ts/,
    );
  });

  it('passes the same imports through the index, and a feature using its own modules', async () => {
    writeTree({
      ...FEATURE_A,
      'src/features/payment/sale.ts':
        "import { lines } from '../ticket';\nexport const count = lines.length;\n",
      'src/features/payment/index.ts': "export { count } from './sale';\n",
      'src/views/TicketView.tsx': "import { lines } from '../features/ticket';\nexport const n = lines;\n",
    });
    const result = await cruise();
    expect(result.output).not.toMatch(/error/);
    expect(result.failed).toBe(false);
  });
});
