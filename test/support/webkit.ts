// Real WebKit (the engine of iPad Safari) for browser tests, driven over W3C WebDriver with plain
// `fetch`. Owns: a private Xvfb display, WebKitGTK's WebKitWebDriver and MiniBrowser, a fresh browser
// profile per launch, pinned TLS certificates, and tearing all of it down again.
// Browser tests are required: missing WebKit tools are an error, never a skipped test.
//
// WebKitGTK 2.50 quirks seen here (see also docs/testing.md):
// - `certificates` in webkitgtk:browserOptions PINS a certificate for a host (WebKit compares the
//   SHA-256 of the server's leaf certificate); it does not make a CA trusted. Pass the server
//   certificate, not the CA. The pin is per host name: `localhost` does not cover `127.0.0.1`.
//   A certificateFile that does not exist is silently ignored by the driver (checked here instead).
// - A TLS failure is silent: POST /url answers success and `location.href` stays where it was
//   (about:blank in a new session). GET /url then reports about:blank or, when WebKit shows an
//   error page ("Operation was cancelled"; about 1 run in 8), the requested URL: check
//   `location.href` with execute. A refused connection shows "Could not connect to ..." the same way.
// - The driver takes one session at a time, so every launch has its own driver (and display).
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export const WEBKIT_DRIVER = 'WebKitWebDriver';
export const MINIBROWSER_PATH = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB = 'Xvfb';
const INSTALL_HINT =
  'Install them with "apt-get install -y webkit2gtk-driver xvfb" (.ci/run does this); WebKit tests are never skipped.';

/** The W3C key under which an element reference travels. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/** One entry of WebKitGTK's `certificates` browser option: accept exactly this certificate for this host. */
export interface PinnedCertificate {
  /** Host name as in the URL (no port), e.g. "localhost". */
  host: string;
  /** PEM file of the server's own (leaf) certificate; a CA certificate here has no effect. */
  certificateFile: string;
}

export interface LaunchWebKitOptions {
  /** Certificates accepted for their hosts although no system CA vouches for them. */
  certificates?: PinnedCertificate[];
  /** How long starting Xvfb, the driver and the session may take, in ms (default 20 000). */
  startTimeoutMs?: number;
}

/** Thrown for a WebDriver error answer; `error` is the W3C error code, e.g. "no such element". */
export class WebDriverError extends Error {
  constructor(
    readonly command: string,
    readonly error: string,
    message: string,
  ) {
    super(`WebDriver ${command}: ${error}: ${message}`);
    this.name = 'WebDriverError';
  }
}

/**
 * Starts Xvfb, WebKitWebDriver and a MiniBrowser session with empty site data (~0.3-0.6 s here).
 * `close()` always ends all of it: call it in `finally`/`afterAll`.
 * @example
 * const webkit = await launchWebKit({ certificates: [{ host: 'localhost', certificateFile: serverCrt }] });
 * try {
 *   await webkit.goto(`https://localhost:${port}/`);
 *   const button = await webkit.findElement('#save');
 *   await webkit.click(button);
 *   await webkit.waitFor('return document.querySelector("#out").textContent === "saved"');
 * } finally {
 *   await webkit.close();
 * }
 */
export async function launchWebKit(options: LaunchWebKitOptions = {}): Promise<WebKitSession> {
  const certificates = options.certificates ?? [];
  checkTools(certificates);
  const deadline = Date.now() + (options.startTimeoutMs ?? 20_000);
  const processes: ChildProcess[] = [];
  const profileDir = mkdtempSync(join(tmpdir(), 'till-webkit-'));
  const emergencyKill = () => {
    for (const child of processes) killGroup(child, 'SIGKILL');
    rmSync(profileDir, { recursive: true, force: true });
  };
  process.once('exit', emergencyKill);
  const teardown = async () => {
    process.removeListener('exit', emergencyKill);
    for (const child of processes.reverse()) await stopGroup(child);
    rmSync(profileDir, { recursive: true, force: true });
  };
  try {
    const display = await startXvfb(processes, deadline);
    const driver = await startDriver(processes, display, profileDir, deadline);
    const browserOptions = {
      binary: MINIBROWSER_PATH,
      args: ['--automation'],
      ...(certificates.length > 0 ? { certificates } : {}),
    };
    const created = await command<{ sessionId: string }>(driver.url, 'POST', '/session', {
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': browserOptions } },
    });
    return new WebKitSession(`${driver.url}/session/${created.sessionId}`, display, teardown);
  } catch (error) {
    await teardown();
    throw error;
  }
}

