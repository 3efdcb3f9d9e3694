import { createHash } from 'node:crypto';
import { describe, expect } from 'vitest';
import { createSetupApp } from '../../../src/server/setup/setup-app.ts';
import { loadOrCreateCertificateAuthority } from '../../../src/server/tls/certificate-authority.ts';
import { test } from './support.ts';

async function setupApp(dir: string, httpsPort = 8443) {
  const { certificate } = await loadOrCreateCertificateAuthority(dir);
  return { app: createSetupApp({ httpsPort, ca: certificate }), ca: certificate };
}

const get = (app: ReturnType<typeof createSetupApp>, path: string, headers: Record<string, string> = {}) =>
  app.request(`http://till.test:8080${path}`, { headers: { host: 'till.test:8080', ...headers } });

describe('the setup page on plain HTTP', () => {
  test('speaks German to a German browser, with the HTTPS address as text, link and QR code', async ({
    dir,
  }) => {
    const { app, ca } = await setupApp(dir);
    const response = await get(app, '/', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Das Zertifikat des Hotels installieren');
    expect(html).toContain('<a class="address" href="https://till.test:8443/">https://till.test:8443/</a>');
    expect(html).toContain('<svg');
    expect(html).toContain('href="/hotel-till-ca.crt"');
    expect(html).toContain('href="/hotel-till-ca.mobileconfig"');
    expect(html).toContain(ca.fingerprintSha256);
    expect(html).toContain('Zertifikatsvertrauenseinstellungen');
  });

  test('speaks English by default and on /setup, and ?lang= overrides the browser', async ({ dir }) => {
    const { app } = await setupApp(dir);
    const english = await (await get(app, '/setup')).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('Install the hotel’s certificate');
    expect(english).toContain('https://till.test:8443/');
    expect(english).toContain('<svg');
    expect(english).toContain('Certificate Trust Settings');
    const overridden = await (await get(app, '/?lang=en', { 'accept-language': 'de' })).text();
    expect(overridden).toContain('<html lang="en">');
    expect(overridden).toContain('href="?lang=de"');
  });

  test('its policy allows nothing but its own style block, and nothing is cached', async ({ dir }) => {
    const { app } = await setupApp(dir);
    const response = await get(app, '/');
    const style = /<style>([\s\S]*?)<\/style>/.exec(await response.text())?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(csp).not.toContain('script-src');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  test('names the address the tablet used: IPv6 in brackets, no :443', async ({ dir }) => {
    const { app: on8443 } = await setupApp(`${dir}/a`);
    const ipv6 = await (
      await on8443.request('http://[fd00::2]:8080/', { headers: { host: '[fd00::2]:8080' } })
    ).text();
    expect(ipv6).toContain('href="https://[fd00::2]:8443/"');
    const { app: on443 } = await setupApp(`${dir}/b`, 443);
    expect(await (await get(on443, '/')).text()).toContain('href="https://till.test/"');
  });

  test('a Host header that is not a name or an address is refused', async ({ dir }) => {
    const { app } = await setupApp(dir);
    expect((await get(app, '/', { host: 'till.test"><script>' })).status).toBe(400);
  });

  test("with the hotel's own certificate it skips the install step and offers no download", async () => {
    const app = createSetupApp({ httpsPort: 8443, ca: null });
    const html = await (await get(app, '/')).text();
    expect(html).toContain('this server uses the hotel’s own certificate');
    expect(html).not.toContain('hotel-till-ca.crt');
    expect(html).toContain('https://till.test:8443/');
    const download = await get(app, '/hotel-till-ca.crt');
    expect(download.status).toBe(404);
    expect(await download.json()).toMatchObject({ success: false });
  });
});

describe('the CA downloads', () => {
  test.for([
    ['/hotel-till-ca.crt', 'application/x-x509-ca-cert'],
    ['/hotel-till-ca.pem', 'application/x-pem-file'],
    ['/hotel-till-ca.mobileconfig', 'application/x-apple-aspen-config'],
  ])('%s is an attachment of type %s', async ([path = '', contentType], { dir }) => {
    const { app, ca } = await setupApp(dir);
    const response = await get(app, path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${path.slice(1)}"`);
    const body = new Uint8Array(await response.arrayBuffer());
    if (path.endsWith('.crt')) expect(body).toEqual(ca.der);
    else if (path.endsWith('.pem')) expect(new TextDecoder().decode(body)).toBe(ca.pem);
    else
      expect(new TextDecoder().decode(body)).toContain(Buffer.from(ca.der).toString('base64').slice(0, 64));
  });
});

describe('everything else on plain HTTP', () => {
  test('a GET or HEAD is redirected (308) to the same path and query on HTTPS', async ({ dir }) => {
    const { app } = await setupApp(dir);
    for (const method of ['GET', 'HEAD']) {
      const response = await app.request('http://till.test:8080/till/register?table=4&x=%20y', {
        method,
        headers: { host: 'till.test:8080' },
      });
      expect(response.status).toBe(308);
      expect(response.headers.get('location')).toBe('https://till.test:8443/till/register?table=4&x=%20y');
    }
  });

  test('a write is refused, never redirected or served', async ({ dir }) => {
    const { app } = await setupApp(dir);
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await app.request('http://till.test:8080/api/invoices', {
        method,
        headers: { host: 'till.test:8080', 'content-type': 'application/json' },
        body: '{"amount":100}',
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.json()).toEqual({ success: false, message: 'use https://till.test:8443/' });
    }
  });
});
