// WebKit (the engine of iPad Safari) through test/support/webkit.ts, over HTTPS with a throwaway hotel
// CA: the page is a secure context, a service worker takes over and keeps serving the page when the
// server is gone, IndexedDB survives reloads, and without the pinned certificate nothing loads.
// WebKitGTK's `certificates` option pins the server certificate the CA issued (not the CA itself:
// the second negative check below shows that), so no TLS error is ever ignored wholesale.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWebKit, type WebKitSession } from '../support/webkit.ts';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>WebKit smoke</title></head>
<body>
<pre id="report"></pre>
<input id="name">
<p id="out"></p>
<button id="save" style="margin-top: 3000px">Save</button>
<script>
  document.getElementById('report').textContent = JSON.stringify({
    isSecureContext,
    serviceWorker: 'serviceWorker' in navigator,
    locks: 'locks' in navigator,
    randomUUID: typeof crypto.randomUUID,
    syncManager: 'SyncManager' in window,
  });
  document.getElementById('save').addEventListener('click', () => {
    document.getElementById('out').textContent = 'saved ' + document.getElementById('name').value;
  });
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js');
</script>
</body></html>`;

// Precaches the page on install and serves it cache-first, like the app's precache.
const SERVICE_WORKER = `
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open('smoke').then((cache) => cache.add('/')).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  event.respondWith(caches.match(event.request).then((hit) => hit || fetch(event.request)));
});`;

interface Certificates {
  dir: string;
  caCert: string;
  serverCert: string;
  serverKey: string;
}

/** A throwaway CA, and a certificate for localhost and 127.0.0.1 issued by it. */
function makeCertificates(): Certificates {
  const dir = mkdtempSync(join(tmpdir(), 'till-webkit-certs-'));
  const file = (name: string) => join(dir, name);
  // Arguments as one string split on spaces (none of them contains a space).
  const openssl = (args: string) => execFileSync('openssl', args.split(' '), { cwd: dir, stdio: 'pipe' });
  const ec = '-newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes';
  openssl(`req -x509 ${ec} -keyout ca.key -out ca.crt -days 2 -subj /CN=Hotel_Till_test_CA`);
  openssl(`req ${ec} -keyout server.key -out server.csr -subj /CN=localhost`);
  writeFileSync(
    file('server.ext'),
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
  );
  openssl(
    'x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -out server.crt -days 2 -extfile server.ext',
  );
  openssl('verify -CAfile ca.crt server.crt');
  return { dir, caCert: file('ca.crt'), serverCert: file('server.crt'), serverKey: file('server.key') };
}

let certs: Certificates;
let server: Server;
let origin: string;
const requests: string[] = [];
let tlsRejections = 0;

beforeAll(async () => {
  certs = makeCertificates();
  server = createServer(
    { cert: readFileSync(certs.serverCert), key: readFileSync(certs.serverKey) },
    (request, response) => {
      requests.push(request.url ?? '');
      const path = new URL(request.url ?? '/', 'https://x').pathname;
      const [type, body] =
        path === '/' ? ['text/html', PAGE] : path === '/sw.js' ? ['text/javascript', SERVICE_WORKER] : [];
      response.writeHead(body === undefined ? 404 : 200, {
        'content-type': type ?? 'text/plain',
        'cache-control': 'no-store', // only the service worker may answer when the server is gone
      });
      response.end(body ?? 'not found');
    },
  );
  server.on('tlsClientError', () => {
    tlsRejections++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.closeAllConnections();
  server?.close();
  if (certs) rmSync(certs.dir, { recursive: true, force: true });
});

/** Opens the page in a fresh WebKit and returns what happened, for the negative checks. */
async function visitWith(certificateFile: string | undefined) {
  const webkit = await launchWebKit(
    certificateFile === undefined ? {} : { certificates: [{ host: 'localhost', certificateFile }] },
  );
  try {
    const rejectionsBefore = tlsRejections;
    const requestsBefore = requests.length;
    await webkit.goto(`${origin}/`); // does not throw: WebKit gives up on the page silently
    await expect.poll(() => tlsRejections - rejectionsBefore).toBeGreaterThan(0);
    // Not webkit.url(): after a TLS failure the driver reports either about:blank or, when WebKit
    // shows its "Operation was cancelled" error page instead, the URL it was asked for.
    return {
      href: await webkit.execute<string>('return location.href'),
      title: await webkit.execute<string>('return document.title'),
      requests: requests.length - requestsBefore,
    };
  } finally {
    await webkit.close();
  }
}

describe('WebKit refuses the hotel server', () => {
  it('without the certificates option: the TLS handshake fails and nothing loads', async () => {
    expect(await visitWith(undefined)).toEqual({ href: 'about:blank', title: '', requests: 0 });
  });

  it('with only the CA in the option: WebKitGTK pins leaf certificates, it does not trust CAs', async () => {
    expect(await visitWith(certs.caCert)).toEqual({ href: 'about:blank', title: '', requests: 0 });
  });
});

// One browser for the steps below, in order: each builds on the state the previous one left.
describe('WebKit with the server certificate pinned', () => {
  let webkit: WebKitSession;

  beforeAll(async () => {
    webkit = await launchWebKit({ certificates: [{ host: 'localhost', certificateFile: certs.serverCert }] });
  });

  afterAll(async () => {
    await webkit?.close();
  });

  it('loads the page over HTTPS as a secure context with service workers, Web Locks and randomUUID', async () => {
    const rejectionsBefore = tlsRejections;
    await webkit.goto(`${origin}/`);
    expect(await webkit.url()).toBe(`${origin}/`);
    expect(await webkit.execute<string>('return location.protocol + document.title')).toBe(
      'https:WebKit smoke',
    );
    expect(tlsRejections).toBe(rejectionsBefore);
    expect(JSON.parse(await webkit.text(await webkit.findElement('#report')))).toEqual({
      isSecureContext: true,
      serviceWorker: true,
      locks: true,
      randomUUID: 'function',
      syncManager: false, // like Safari: no Background Sync
    });
  });

  it('types, scrolls to and clicks a button far below the fold, and takes a screenshot', async () => {
    await webkit.sendKeys(await webkit.findElement('#name'), 'Room 12');
    await webkit.click(await webkit.findElement('#save'));
    expect(await webkit.text(await webkit.findElement('#out'))).toBe('saved Room 12');
    const png = join(certs.dir, 'page.png');
    await webkit.screenshot(png);
    expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
  });

  it('is controlled by the service worker after a reload, and IndexedDB survives the reload', async () => {
    await webkit.waitFor(
      'return navigator.serviceWorker.ready.then((registration) => !!registration.active)',
    );
    await webkit.execute(`return new Promise((resolve, reject) => {
      const open = indexedDB.open('smoke', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('sales');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction('sales', 'readwrite');
        tx.objectStore('sales').put({ total: 1250 }, 'sale-1');
        tx.oncomplete = () => { open.result.close(); resolve(true); };
        tx.onerror = () => reject(tx.error);
      };
    })`);
    await webkit.refresh();
    await webkit.waitFor('return navigator.serviceWorker.controller !== null');
    const sale = await webkit.execute(`return new Promise((resolve, reject) => {
      const open = indexedDB.open('smoke', 1);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const get = open.result.transaction('sales').objectStore('sales').get('sale-1');
        get.onsuccess = () => { open.result.close(); resolve(get.result); };
        get.onerror = () => reject(get.error);
      };
    })`);
    expect(sale).toEqual({ total: 1250 });
  });

  it('reloads from the service worker cache when the server is gone (the outage)', async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // The network really is down: what the cache does not hold fails.
    expect(await webkit.execute('return fetch("/not-cached").then(() => "answered", () => "failed")')).toBe(
      'failed',
    );
    const requestsBefore = requests.length;
    await webkit.refresh();
    expect(await webkit.execute<string>('return location.href + " " + document.title')).toBe(
      `${origin}/ WebKit smoke`,
    );
    expect(await webkit.execute('return navigator.serviceWorker.controller !== null')).toBe(true);
    expect(requests.length).toBe(requestsBefore);
  });
});
