// The TLS folder's files on disk. Owns: the folder (mode 0700) and whole-file writes that never
// leave a half-written key or certificate behind (write a temporary file, then rename over).
// Private keys are written with mode 0600 from the first byte.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and its parents) when missing; a new folder is readable by its owner only. */
export function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** Writes the whole file or nothing: a crash mid-write leaves the previous file in place. */
export function writeFileAtomically(file: string, text: string, mode = 0o644): void {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, text, { mode, flag: 'wx' });
  chmodSync(temporary, mode); // the umask may have narrowed or (for 0644) kept the mode; be exact
  renameSync(temporary, file);
}

/** The file's text, or undefined when it does not exist. */
export function readIfExists(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

export function tlsFile(dir: string, name: 'ca.key' | 'ca.crt' | 'server.key' | 'server.crt'): string {
  return join(dir, name);
}
