// The plain-HTTP port's app: the setup page (German and English), the hotel CA's certificate to
// download, and for everything else a way to HTTPS. Invariant: nothing but GET/HEAD is answered
// here, and no request is forwarded to the till: a write sent over plain HTTP is refused, never
// redirected (a 308 would make the browser repeat it) nor served.
import { isIP } from 'node:net';
import { type Context, Hono } from 'hono';
import { httpsOrigin } from '../http/hosts.ts';
import type { CaFormat } from '../tls/ca-formats.ts';
import { CA_DOWNLOAD_FILENAMES, caDownload } from '../tls/ca-formats.ts';
import type { TlsManager } from '../tls/tls-manager.ts';
import { renderSetupPage, SETUP_PAGE_CSP } from './setup-page.ts';
import { chooseLanguage } from './setup-texts.ts';

export interface SetupAppOptions {
  httpsPort: number;
  ca: TlsManager['ca'];
  hotelName?: string;
}

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

export function createSetupApp({ httpsPort, ca, hotelName }: SetupAppOptions): Hono {
  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
  });

  const page = (c: Context) => {
    const host = requestHost(c.req.header('host'), c.req.url);
    if (host === undefined) return c.json({ success: false, message: 'bad Host header' }, 400);
    const language = chooseLanguage(c.req.query('lang'), c.req.header('accept-language'));
    c.header('Content-Security-Policy', SETUP_PAGE_CSP);
    c.header('Content-Language', language);
    c.header('Vary', 'Accept-Language');
    return c.html(
      renderSetupPage({
        language,
        httpsUrl: `${httpsOrigin(host, httpsPort)}/`,
        ca,
        ...(hotelName ? { hotelName } : {}),
      }),
    );
  };
  app.get('/', page);
  app.get('/setup', page);

  for (const format of Object.keys(CA_DOWNLOAD_FILENAMES) as CaFormat[]) {
    app.get(`/${CA_DOWNLOAD_FILENAMES[format]}`, (c) => {
      if (ca === null) {
        return c.json(
          { success: false, message: "this server uses the hotel's own certificate: nothing to install" },
          404,
        );
      }
      const download = caDownload(ca, format);
      c.header('Content-Type', download.contentType);
      c.header('Content-Disposition', `attachment; filename="${download.filename}"`);
      return c.body(typeof download.body === 'string' ? download.body : new Uint8Array(download.body));
    });
  }

  app.all('*', (c) => {
    const host = requestHost(c.req.header('host'), c.req.url);
    if (host === undefined) return c.json({ success: false, message: 'bad Host header' }, 400);
    const url = new URL(c.req.url);
    const target = `${httpsOrigin(host, httpsPort)}${url.pathname}${url.search}`;
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return c.redirect(target, 308);
    return c.json({ success: false, message: `use ${httpsOrigin(host, httpsPort)}/` }, 400);
  });

  return app;
}

/**
 * The host name a request was sent to, from its Host header (else its URL), without the port;
 * IPv6 keeps its brackets. undefined when it is not a plain name or address.
 * @example requestHost('[fd00::2]:8080', …) === '[fd00::2]'
 */
export function requestHost(hostHeader: string | undefined, requestUrl: string): string | undefined {
  const header = hostHeader ?? new URL(requestUrl).host;
  const match = /^(\[([0-9a-fA-F:.]+)\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/.exec(header.trim());
  if (!match?.[1]) return undefined;
  if (match[2] !== undefined && isIP(match[2]) !== 6) return undefined;
  return match[1].toLowerCase();
}
