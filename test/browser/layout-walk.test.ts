// The layout walk (issue 33): every screen and dialog of the till, in Chromium and WebKit (the
// engine of iPad Safari), in English and German, at 1024×768 and 768×1024, checked by
// test/support/layout-check.ts: no button or input cut, out of the window or narrower than its text.
// One server, one browser per engine, one tablet per engine and language that walks the screens and
// is resized to both sizes at each; taps are DOM clicks (this test is about layout, other tests tap).
// Screenshots of a screen with problems go to test-results/screenshots/layout-*.png.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrinterDouble, startPrinterDouble } from '../../src/server/printing/printer-double.ts';
import { launchChromium } from '../support/browser.ts';
import { DEMO_STAFF, type Server, startTestHotelServer } from '../support/browser-test.ts';
import { LAYOUT_PROBLEMS } from '../support/layout-check.ts';
import { printerAt } from '../support/printers.ts';
import { launchWebKit, type WebKitSession } from '../support/webkit.ts';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
] as const;
const SHOTS = 'test-results/screenshots';

/** One tablet in either engine: a script run in its page (a function body), its size, a screenshot. */
interface Tab {
  run<T>(body: string, args?: unknown[]): Promise<T>;
  size(width: number, height: number): Promise<void>;
  shot(name: string): Promise<void>;
}

function chromiumTab(page: Page): Tab {
  return {
    run: (body, args = []) =>
      page.evaluate(`(async function () { ${body} }).apply(null, ${JSON.stringify(args)})`),
    size: (width, height) => page.setViewportSize({ width, height }),
    shot: async (name) => void (await page.screenshot({ path: `${SHOTS}/${name}.png` })),
  };
}

function webkitTab(webkit: WebKitSession): Tab {
  return {
    run: (body, args = []) =>
      webkit.execute(`return (async function () { ${body} }).apply(null, arguments)`, args),
    size: (width, height) => webkit.resize(width, height),
    shot: (name) => webkit.screenshot(`${SHOTS}/${name}.png`),
  };
}

/** Finds the visible element matching css whose text or aria-label matches the pattern, and clicks it. */
const TAP = String.raw`
  const [css, source] = arguments;
  const pattern = new RegExp(source);
  const deadline = Date.now() + 10000;
  for (;;) {
    const el = [...document.querySelectorAll(css)].find((e) => e.getClientRects().length > 0 &&
      !e.disabled && pattern.test((e.getAttribute('aria-label') || e.textContent || '').replace(/\s+/g, ' ').trim()));
    if (el) { el.click(); return true; }
    if (Date.now() > deadline) throw new Error('nothing to tap: ' + css + ' ' + source);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }`;

const SETTLE =
  'await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))); await new Promise((r) => setTimeout(r, 120)); return true;';

/** The staff words the walk taps, in the tablet's language. */
const WORDS = {
  en: {
    pay: '^Pay ',
    byItems: '^By lines',
    equal: '^Equal',
    whole: '^Whole',
    card: 'Girocard',
    cash: 'Cash',
    complete: '^Complete sale$',
    newSale: '^New sale$',
    openPrice: '^Open price$',
    park: '^Park$',
    tabs: '^Tabs',
    refund: '^Refund',
  },
  de: {
    pay: '^Bezahlen ',
    byItems: '^Nach Positionen',
    equal: '^Gleiche',
    whole: '^Ganzer',
    card: 'Girocard',
    cash: 'Bar / Cash',
    complete: '^Verkauf abschließen$',
    newSale: '^Neuer Verkauf$',
    openPrice: '^Freier Preis$',
    park: '^Parken$',
    tabs: '^Geparkt',
    refund: '^Erstatt|^Rückgabe|^Rücknahme',
  },
} as const;

let server: Server | undefined;
let printer: PrinterDouble | undefined;
let chromium: Browser | undefined;
let webkit: WebKitSession | undefined;
let dataDir: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  printer = await startPrinterDouble();
  dataDir = mkdtempSync(join(tmpdir(), 'till-layout-'));
  // HTTPS for WebKit (its certificate pinned for localhost); Chromium takes the server machine's http://localhost
  server = await startTestHotelServer({
    ...DEMO_STAFF,
    tls: { dir: join(dataDir, 'tls') },
    terminalDouble: true,
    printerDouble: printer,
  });
  server.printing.printers.add(printerAt(printer));
  server.printing.printers.add(printerAt(printer, { role: 'order', name: 'Bar', groups: '1, 2' }));
});

