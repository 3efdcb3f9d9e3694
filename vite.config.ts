/// <reference types="vitest/config" />
// Build, PWA and test configuration. Owns: how the app and its service worker (src/sw.ts, built to
// dist/sw.js with the precache manifest injected) are bundled, the web app manifest, and the
// vitest projects ("unit" in Node; "browser" and "browser-alone" against the built app in real browsers).

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import solid from 'vite-plugin-solid';
import { compressAssets, describeTotals } from './scripts/compress-assets.mjs';

const BRAND_COLOUR = '#0f5f66'; // also in index.html, src/app/app.css and public/icons/make-icons.mjs
const PAPER_COLOUR = '#f5f3ef';
const OUT_DIR = 'dist';

/** What the compile-hint plugin reads of the bundle Rolldown hands to `generateBundle`. */
type BuiltFile =
  | { type: 'chunk'; isEntry: boolean; code: string; fileName: string }
  | { type: 'asset'; source: string | Uint8Array };

/** Browser test files that run alone, after the others (see the `browser-alone` project). */
const BROWSER_ALONE = [
  'test/browser/chaos.test.ts',
  'test/browser/outbox-backlog.test.ts',
  'test/browser/recovery.test.ts',
  'test/browser/register.test.ts',
  'test/browser/printing.test.ts',
  'test/browser/stale-notices.test.ts',
  'test/browser/two-waiters-restart.test.ts',
  'test/browser/layout-walk.test.ts',
  'test/browser/webkit-fit.test.ts',
];

export default defineConfig({
  plugins: [
    solid(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt', // a new version waits until the cashier taps "Update"
      injectRegister: false, // src/app/UpdatePrompt.tsx registers via virtual:pwa-register/solid
      // Precached besides the default js/css/html and the manifest icons:
      includeAssets: ['icons/apple-touch-icon-180.png'],
      manifest: {
        name: 'Hotel Till',
        short_name: 'Till',
        description: 'Offline-first cash register for the bar, restaurant and minibar.',
        lang: 'en', // the server answers the manifest in the tablet's language (src/server/http/web-manifest.ts)
        theme_color: BRAND_COLOUR,
        background_color: PAPER_COLOUR,
        display: 'standalone',
        orientation: 'any',
        start_url: '/',
        scope: '/',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    {
      // V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints) on the entry chunk:
      // Chromium compiles all of its functions while the script streams in, off the main thread, not
      // each one on the main thread at its first call during the start (docs/ui-speed.md). Last, on
      // the first line: after minifying and after Vite's own additions to the chunk.
      name: 'hotel-till:compile-hint',
      apply: 'build' as const,
      generateBundle: {
        order: 'post' as const,
        handler(_options: unknown, bundle: Record<string, BuiltFile>) {
          for (const file of Object.values(bundle)) {
            if (file.type !== 'chunk' || !file.isEntry) continue;
            file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
            // the code moved down a line: so do its source map's lines
            const map = bundle[`${file.fileName}.map`];
            if (map?.type === 'asset' && typeof map.source === 'string') {
              const json = JSON.parse(map.source) as { mappings: string };
              map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
            }
          }
        },
      },
    },
    (() => {
      // Brotli and gzip copies of the built text files (served by src/server/http/static-files.ts),
      // made last: after vite-plugin-pwa's sequential closeBundle wrote sw.js, so the worker gets
      // copies too and the copies are never in its precache manifest. In the output folder the build
      // was given (`--outDir`, or bench/ui/build.ts's temporary one), not always dist/.
      let outDir = OUT_DIR;
      return {
        name: 'hotel-till:compress-assets',
        apply: 'build' as const,
        configResolved(config: { build: { outDir: string } }) {
          outDir = config.build.outDir;
        },
        closeBundle: {
          order: 'post' as const,
          sequential: true,
          handler() {
            console.log(describeTotals(outDir, compressAssets(outDir)));
          },
        },
      };
    })(),
  ],
  build: {
    outDir: OUT_DIR,
    target: 'es2022',
    // No <link rel="modulepreload"> per dependency of a lazy chunk: inserting them cost ~300 ms at 4x
    // right after the first paint; from the service worker's cache, a chunk's imports load fast anyway.
    // Except the lock screen's, a first screen itself: its chunks load side by side, not one after
    // the other as each one's imports are found (docs/ui-speed.md). CSS is loaded for every chunk.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (chunk, deps) =>
        /(^|\/)LockScreen-[\w-]+\.js$/.test(chunk) ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      // A feature's index.ts only re-exports (src/features/*/index.ts, docs/features.md): a module of
      // a feature joins a chunk only when something in that chunk uses it, not because the chunk
      // imports the feature's index. Feature modules run nothing on import that is needed unless
      // one of their exports is used.
      treeshake: { moduleSideEffects: (id) => !/[\\/]src[\\/]features[\\/]/.test(id) },
      output: {
        // Everything the entry imports statically (shell, router, Solid, storage, the catalogue view
        // and its state) in ONE chunk: by default each module shared with a lazy view becomes a chunk
        // of its own, and a dozen small chunks compress ~10 % worse and cost a request each.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  test: {
    // Set here too: vite-plugin-solid otherwise defaults every project to jsdom, which is not installed.
    environment: 'node',
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // Two files at a time even on a 2-core machine (vitest's default there is 1: one core idle
          // through the unit tests); the browser tests run after them.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          // CPU-bound tests (dependency-cruiser runs, ECDSA checks) share the cores: a slow machine's
          // time, not a failure. No test here asserts a time (speed targets live in bench/).
          testTimeout: 20_000,
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node', // Node drives a real Chromium through playwright-core
          include: ['test/browser/**/*.test.ts'],
          exclude: BROWSER_ALONE,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two files at a time, after the unit tests: a browser test waits on its page much of the
          // time, so two overlap well on two cores (each file has its own server, ports, browser
          // profile and Xvfb display).
          maxWorkers: 2,
          // No test here claims a time (those run in browser-alone): a page that answers in 1.5 s
          // beside another browser is slow, not wrong, so expect.poll waits 5 s, not vitest's 1 s.
          expect: { poll: { timeout: 5_000 } },
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser-alone',
          environment: 'node',
          include: BROWSER_ALONE,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Last, one file at a time: the tests whose check is a time the issue names (a receipt
          // within 1 s, sales confirmed within 10 s of the server's return, an offline sale under
          // 3 s), the chaos run, and the WebKit walks, which share no machine well.
          fileParallelism: false,
        },
      },
    ],
  },
});
