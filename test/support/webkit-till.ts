// The till in WebKit (test/support/webkit.ts), the way staff use it: buttons and links found by what
// they say (their text or aria-label, as a screen reader names them) and tapped with a real WebDriver
// click, fields found by their label and typed into, and the till's journal and outbox read out of
// IndexedDB through the page, in the shape chaos-support.ts's `checkAgainstHotel` takes.
// WebDriver has no "by role and name" locator, so the page finds the element and hands it back as
// an element reference; clicking it through the driver scrolls it into view first (WebKit refuses
// elements out of view) and fires the real pointer events, as a tap does.
import type { TillContents } from '../browser/chaos-support.ts';
import { WebDriverError, type WebKitSession } from './webkit.ts';

/** The W3C key under which an element reference travels (webkit.ts keeps its own copy private). */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/** A visible element's accessible-ish name: aria-label, else its text with spaces collapsed. */
const NAME_OF = `(el) => (el.getAttribute('aria-label') || el.textContent || '').replace(/\\s+/g, ' ').trim()`;

/**
 * The first visible element matching `css` whose name (aria-label or text) is `name`, or matches it
 * when a RegExp; waits up to `timeoutMs` for it and answers its element id.
 * @example await webkit.click(await findByName(webkit, 'nav a', 'Room charge'));
 */
export async function findByName(
  webkit: WebKitSession,
  css: string,
  name: string | RegExp,
  timeoutMs = 10_000,
): Promise<string> {
  const pattern = typeof name === 'string' ? null : { source: name.source, flags: name.flags };
  const found = await webkit.waitFor<Record<string, string>>(
    `const [css, exact, pattern] = arguments;
     const nameOf = ${NAME_OF};
     const wanted = pattern ? new RegExp(pattern.source, pattern.flags) : null;
     return [...document.querySelectorAll(css)].find((el) => {
       if (el.getClientRects().length === 0) return false;
       const name = nameOf(el);
       return wanted ? wanted.test(name) : name === exact;
     }) ?? null;`,
    timeoutMs,
    [css, typeof name === 'string' ? name : null, pattern],
  );
  const id = found[ELEMENT_KEY];
  if (id === undefined)
    throw new Error(`findByName(${css}, ${name}): no element id in ${JSON.stringify(found)}`);
  return id;
}

/** How often `tap` finds the element again when the page replaced it between finding and clicking. */
const STALE_RETRIES = 5;

/**
 * Taps the button (or link) named `name`, e.g. "Complete sale"; see findByName. When the driver
 * answers "stale element reference" (the view re-rendered and replaced the element after it was
 * found) it finds the element again and taps that: the driver checks the reference before it
 * scrolls or clicks, so a stale answer means no tap happened and a retry cannot tap twice.
 */
export async function tap(
  webkit: WebKitSession,
  name: string | RegExp,
  css = 'button, a, [role=button]',
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await webkit.click(await findByName(webkit, css, name));
      return;
    } catch (error) {
      const stale = error instanceof WebDriverError && error.error === 'stale element reference';
      if (!stale || attempt > STALE_RETRIES) throw error;
    }
  }
}

/** Types `text` into the (empty) field whose <label> says `label` in its first <span>, key by key. */
export async function typeInto(webkit: WebKitSession, label: string, text: string): Promise<void> {
  const found = await webkit.waitFor<Record<string, string>>(
    `const label = [...document.querySelectorAll('label')].find(
       (el) => el.getClientRects().length > 0 && el.querySelector('span')?.textContent?.trim() === arguments[0],
     );
     return label?.control ?? label?.querySelector('input, textarea') ?? null;`,
    10_000,
    [label],
  );
  const id = found[ELEMENT_KEY];
  if (id === undefined) throw new Error(`typeInto(${label}): no element id in ${JSON.stringify(found)}`);
  await webkit.execute('arguments[0].scrollIntoView({ block: "center" });', [found]);
  await webkit.sendKeys(id, text);
}

/** Opens the till's IndexedDB ('hotel-till', src/storage/db.ts) and reads whole stores, in the page. */
const READ_STORES = `
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open('hotel-till');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const all = (store) => new Promise((resolve, reject) => {
    const request = db.transaction(store).objectStore(store).getAll();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });`;

/** Steps being sent right now, and steps not done yet, read from the till's outbox (as chaos-support's tillActivity). */
export function tillActivity(webkit: WebKitSession): Promise<{ inFlight: number; notDone: number }> {
  return webkit.execute(`return (async () => {
    ${READ_STORES}
    try {
      const intents = await all('intents');
      return {
        inFlight: intents.filter((intent) => intent.state === 'in-flight').length,
        notDone: intents.filter((intent) => intent.state !== 'done').length,
      };
    } finally {
      db.close();
    }
  })();`);
}

/**
 * How long the outbox will hold off by itself: ms until the "PMS unreachable" hold ends (0: not
 * held), and the most transient failures in a row of any step (what drives its backoff).
 */
export function outboxBackoff(webkit: WebKitSession): Promise<{ heldForMs: number; failuresInRow: number }> {
  return webkit.execute(`return (async () => {
    ${READ_STORES}
    const meta = (key) => new Promise((resolve, reject) => {
      const request = db.transaction('meta').objectStore('meta').get(key);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const [until, intents] = await Promise.all([meta('unreachable-until'), all('intents')]);
      return {
        heldForMs: Math.max(0, (until ?? 0) - Date.now()),
        failuresInRow: Math.max(0, ...intents.map((intent) => intent.failuresInRow ?? 0)),
      };
    } finally {
      db.close();
    }
  })();`);
}

/** The whole journal and outbox (as chaos-support's readTill). */
export function readTill(webkit: WebKitSession): Promise<TillContents> {
  return webkit.execute(`return (async () => {
    ${READ_STORES}
    try {
      const [sales, intents] = await Promise.all([all('sales'), all('intents')]);
      return { sales, intents };
    } finally {
      db.close();
    }
  })();`);
}

/**
 * Starts keeping the page's uncaught errors and unhandled rejections in `window.__tillErrors`
 * (until the next load); read them with `pageErrors`.
 */
export async function collectPageErrors(webkit: WebKitSession): Promise<void> {
  await webkit.execute(`
    window.__tillErrors = [];
    addEventListener('error', (event) => window.__tillErrors.push(String(event.message)));
    addEventListener('unhandledrejection', (event) => window.__tillErrors.push(String(event.reason)));`);
}

/** What `collectPageErrors` kept since it was called on this page. */
export function pageErrors(webkit: WebKitSession): Promise<string[]> {
  return webkit.execute<string[]>('return window.__tillErrors ?? ["(errors were not being collected)"]');
}
