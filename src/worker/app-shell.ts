// App-shell caching for the service worker. Owns: which requests are answered from the precache.
// Invariants: every app route navigates to the precached index.html, offline too; /api requests,
// the server's own pages (/admin, /setup, /healthz, /readyz, /till, /pms, /__test) and direct
// requests for files are never answered with index.html; no runtime caching at all.

import type { PrecacheEntry } from 'workbox-precaching';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** Paths (pathname + search) that must reach the network even when navigated to. */
export const NOT_APP_SHELL_PATHS: RegExp[] = [
  /^\/api(?:[/?]|$)/, // the PMS/test-hotel API
  // the server's own pages: a manager opens /admin on a tablet that runs the till
  /^\/(?:admin|setup|healthz|readyz|till|pms|__test)(?:[/?]|$)/,
  /\/[^/?]+\.[^/?]+(?:\?|$)/, // files such as /sw.js or /manifest.webmanifest
];

/**
 * Precaches the build's files but the web app manifest (the server answers it in the tablet's
 * language), drops caches of older Workbox versions, serves app routes offline.
 */
export function registerAppShell(manifest: Array<PrecacheEntry | string>): void {
  cleanupOutdatedCaches();
  precacheAndRoute(
    manifest.filter((entry) => !/manifest\.webmanifest$/.test(typeof entry === 'string' ? entry : entry.url)),
  );
  const appShell = createHandlerBoundToURL('index.html');
  registerRoute(new NavigationRoute(appShell, { denylist: NOT_APP_SHELL_PATHS }));
}
