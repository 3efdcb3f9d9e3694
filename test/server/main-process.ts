// The real main.ts in its own process, as `npm start` runs it, on free ports of 127.0.0.1 with a
// data folder of the test's; and a tablet paired with it the way staff pair one (a code from the
// admin page on the server machine, typed on the tablet), calling `/api` with its cookie.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER } from '../../src/pms/http.ts';

export interface MainProcess {
  child: ChildProcess;
  /** Everything it printed, stdout and stderr. */
  output: () => string;
  /** `http://localhost:<HTTP_PORT>`: the till on the server machine. */
  url: string;
  /** Resolves with the exit code (or signal name) once it has exited. */
  exited: Promise<number | string>;
}

/** Starts main.ts with `env` and waits for its start message. */
export async function startMain(dataDir: string, env: Record<string, string> = {}): Promise<MainProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HTTP_PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`main.ts did not start in 20 s: ${output}`)), 20_000);
    child.stdout!.on('data', () => {
      if (output.includes('"msg":"Hotel Till is running"')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`main.ts exited with ${code}: ${output}`));
    });
  });
  const port = Number(/"httpPort":(\d+)/.exec(output)?.[1]);
  return { child, output: () => output, url: `http://localhost:${port}`, exited };
}

/** SIGTERM, and the exit code once it has exited. */
export async function stopMain(main: MainProcess): Promise<number | string> {
  main.child.kill('SIGTERM');
  return main.exited;
}

/**
 * Pairs a tablet: a code from the admin page (open on the server machine), typed on the tablet.
 * Returns a fetch for `/api` and `/till` with the tablet's cookie and a fresh request id.
 */
export async function pairTablet(url: string): Promise<ReturnType<typeof tabletWithCookie>> {
  const page = await fetch(`${url}/admin/pairing-codes`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: 'outlet=bar&name=Stop+test',
  });
  const code = /\/pair\?code=([A-Z0-9]{8})/.exec(await page.text())?.[1];
  if (!code) throw new Error(`no pairing code on the admin page (${page.status})`);
  const paired = await fetch(`${url}/till/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: randomUUID() },
    body: JSON.stringify({ code }),
  });
  if (!paired.ok) throw new Error(`pairing failed: ${paired.status} ${await paired.text()}`);
  const cookie = paired.headers.getSetCookie()[0]!.split(';')[0]!;
  return tabletWithCookie(cookie);
}

/** A tablet's fetch with this device cookie (`name=value`). */
export function tabletWithCookie(cookie: string): typeof fetch & { cookie: string } {
  const tablet = (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', cookie);
    if (!headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, randomUUID());
    return fetch(input, { ...init, headers });
  };
  return Object.assign(tablet, { cookie });
}
