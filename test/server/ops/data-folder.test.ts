// The data folder is the owner's alone whatever existed (issue 34, item 7): a folder made by hand
// with 0755 and files readable by everyone become 0700 and 0600, links are not followed.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { secureDataFolder } from '../../../src/server/data-folder.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const mode = (path: string) => statSync(path).mode & 0o777;

it.skipIf(process.platform === 'win32')(
  'makes the folder, its folders and its files owner-only, and says what it changed',
  () => {
    const root = mkdtempSync(join(tmpdir(), 'till-modes-'));
    made.push(root);
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'x');
    chmodSync(outside, 0o644);
    const data = join(root, 'data');
    mkdirSync(join(data, 'backups'), { recursive: true });
    chmodSync(data, 0o755);
    chmodSync(join(data, 'backups'), 0o755);
    writeFileSync(join(data, 'till.sqlite'), '');
    chmodSync(join(data, 'till.sqlite'), 0o644);
    writeFileSync(join(data, 'backups', 'till-x.sqlite'), '');
    chmodSync(join(data, 'backups', 'till-x.sqlite'), 0o664);
    writeFileSync(join(data, 'admin-key.json'), '{}', { mode: 0o600 });
    symlinkSync(outside, join(data, 'link'));

    const changed = secureDataFolder(data);
    expect(mode(data)).toBe(0o700);
    expect(mode(join(data, 'backups'))).toBe(0o700);
    expect(mode(join(data, 'till.sqlite'))).toBe(0o600);
    expect(mode(join(data, 'backups', 'till-x.sqlite'))).toBe(0o600);
    expect(mode(outside)).toBe(0o644); // the link's target is not the data folder's
    expect(changed.sort()).toEqual(
      [data, join(data, 'backups'), join(data, 'backups', 'till-x.sqlite'), join(data, 'till.sqlite')].sort(),
    );
    expect(secureDataFolder(data)).toEqual([]);
  },
);
