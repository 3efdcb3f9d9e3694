// Backups of the server's SQLite databases (`till.sqlite`, and the embedded test hotel's), taken online
// with SQLite's backup API: each copy one consistent snapshot, written as `.partial`, checked, made
// self-contained, then renamed; the newest `keep` (14) per database stay. The running server takes one
// nightly (scheduleNightly); `npm run backup` (backup.ts) at once. Steps: docs/operations.md, "Backups".
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, extname, join } from 'node:path';
import Database from 'better-sqlite3';

/** Backups kept per database. */
export const KEEP_BACKUPS = 14;
/** Pages copied per step after the first: all at once, so a busy writer cannot restart it forever. */
const ALL_PAGES = 0x7fffffff;

export interface BackupOptions {
  /** Backups kept per database, newest first. Default 14. */
  keep?: number;
  now?: () => Date;
}

/** `2026-11-24T03-30-00-123Z`: UTC, sorts as it happened, no colons (Windows). */
export function backupStamp(at: Date): string {
  return at.toISOString().replace(/[:.]/g, '-');
}

const STAMP = String.raw`\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z`;

/** The name a database's backups go by: its file name without `.sqlite`. */
export function backupName(file: string): string {
  return basename(file, extname(file));
}

/**
 * Backs up each database file into `dir`, then deletes all but the newest `keep` of each.
 * Resolves with the paths written.
 * @example await backupDatabases(['data/till.sqlite'], 'data/backups');
 */
export async function backupDatabases(
  files: readonly string[],
  dir: string,
  options: BackupOptions = {},
): Promise<string[]> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stamp = backupStamp((options.now ?? (() => new Date()))());
  const written: string[] = [];
  for (const file of files) {
    const target = join(dir, `${backupName(file)}-${stamp}.sqlite`);
    await backupOne(file, target);
    written.push(target);
    pruneBackups(dir, backupName(file), options.keep ?? KEEP_BACKUPS);
  }
  return written;
}

async function backupOne(file: string, target: string): Promise<void> {
  const partial = `${target}.partial`;
  writeFileSync(partial, '', { mode: 0o600 }); // made 0600 before SQLite writes a byte into it
  try {
    const source = new Database(file, { fileMustExist: true });
    try {
      source.pragma('busy_timeout = 5000');
      await source.backup(partial, { progress: () => ALL_PAGES });
    } finally {
      source.close();
    }
    const copy = new Database(partial);
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copy of ${file} fails quick_check: ${String(check)}`);
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    chmodSync(partial, 0o600);
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** When the newest whole backup of `name` in `dir` was taken (from its name); undefined: none. */
export function lastBackupAt(dir: string, name: string): Date | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${escaped}-(${STAMP})\\.sqlite$`);
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return undefined;
  }
  const stamps = entries.flatMap((entry) => pattern.exec(entry)?.[1] ?? []).sort();
  const newest = stamps.at(-1);
  if (!newest) return undefined;
  const [, day, hours, minutes, seconds, ms] = /^(.{10})T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/.exec(newest)!;
  return new Date(`${day}T${hours}:${minutes}:${seconds}.${ms}Z`);
}

/** A `.partial` this old is a crashed backup's, not one being written. */
const STALE_PARTIAL_MS = 24 * 3_600_000;

/** Deletes all but the newest `keep` backups of `name` in `dir`, and crashed backups' `.partial`s. */
export function pruneBackups(dir: string, name: string, keep: number, now = Date.now()): void {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${escaped}-${STAMP}\\.sqlite(\\.partial)?$`);
  const mine = readdirSync(dir).filter((entry) => pattern.test(entry));
  const whole = mine.filter((entry) => !entry.endsWith('.partial')).sort();
  const crashed = mine.filter(
    (entry) => entry.endsWith('.partial') && now - statSync(join(dir, entry)).mtimeMs > STALE_PARTIAL_MS,
  );
  const old = whole.slice(0, Math.max(0, whole.length - Math.max(1, keep)));
  for (const entry of [...crashed, ...old]) rmSync(join(dir, entry), { force: true });
}

/**
 * Milliseconds from `now` to the next `at` ('HH:MM', local time); a time already past today is
 * tomorrow's.
 * @example msUntil('03:30', new Date(2026, 0, 1, 3, 0)) === 30 * 60_000
 */
export function msUntil(at: string, now: Date): number {
  const [hours, minutes] = at.split(':').map(Number) as [number, number];
  const next = new Date(now);
  next.setHours(hours, minutes, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * Runs `task` every day at `at` (local time) while the process runs; the timer never keeps the
 * process alive. Returns the stop function.
 * @example const stop = scheduleNightly('03:30', () => backupDatabases(files, dir));
 */
export function scheduleNightly(at: string, task: () => Promise<unknown>): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const plan = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        void task().finally(plan);
      },
      msUntil(at, new Date()),
    );
    timer.unref();
  };
  plan();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** The database files that exist among `files`. */
export function existingFiles(files: readonly string[]): string[] {
  return files.filter((file) => existsSync(file));
}
