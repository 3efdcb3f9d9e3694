// search_keystroke_ms and add_line_ms, measured inside the page with performance.now().
//
// A keystroke: the search field's value is set to the next prefix of the typed sequence and an
// `input` event dispatched (what a key press ends in). Solid updates the DOM synchronously inside
// the handler (search over the whole catalogue, then the grid's keyed list), so the figure is
// dispatch -> handler done -> a forced style and layout (`offsetHeight`): everything up to paint.
// The time to the next frame (requestAnimationFrame, then a task) is reported separately: in
// headless Chromium it includes the wait for the frame, up to ~16 ms, whatever the app does.
//
// A tap: a product tile's click() (a real click event through Solid's delegated handler) until the
// register's ticket shows one more item (its quantities add up to the taps so far), then forced
// layout. Open-price tiles (they open a dialog) are skipped.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openFreshContext } from '../../test/support/browser.ts';
import { sized } from '../tiny.ts';
import { waitForCachedCatalogue } from './page-wait.ts';
import { median, percentile } from './stats.ts';
import { openSlowedPage } from './throttle.ts';

/** Names, numbers and codes staff type: prefixes, umlauts and ß folding, an article number. */
export const TYPED_WORDS = ['weissbier 0,5', 'käsesp', 'z-4711', 'alpen gin', 'tee'];

export interface Timings {
  medianMs: number;
  p95Ms: number;
  frameMedianMs: number;
  samples: number;
}

function summarise(sync: number[], frame: number[]): Timings {
  return {
    medianMs: median(sync),
    p95Ms: percentile(sync, 95),
    frameMedianMs: median(frame),
    samples: sync.length,
  };
}

/** Every prefix of each word, typed in turn, with the field cleared (backspaced) between words. */
export function typedSequence(words: readonly string[]): string[] {
  const values: string[] = [];
  for (const word of words) {
    for (let i = 1; i <= word.length; i++) values.push(word.slice(0, i));
    for (let i = word.length - 1; i >= 0; i--) values.push(word.slice(0, i));
  }
  return values;
}

const TYPE = `async (values) => {
  const input = document.querySelector('input.search-input');
  if (!input) throw new Error('no search field');
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const sync = [], frame = [], tiles = [];
  for (const value of values) {
    await nextFrame();
    const start = performance.now();
    input.value = value;
    input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }));
    void document.body.offsetHeight;
    sync.push(performance.now() - start);
    await nextFrame();
    frame.push(performance.now() - start);
    tiles.push(document.querySelectorAll('ul.product-grid button.product').length);
  }
  return { sync, frame, tiles };
}`;

/** Types `values` into the search field `rounds + 1` times; the first round warms up, uncounted. */
export async function measureSearch(
  page: Page,
  values: readonly string[],
  rounds: number,
): Promise<Timings & { tilesShown: number }> {
  const sync: number[] = [];
  const frame: number[] = [];
  let tilesShown = 0;
  for (let round = 0; round <= rounds; round++) {
    const result = (await page.evaluate(`(${TYPE})(${JSON.stringify(values)})`)) as {
      sync: number[];
      frame: number[];
      tiles: number[];
    };
    tilesShown = Math.max(...result.tiles);
    if (round === 0) continue;
    sync.push(...result.sync);
    frame.push(...result.frame);
  }
  return { ...summarise(sync, frame), tilesShown };
}

const TAP = `async ({ products, rounds }) => {
  const tiles = [...document.querySelectorAll('ul.product-grid button.product:not(.open-price)')]
    .slice(0, products);
  if (tiles.length < products) throw new Error('not enough product tiles');
  const items = () => [...document.querySelectorAll('ul.ticket-lines .line-qty')]
    .reduce((sum, qty) => sum + Number(qty.textContent), 0);
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const shown = (expected) => new Promise((resolve, reject) => {
    if (items() === expected) return resolve();
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('the ticket shows ' + items() + ' items, not ' + expected));
    }, 5000);
    const observer = new MutationObserver(() => {
      if (items() === expected) { observer.disconnect(); clearTimeout(timer); resolve(); }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const sync = [], frame = [];
  let expected = items();
  for (let round = 0; round < rounds; round++) {
    for (const tile of tiles) {
      await nextFrame();
      expected += 1;
      const start = performance.now();
      tile.click();
      await shown(expected);
      void document.body.offsetHeight;
      sync.push(performance.now() - start);
      await nextFrame();
      frame.push(performance.now() - start);
    }
  }
  return { sync, frame };
}`;

/** Taps `products` tiles `rounds` times each (new lines, then more of the same lines). */
export async function measureAddLine(page: Page, products: number, rounds: number): Promise<Timings> {
  const result = (await page.evaluate(`(${TAP})(${JSON.stringify({ products, rounds })})`)) as {
    sync: number[];
    frame: number[];
  };
  return summarise(result.sync, result.frame);
}

/**
 * A fresh tablet on `url` (paired by `pair`, its CPU slowed `rate` times), once `products` are
 * cached: typing TYPED_WORDS in the search, then tapping 20 tiles on the register.
 * @example const { search, addLine } = await measureInteractions(browser, url, pair, 4, 10_000);
 */
export async function measureInteractions(
  browser: Browser,
  url: string,
  pair: (context: BrowserContext) => Promise<unknown>,
  rate: number,
  products: number,
): Promise<{ search: Timings & { tilesShown: number }; addLine: Timings }> {
  const context = await openFreshContext(browser, { locale: 'en-GB' });
  try {
    await pair(context);
    const page = await openSlowedPage(context, rate);
    await page.goto(url);
    await waitForCachedCatalogue(page, products);
    const search = await measureSearch(page, typedSequence(TYPED_WORDS), sized(3, 1));
    await page.locator('nav a[href="/"]').click();
    await page.locator('ul.product-grid button.product').first().waitFor();
    const addLine = await measureAddLine(page, sized(20, 5), sized(3, 1));
    return { search, addLine };
  } finally {
    await context.close();
  }
}
