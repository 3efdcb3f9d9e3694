// What the UI benchmark runs inside the page. Kept as plain JavaScript source (not functions passed
// to page.evaluate), so the TypeScript loader's helpers never end up in the page.

/** Where the probe leaves its readings: milliseconds since navigation start (performance.now()). */
export interface ProbeReadings {
  /** The element watched for (the first product tile, or the lock screen's first name) is in the DOM
   * and enabled: Solid's delegated click handler takes it. */
  gridAt: number | null;
  /** The next frame after that (requestAnimationFrame, then a task): the grid has been painted. */
  paintedAt: number | null;
  /** Whether a service worker controlled the page when the grid appeared. */
  controlled: boolean | null;
  /** The app's `till:` performance marks so far: name and ms since navigation start. */
  marks?: [string, number][];
}

/**
 * Init script: watches the DOM from navigation start and notes when the first element matching
 * `selector` appears enabled, then when the next frame has run.
 */
export function probeFor(selector: string): string {
  return `(() => {
  const probe = { gridAt: null, paintedAt: null, controlled: null };
  window.__uiProbe = probe;
  const observer = new MutationObserver(() => {
    const tile = document.querySelector(${JSON.stringify(selector)});
    if (!tile || tile.disabled || probe.gridAt !== null) return;
    probe.gridAt = performance.now();
    probe.controlled = navigator.serviceWorker ? navigator.serviceWorker.controller !== null : false;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { probe.paintedAt = performance.now(); }));
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;
}

/** The first product tile of the grid (`ul.product-grid button.product`). */
export const GRID_PROBE = probeFor('ul.product-grid button.product');

/** The first name on the lock screen, which staff tap to sign in. */
export const LOCK_PROBE = probeFor('.lock-person');

/** Reads the probe (in the page), with the app's `till:` marks. */
export const READ_PROBE = `window.__uiProbe && { ...window.__uiProbe, marks: [
  ...performance.getEntriesByType('mark').filter((mark) => mark.name.startsWith('till:'))
    .map((mark) => [mark.name, mark.startTime]),
  ...performance.getEntriesByType('navigation').flatMap((nav) => [
    ['till:page-worker-start', nav.workerStart], ['till:page-response-end', nav.responseEnd],
    ['till:page-dom-interactive', nav.domInteractive]]),
  ['till:scripts-fetched', Math.max(0, ...performance.getEntriesByType('resource')
    .filter((e) => e.name.endsWith('.js') && e.startTime <= (window.__uiProbe.gridAt ?? Infinity))
    .map((e) => e.responseEnd))],
] }`;

/** Same-origin JavaScript the page fetched before `until` (ms since navigation start), by path. */
export const scriptsFetchedBefore = (until: number) => `performance.getEntriesByType('resource')
  .filter((e) => e.startTime <= ${until} && new URL(e.name).origin === location.origin
    && new URL(e.name).pathname.endsWith('.js'))
  .map((e) => new URL(e.name).pathname)`;

/** Products cached in the till's IndexedDB (the catalogue store), read with the plain API. */
export const CACHED_PRODUCTS = `new Promise((resolve, reject) => {
  const open = indexedDB.open('hotel-till');
  let created = false;
  open.onupgradeneeded = () => { created = true; open.transaction.abort(); }; // never create it here
  open.onerror = () => (created ? resolve(0) : reject(open.error));
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('catalogue')) { db.close(); resolve(0); return; }
    const count = db.transaction('catalogue').objectStore('catalogue').count();
    count.onsuccess = () => { db.close(); resolve(count.result); };
    count.onerror = () => reject(count.error);
  };
})`;