afterAll(async () => {
  await chromium?.close();
  await webkit?.close();
  await server?.close();
  await printer?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Walks every screen and dialog at both sizes; answers every problem found. */
async function walk(tab: Tab, engine: string, language: 'en' | 'de'): Promise<string[]> {
  const words = WORDS[language];
  const problems: string[] = [];
  const tap = (css: string, pattern: string) => tab.run(TAP, [css, pattern]);
  const waitFor = async (expression: string) => {
    const deadline = Date.now() + 15_000;
    while (!(await tab.run<boolean>(`return ${expression}`))) {
      if (Date.now() > deadline)
        throw new Error(`${engine} ${language}: timed out waiting for ${expression}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const closeDialog = async () => {
    await tab.run('document.querySelector("dialog[open] .dialog-close").click()');
    await waitFor('!document.querySelector("dialog[open]")');
  };
  const check = async (screen: string) => {
    for (const { width, height } of SIZES) {
      await tab.size(width, height);
      await tab.run(SETTLE);
      const found = await tab.run<string[]>(LAYOUT_PROBLEMS, [
        `${engine} ${language} ${width}x${height} ${screen}`,
      ]);
      if (found.length > 0) await tab.shot(`layout-${engine}-${language}-${width}x${height}-${screen}`);
      problems.push(...found);
    }
  };
  const typePin = async (pin: string) => {
    for (const digit of pin) await tap('.pin-key', `^${digit}$`);
  };

  // The lock screen: who is working, then the PIN step
  await waitFor('document.querySelector(".lock-person") !== null');
  await check('lock');
  await tap('.lock-person', '^Mia');
  await waitFor('document.querySelector(".pin-key") !== null');
  await check('lock-pin');
  await typePin('1111');
  // The shift's first sign-in asks for the opening float (each tablet of the walk is new)
  await waitFor('document.querySelector("[data-testid=float-state]:not([data-state=checking])") !== null');
  if (
    await tab.run<boolean>(
      'return document.querySelector("[data-testid=float-dialog]")?.checkVisibility() === true',
    )
  ) {
    await check('float');
    await tab.run(
      'document.querySelector("[data-testid=float-dialog] .float-button:not(.float-primary)").click()',
    );
    await waitFor('document.querySelector("[data-testid=float-state][data-state=open]") !== null');
  }
  await waitFor('document.querySelector("ul.product-grid button") !== null');

  // The register with a ticket of three lines, and each of the ticket's dialogs
  // Cappuccino broke mid-word on its quick key (DejaVu fonts): it is sold, so it gets one
  for (const name of ['^Cappuccino', '^Aperol Spritz', '^Apfelstrudel'])
    await tap('ul.product-grid button', name);
  await waitFor('document.querySelectorAll(".ticket-line").length === 3');
  await waitFor('document.querySelector("[data-testid=send-order]") !== null');
  await check('ticket');
  for (const [name, open] of [
    ['quantity', () => tap('.line-qty', '.')],
    ['line-discount', () => tap('.line-discount-key', '.')],
    ['open-price', () => tap('.ticket-actions button', words.openPrice)],
    ['park', () => tap('.ticket-actions button', words.park)],
    ['tabs', () => tap('.ticket-actions button', words.tabs)],
  ] as const) {
    await open();
    await waitFor('document.querySelector("dialog[open]") !== null');
    await check(name);
    await closeDialog();
  }

  // The pay screen: cash, split by items and in equal parts, and by card
  await tap('.pay-button', words.pay);
  await waitFor('document.querySelector(".pay-complete, .card-pay") !== null');
  await check('pay-cash');
  await tap('.split-modes button', words.byItems);
  await check('pay-split-items');
  await tap('.split-modes button', words.equal);
  await check('pay-split-equal');
  await tap('.split-modes button', words.whole);
  await tap('.choice', words.card);
  await waitFor('document.querySelector(".card-pay") !== null');
  await check('pay-card');
  await tap('.choice', words.cash);
  await tap('.pay-complete', words.complete);
  await waitFor('document.querySelector(".receipt-panel") !== null');
  await check('receipt');
  await tap('.receipt-panel button', words.newSale);
  await waitFor('document.querySelector(".ticket-actions") !== null');
  await check('register-after-sale');

  // Every other section
  for (const path of ['/room-charge', '/sync', '/report', '/catalogue', '/settings']) {
    await tab.run(`document.querySelector('nav a[href="${path}"]').click()`);
    await waitFor('document.querySelector("main .view:not(.register-view)") !== null');
    await tab.run(SETTLE);
    await check(path.slice(1));
  }
  return problems;
}

describe('every screen and dialog fits at 1024×768 and 768×1024', () => {
  for (const language of ['en', 'de'] as const) {
    it(`in Chromium (${language})`, async () => {
      chromium ??= await launchChromium();
      const hotel = server!;
      const context = await chromium.newContext({
        viewport: SIZES[0],
        locale: language === 'de' ? 'de-DE' : 'en-GB',
        serviceWorkers: 'allow',
        bypassCSP: true, // the walk's scripts run in the page
      });
      try {
        await context.addInitScript((lang) => localStorage.setItem('hotel-till.language', lang), language);
        const page = await context.newPage();
        const { code } = hotel.hub.createPairingCode({ outlet: 'bar', name: `Layout Chromium ${language}` });
        await page.goto(`${hotel.url}/pair?code=${code}`);
        expect(await walk(chromiumTab(page), 'chromium', language)).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`in WebKit (${language})`, async () => {
      const hotel = server!;
      if (!webkit) {
        const certificateFile = join(dataDir, 'server.crt');
        writeFileSync(certificateFile, hotel.tls!.cert);
        webkit = await launchWebKit({ certificates: [{ host: 'localhost', certificateFile }] });
      }
      const { code } = hotel.hub.createPairingCode({ outlet: 'bar', name: `Layout WebKit ${language}` });
      await webkit.resize(SIZES[0].width, SIZES[0].height);
      await webkit.goto(`https://localhost:${hotel.httpsPort}/pair?code=${code}`);
      await webkit.waitFor('return location.pathname === "/"', 15_000);
      await webkit.execute(`localStorage.setItem("hotel-till.language", "${language}")`);
      await webkit.refresh();
      expect(await walk(webkitTab(webkit), 'webkit', language)).toEqual([]);
    });
  }
});
