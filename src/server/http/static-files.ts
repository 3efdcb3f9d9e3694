// The built app (dist/) over HTTP: its files, their precompressed copies (brotli `.br`, gzip `.gz`,
// made by scripts/compress-assets.mjs) chosen by Accept-Encoding, caching headers with ETags, and
// the app shell for the app's routes. Invariants: only files under the root are read; a copy goes out
// only once it has been checked to decode to the file's current bytes (a file changed after the
// build goes out as it is); every file that has copies answers `Vary: Accept-Encoding`.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { requestHeader } from '../../node-http/headers.ts';
import { preferredCoding } from './compression.ts';

/** Content codings of the copies, best first. */
const CODINGS = [
  { name: 'br', suffix: '.br', decode: brotliDecompressSync },
  { name: 'gzip', suffix: '.gz', decode: gunzipSync },
] as const;
type Coding = (typeof CODINGS)[number]['name'];

interface Representation {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
}

interface CachedFile {
  mtimeMs: number;
  size: number;
  type: string;
  cacheControl: string | undefined;
  identity: Representation;
  encoded: Partial<Record<Coding, Representation>>;
  /** The codings it has a checked copy in, best first. */
  codings: Coding[];
}

/**
 * Serves the built app in `dir` on `app` (GET and HEAD), when `dir` holds an index.html: its files,
 * then the app shell for any other path without a file extension. Anything else falls through.
 * @example serveBuiltApp(app, 'dist');
 */
export function serveBuiltApp(app: Hono, dir: string): void {
  const root = resolve(dir);
  if (!existsSync(join(root, 'index.html'))) return;
  const files = new Map<string, CachedFile>();

  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = c.req.path;
    const inRoot = resolve(root, `.${path.endsWith('/') ? `${path}index.html` : path}`);
    if (!inRoot.startsWith(root + sep)) return next();
    let file = load(files, inRoot);
    // The app's own routes (no file extension) get the shell; anything else missing is a real 404.
    if (!file && !/\.[a-z0-9]+$/i.test(path)) file = load(files, join(root, 'index.html'));
    if (!file) return next();
    return answer(c, file);
  });
}

/** The file at `path` as cached, re-read when its size or time changed; undefined for no file. */
function load(files: Map<string, CachedFile>, path: string): CachedFile | undefined {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(path);
  } catch {
    return undefined;
  }
  if (!stats.isFile()) return undefined;
  const cached = files.get(path);
  if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached;
  const bytes = readFileSync(path);
  const encoded: CachedFile['encoded'] = {};
  for (const coding of CODINGS) {
    const copy = readIfExists(path + coding.suffix);
    if (copy && decodesTo(coding.decode, copy, bytes)) encoded[coding.name] = representation(copy);
  }
  const file: CachedFile = {
    mtimeMs: stats.mtimeMs,
    size: stats.size,
    type: getMimeType(path) ?? 'application/octet-stream',
    cacheControl: cacheControl(path),
    identity: representation(bytes),
    encoded,
    codings: CODINGS.map(({ name }) => name).filter((name) => encoded[name]),
  };
  files.set(path, file);
  return file;
}

/** The worker script and the pages must never be stale; hashed assets can be cached for good. */
function cacheControl(path: string): string | undefined {
  if (/(?:sw\.js|\.html|\.webmanifest)$/.test(path)) return 'no-cache';
  if (path.includes(`${sep}assets${sep}`)) return 'public, max-age=31536000, immutable';
  return undefined;
}

function answer(c: Context, file: CachedFile): Response {
  const coding = preferredCoding(requestHeader(c, 'accept-encoding'), file.codings);
  const chosen = coding ? file.encoded[coding]! : file.identity;
  const headers: Record<string, string> = { 'Content-Type': file.type, ETag: chosen.etag };
  if (file.cacheControl) headers['Cache-Control'] = file.cacheControl;
  if (file.codings.length > 0) headers.Vary = 'Accept-Encoding';
  if (coding) headers['Content-Encoding'] = coding;
  if (matchesEtag(requestHeader(c, 'if-none-match'), chosen.etag)) return c.body(null, 304, headers);
  headers['Content-Length'] = String(chosen.bytes.length);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(chosen.bytes, 200, headers);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

function representation(bytes: Buffer): Representation {
  const view = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
  return { bytes: view, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"` };
}

function readIfExists(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

function decodesTo(decode: (bytes: Buffer) => Buffer, copy: Buffer, original: Buffer): boolean {
  try {
    return decode(copy).equals(original);
  } catch {
    return false;
  }
}
