// In WebKit, the engine of iPad Safari (issue 22: the approval dialog 694 px tall with 962 px of
// content, "Wrong PIN" and Back below the page, the focus ring on a dialog's × as it opens): at an
// iPad's 1024×768 window, the lock screen's PIN step and the manager-approval dialog show the 0
// key, the message line and Back or Cancel without scrolling, and no dialog opens with its × focused
// or ringed. Not run on the helpers' machines (one WebDriver session); the lead runs it.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF, type Server, startTestHotelServer } from '../support/browser-test.ts';
import { launchWebKit, type WebKitSession } from '../support/webkit.ts';
import { findByName, tap } from '../support/webkit-till.ts';

let dataDir: string;
let server: Server | undefined;
let webkit: WebKitSession | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'till-webkit-fit-'));
  server = await startTestHotelServer({
    tls: { dir: join(dataDir, 'tls') },
    port: await freePort(),
    ...DEMO_STAFF,
  });
  const certificateFile = join(dataDir, 'server.crt');
  writeFileSync(certificateFile, server.tls!.cert);
  webkit = await launchWebKit({ certificates: [{ host: 'localhost', certificateFile }] });
});

afterAll(async () => {
  await webkit?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** What of `css` lies outside the window, or a scrolling `scroller`: empty when all fits. */
const OVERFLOW = `
  const [selectors, scroller] = arguments;
  const problems = selectors.filter((css) => {
    const el = [...document.querySelectorAll(css)].find((e) => e.getClientRects().length > 0);
    if (!el) return true;
    const r = el.getBoundingClientRect();
    return r.top < 0 || r.bottom > window.innerHeight + 0.5;
  });
  const pageScrolls = document.scrollingElement.scrollHeight > window.innerHeight + 1;
  const box = scroller ? document.querySelector(scroller) : null;
  if (pageScrolls && !scroller) problems.push('page scrolls');
  if (box && box.scrollHeight > box.clientHeight + 1) problems.push(scroller + ' scrolls');
  return problems;`;

describe('an iPad-sized WebKit window (1024×768)', () => {
  it('shows the PIN step and the approval dialog whole, and opens no dialog with its × ringed', async () => {
    const browser = webkit!;
    const hotel = server!;
    const origin = `https://localhost:${hotel.httpsPort}`;
    const { code } = hotel.hub.createPairingCode({ outlet: 'bar', name: 'iPad fit' });
    await browser.resize(1024, 768);
    await browser.goto(`${origin}/pair?code=${code}`);
    await browser.waitFor('return location.pathname === "/"', 15_000);
    await browser.execute('localStorage.setItem("hotel-till.language", "de")');
    await browser.refresh();

    // The lock screen's PIN step, in German (the longer words)
    await tap(browser, /Mia/, '.lock-person');
    await findByName(browser, '.pin-key', '0');
    expect(
      await browser.execute(OVERFLOW, [['.pin-key:nth-child(11)', '.lock-message', '.lock-back'], null]),
    ).toEqual([]);
    for (const digit of '1111') await browser.click(await findByName(browser, '.pin-key', digit));
    await browser.waitFor('return document.querySelector(".app-staff-name")?.textContent === "Mia"', 15_000);
    // the shift's first sign-in asks for the opening float: no float
    await browser.waitFor(
      'return document.querySelector("[data-testid=float-state]:not([data-state=checking])") !== null',
      15_000,
    );
    await browser.execute(
      'document.querySelector("[data-testid=float-dialog] .float-button:not(.float-primary)")?.click()',
    );
    await browser.waitFor(
      'return document.querySelector("[data-testid=float-state][data-state=open]") !== null',
      15_000,
    );

    // A dialog opens with the focus on its field or itself, never ringing the ×
    await browser.click(await findByName(browser, '.product', /^Pils 0,3 l/));
    await tap(browser, /^Menge/);
    await browser.waitFor('return document.querySelector("dialog[open]") !== null');
    expect(
      await browser.execute(
        'const x = document.querySelector("dialog[open] .dialog-close"); return [document.activeElement === x, x.matches(":focus-visible")]',
      ),
    ).toEqual([false, false]);
    await browser.execute('document.querySelector("dialog[open] .dialog-close").click()');

    // The approval dialog: a void of a sale made while the till server is down (it waits unsent)
    await browser.execute(
      'const real = window.fetch; window.fetch = (url, init) => String(url).includes("/api/") || String(url).includes("/readyz") ? Promise.reject(new TypeError("down")) : real(url, init);',
    );
    await tap(browser, /^Bezahlen/);
    await tap(browser, 'Verkauf abschließen');
    await tap(browser, 'Neuer Verkauf');
    await tap(browser, 'Abgleich', 'nav a');
    await tap(browser, 'Stornieren …');
    await browser.execute(
      'const f = document.querySelector(".sync-void textarea, .sync-void input"); f.value = "x"; f.dispatchEvent(new Event("input", { bubbles: true }));',
    );
    await tap(browser, 'Verkauf stornieren');
    await browser.waitFor('return document.querySelector("[data-testid=approval-dialog]") !== null', 15_000);
    expect(
      await browser.execute(OVERFLOW, [
        ['[data-testid=approval-dialog] .pin-key:nth-child(11)', '[data-testid=approval-dialog] .lock-back'],
        'dialog[open]',
      ]),
    ).toEqual([]);
    expect(
      await browser.execute(
        'return document.querySelector("dialog[open] .dialog-close").matches(":focus-visible")',
      ),
    ).toBe(false);
  });
});
