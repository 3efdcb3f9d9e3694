// `npm run build`, last step: compiles the server (src/server with src/test-hotel, src/pms and
// docs/gateway-endpoints.json) into dist-server/ for plain Node: one ESM bundle per entry (main.js;
// backup.js where src/server/backup.ts exists), shared code in chunks, packages left as imports
// (dist-server/meta.json lists them; production-build.test.ts holds each to be a production
// dependency). Writes dist-server/build.json last: a whole build (scripts/run-built.mjs checks it).
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const OUT = 'dist-server';
const entries = ['main', 'backup'].filter((name) => existsSync(`src/server/${name}.ts`));

rmSync(OUT, { recursive: true, force: true });
const result = await build({
  entryPoints: entries.map((name) => ({ in: `src/server/${name}.ts`, out: name })),
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked', // stack traces map to src/ with NODE_OPTIONS=--enable-source-maps
  sourcesContent: false, // the maps name src/ lines; the TypeScript itself is not shipped
  metafile: true,
  logLevel: 'warning',
});
writeFileSync(`${OUT}/meta.json`, JSON.stringify(result.metafile));
writeFileSync(`${OUT}/build.json`, `${JSON.stringify({ entries, builtAt: new Date().toISOString() })}\n`);
console.log(`server built: ${entries.map((name) => `${OUT}/${name}.js`).join(', ')}`);
