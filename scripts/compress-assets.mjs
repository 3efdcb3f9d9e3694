// `npm run build`, after vite: writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text
// file of the built app (dist/) of 1 KB or more, each at its highest level (made once, served many
// times), and only where it is smaller than the file. src/server/http/static-files.ts serves them
// by Accept-Encoding. Runs after vite-plugin-pwa wrote sw.js, so the copies are never precached.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = process.argv[2] ?? 'dist';
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.map']);
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const entry of readdirSync(ROOT, { recursive: true, withFileTypes: true })) {
  const path = join(entry.parentPath, entry.name);
  if (!entry.isFile() || !TEXT.has(extname(path)) || statSync(path).size < MIN_BYTES) continue;
  const bytes = readFileSync(path);
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
  if (brotli.length < bytes.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < bytes.length) writeFileSync(`${path}.gz`, gzip);
  files += 1;
  before += bytes.length;
  after += Math.min(brotli.length, bytes.length);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`compressed ${files} files in ${ROOT}/: ${kb(before)} -> ${kb(after)} brotli (and gzip)`);
