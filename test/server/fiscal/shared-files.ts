// Where the shared fiscal facts are: `../shared/fiscal-de` beside the clone (as in CI); a worktree
// under wt/ finds them one level further up.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
export const SHARED_FISCAL_DIR =
  [resolve(ROOT, '../shared/fiscal-de'), resolve(ROOT, '../../shared/fiscal-de')].find((dir) =>
    existsSync(resolve(dir, 'index.xml')),
  ) ?? resolve(ROOT, '../shared/fiscal-de');
