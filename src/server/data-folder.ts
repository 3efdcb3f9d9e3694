// The data folder is the owner's alone, whatever existed before (a folder made by hand keeps its
// mode): main.ts makes every file the server creates owner-only (umask 077), and at each start sets
// the folder and every folder under it to 0700 and every file to 0600, naming what it changed.
// Symbolic links are not followed. Nothing to do on Windows (no POSIX modes).
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Makes `dir` (and what is in it) owner-only; answers the paths whose mode it changed. */
export function secureDataFolder(dir: string): string[] {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return [];
  const changed: string[] = [];
  const visit = (path: string) => {
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) return;
    const wanted = stats.isDirectory() ? 0o700 : 0o600;
    if ((stats.mode & 0o777) !== wanted) {
      try {
        chmodSync(path, wanted);
        changed.push(path);
      } catch {
        // another user's file (root's .env): config.ts judges the .env's mode itself
      }
    }
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return changed;
}