/** A MiniBrowser window under WebDriver. Scripts are function bodies (`return ...`), as in W3C WebDriver. */
export class WebKitSession {
  private closed = false;

  constructor(
    private readonly sessionUrl: string,
    /** The X display the browser draws on, e.g. ":99". */
    readonly display: string,
    private readonly teardown: () => Promise<void>,
  ) {}

  /**
   * Navigates and waits for the load. A failed load (TLS, refused connection) does NOT throw: check
   * `location.href` with execute, not url(), which may report the URL of an error page.
   */
  async goto(url: string): Promise<void> {
    await this.send('POST', '/url', { url });
  }

  /** The current top-level URL as the driver reports it (for an error page: the URL that failed). */
  url(): Promise<string> {
    return this.send<string>('GET', '/url');
  }

  /** Sets the browser window's outer size (W3C Set Window Rect), e.g. an iPad's 1024×768. */
  async resize(width: number, height: number): Promise<void> {
    await this.send('POST', '/window/rect', { width, height });
  }

  /** Reloads the page and waits for the load. */
  async refresh(): Promise<void> {
    await this.send('POST', '/refresh', {});
  }

  /** Runs `script` as a function body with `args` as `arguments`; a returned promise is awaited. */
  execute<T>(script: string, args: unknown[] = []): Promise<T> {
    return this.send<T>('POST', '/execute/sync', { script, args });
  }

  /** Like execute, but the script ends by calling its last argument, `arguments[arguments.length - 1]`. */
  executeAsync<T>(script: string, args: unknown[] = []): Promise<T> {
    return this.send<T>('POST', '/execute/async', { script, args });
  }

  /** The id of the first element matching `css`; throws WebDriverError "no such element" when none. */
  async findElement(css: string): Promise<string> {
    const found = await this.send<Record<string, string>>('POST', '/element', {
      using: 'css selector',
      value: css,
    });
    const id = found[ELEMENT_KEY];
    if (id === undefined)
      throw new Error(`WebDriver findElement(${css}): no element id in ${JSON.stringify(found)}`);
    return id;
  }

  /** Clicks the element, after scrolling it into view (WebKit refuses elements out of view). */
  async click(elementId: string): Promise<void> {
    await this.execute('arguments[0].scrollIntoView({ block: "center", inline: "center" });', [
      { [ELEMENT_KEY]: elementId },
    ]);
    await this.send('POST', `/element/${elementId}/click`, {});
  }

  /** Types `text` into the element (focusing it first, as WebDriver does). */
  async sendKeys(elementId: string, text: string): Promise<void> {
    await this.send('POST', `/element/${elementId}/value`, { text });
  }

  /** The element's rendered text. */
  text(elementId: string): Promise<string> {
    return this.send<string>('GET', `/element/${elementId}/text`);
  }

  /**
   * Polls `predicateScript` (a function body) until it returns a truthy value, and returns that value.
   * Script errors while polling (e.g. during a navigation) count as "not yet"; the last one is reported.
   */
  async waitFor<T = unknown>(predicateScript: string, timeoutMs = 10_000, args: unknown[] = []): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let last: unknown;
    for (;;) {
      try {
        last = await this.execute<T>(predicateScript, args);
        if (last) return last as T;
      } catch (error) {
        if (!(error instanceof WebDriverError)) throw error;
        last = error;
      }
      if (Date.now() > deadline) {
        const seen = last instanceof Error ? last.message : JSON.stringify(last);
        throw new Error(`waitFor timed out after ${timeoutMs} ms: ${predicateScript} (last: ${seen})`);
      }
      await sleep(50);
    }
  }

  /** Saves a PNG of the viewport to `path`. */
  async screenshot(path: string): Promise<void> {
    const base64 = await this.send<string>('GET', '/screenshot');
    await writeFile(path, Buffer.from(base64, 'base64'));
  }

  /** Deletes the session and stops the browser, the driver and Xvfb. Safe to call twice; never throws for a dead session. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await fetch(this.sessionUrl, { method: 'DELETE', signal: AbortSignal.timeout(5_000) });
    } catch {
      // The driver is killed below anyway, and the browser with it.
    } finally {
      await this.teardown();
    }
  }

  private async send<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    if (this.closed) throw new Error(`WebKit session is closed (${method} ${path})`);
    return command<T>(this.sessionUrl, method, path, body);
  }
}

/** Sends one WebDriver command and unwraps `value`, throwing WebDriverError for an error answer. */
async function command<T>(baseUrl: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  let parsed: { value?: unknown };
  try {
    parsed = JSON.parse(text) as { value?: unknown };
  } catch {
    throw new WebDriverError(`${method} ${path}`, `HTTP ${response.status}`, text.slice(0, 500));
  }
  const value = parsed.value as { error?: unknown; message?: unknown } | null | undefined;
  if (!response.ok || (value !== null && typeof value === 'object' && typeof value.error === 'string')) {
    throw new WebDriverError(
      `${method} ${path}`,
      String(value?.error ?? `HTTP ${response.status}`),
      String(value?.message ?? text.slice(0, 500)),
    );
  }
  return value as T;
}

