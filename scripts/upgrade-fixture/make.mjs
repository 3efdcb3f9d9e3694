// `node scripts/upgrade-fixture/make.mjs`: makes test/fixtures/upgrade-9fad3f1/, the previous
// release's data folder with a paired tablet, and that tablet's outbox holding a pending cash sale
// and room charge (test/server/ops/upgrade.test.ts upgrades a copy). Checks out 9fad3f1 in a
// temporary git worktree (this checkout's node_modules linked in), runs old-release.ts there with
// tsx, then removes the worktree. Needs the git history (not a shallow clone).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const RELEASE = '9fad3f1';
const out = resolve('test/fixtures/upgrade-9fad3f1');
const checkout = join(mkdtempSync(join(tmpdir(), 'till-previous-')), 'tree');
execFileSync('git', ['worktree', 'add', '--detach', checkout, RELEASE], { stdio: 'inherit' });
try {
  symlinkSync(resolve('node_modules'), join(checkout, 'node_modules'));
  copyFileSync('scripts/upgrade-fixture/old-release.ts', join(checkout, 'old-release.ts'));
  rmSync(out, { recursive: true, force: true });
  execFileSync(process.execPath, [resolve('node_modules/tsx/dist/cli.mjs'), 'old-release.ts', out], {
    cwd: checkout,
    stdio: 'inherit',
  });
  // One self-contained file per database, as a backup is (no -wal beside it).
  for (const name of ['till.sqlite', 'test-hotel.sqlite']) {
    execFileSync('sqlite3', [join(out, name), 'PRAGMA journal_mode=DELETE; VACUUM;']);
  }
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', checkout], { stdio: 'inherit' });
}
