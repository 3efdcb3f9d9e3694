// Build of the outbox benchmark's own little web app (bench/outbox.bench.ts builds it, the real
// server serves it): a page that records sales with the app's journal, and a module service worker
// that drains them with our replay engine and with workbox-background-sync's Queue. Output goes to
// bench/outbox/dist (gitignored); nothing of it reaches the production bundle.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { BENCH_WORKER } from './protocol.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  logLevel: 'warn',
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    modulePreload: false,
    rolldownOptions: {
      input: { index: `${here}index.html`, 'bench-sw': `${here}bench-sw.ts` },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'bench-sw' ? BENCH_WORKER : 'assets/[name]-[hash].js'),
      },
    },
  },
});