function checkTools(certificates: PinnedCertificate[]): void {
  const missing = [WEBKIT_DRIVER, XVFB].filter((name) => onPath(name) === undefined);
  if (!isExecutable(MINIBROWSER_PATH)) missing.push(MINIBROWSER_PATH);
  if (missing.length > 0) {
    throw new Error(`WebKit browser tests need ${missing.join(', ')}, which are missing. ${INSTALL_HINT}`);
  }
  for (const { host, certificateFile } of certificates) {
    // The driver accepts a missing file without a word, and then every page on the host fails.
    if (!existsSync(certificateFile))
      throw new Error(`Certificate for ${host} not found: ${certificateFile}`);
  }
}

function onPath(name: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, name))
    .find(isExecutable);
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Starts `Xvfb :N` on the first free display from 90 on; resolves to ":N" once it accepts clients. */
async function startXvfb(processes: ChildProcess[], deadline: number): Promise<string> {
  for (let n = 90; n < 190; n++) {
    if (existsSync(`/tmp/.X11-unix/X${n}`) || existsSync(`/tmp/.X${n}-lock`)) continue;
    // -displayfd: Xvfb writes the display number to fd 3 once it is ready (about 50 ms here).
    const xvfb = spawn(XVFB, [`:${n}`, '-nolisten', 'tcp', '-displayfd', '3'], {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    processes.push(xvfb);
    const stderr = collect(xvfb);
    const ready = await new Promise<boolean>((resolve) => {
      xvfb.stdio[3]?.once('data', () => resolve(true));
      xvfb.once('exit', () => resolve(false));
      xvfb.once('error', () => resolve(false));
      setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
    });
    if (ready) return `:${n}`;
    await stopGroup(xvfb);
    processes.pop();
    // Another process took :N between our check and Xvfb's start: try the next one, unless out of time.
    if (Date.now() > deadline) throw new Error(`Xvfb :${n} did not start: ${stderr()}`);
  }
  throw new Error('No free X display between :90 and :189');
}

/** Starts WebKitWebDriver on a free port with its own profile directories; resolves once /status is ready. */
async function startDriver(
  processes: ChildProcess[],
  display: string,
  profileDir: string,
  deadline: number,
): Promise<{ url: string }> {
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
    detached: true, // own process group: MiniBrowser and its WebKit processes join it, and die with it
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      DISPLAY: display,
      // Sessions keep site data (service workers, caches, IndexedDB) in memory only, as seen with
      // WebKitGTK 2.50; these make sure nothing lands in the user's profile should that change.
      // XDG_CACHE_HOME stays shared: a fresh one costs ~250 ms per launch (GStreamer registry, Mesa).
      XDG_DATA_HOME: join(profileDir, 'data'),
      XDG_CONFIG_HOME: join(profileDir, 'config'),
    },
  });
  processes.push(driver);
  const stderr = collect(driver);
  let exited = false;
  driver.once('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      const status = await command<{ ready?: boolean }>(url, 'GET', '/status');
      if (status.ready) return { url };
    } catch {
      // Not listening yet.
    }
    if (exited) throw new Error(`${WEBKIT_DRIVER} exited on start: ${stderr()}`);
    if (Date.now() > deadline) throw new Error(`${WEBKIT_DRIVER} not ready in time: ${stderr()}`);
    await sleep(25);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Keeps the last 4 KB of a child's stderr for error messages. */
function collect(child: ChildProcess): () => string {
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-4096);
  });
  return () => text.trim() || '(no output)';
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // the group this child leads (spawned detached)
  } catch {
    // Already gone.
  }
}

/** SIGTERM to the child's process group, SIGKILL after 2 s. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 2_000);
  await exited;
  clearTimeout(timer);
  // Stragglers of the group (a WebKit process that outlived its parent) go too.
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // None left.
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
