// Build step (a plugin in vite.config.ts runs it last, after vite-plugin-pwa wrote sw.js, so the
// copies are never precached): writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text
// file of the built app of 1 KB or more, each at its highest level (made once, served many times),
// and only where it is smaller than the file. src/server/http/static-files.ts serves them by
// Accept-Encoding. Also a command: `node scripts/compress-assets.mjs DIR`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.map']);
const MIN_BYTES = 1024;

/** Writes the copies for the files under `root`; returns how many files and their bytes before and after. */
export function compressAssets(root) {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
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
    totals.files += 1;
    totals.bytes += bytes.length;
    totals.brotliBytes += Math.min(brotli.length, bytes.length);
  }
  return totals;
}

/** One line for the build log. */
export function describeTotals(root, { files, bytes, brotliBytes }) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  return `compressed ${files} files in ${root}/: ${kb(bytes)} -> ${kb(brotliBytes)} brotli (and gzip)`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? 'dist';
  console.log(describeTotals(root, compressAssets(root)));
}
