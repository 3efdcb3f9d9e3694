// The admin page at `/admin`, for managers and hotel IT (admin-access.ts says who): pairing codes,
// the paired devices (revoke), and the gateway's state (`/admin/gateway-status`, JSON). Anyone else
// gets the sign-in form, and every action answers 401 without a session.
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { GatewayStatus } from '../gateway/gateway.ts';
import { ApiError } from '../http/errors.ts';
import { requestHeader } from '../http/headers.ts';
import { hostName, httpsOrigin, LOOPBACK_NAMES } from '../http/hosts.ts';
import { HubError, OUTLETS, type Outlet, sameSecret } from '../hub/hub.ts';
import { type AdminAccessOptions, adminCookieName, isAdmin, sameOriginPost } from './admin-access.ts';
import { ADMIN_CSS, dashboard, page, pairingCode, signInForm } from './admin-page.ts';
import { adminWords } from './admin-words.ts';

export interface AdminOptions extends AdminAccessOptions {
  /** The admin key (data folder's admin-key.txt); null: only the server machine itself gets in. */
  adminKey: string | null;
  gatewayStatus: () => GatewayStatus;
  /** Where tablets open the till (e.g. https://192.168.1.20:8443), for a code opened on localhost. */
  tabletOrigin: string;
  /** The HTTPS port, for pairing addresses on the host the page was opened on. */
  httpsPort: number | null;
}

export function createAdminRoutes(options: AdminOptions): Hono {
  const { hub } = options;
  const admin = new Hono();
  const words = (c: Context) => adminWords(requestHeader(c, 'accept-language'));
  const noStore = (c: Context) => c.header('cache-control', 'no-store');

  admin.get('/admin.css', (c) => {
    c.header('content-type', 'text/css; charset=utf-8');
    return c.body(ADMIN_CSS);
  });
  admin.use('*', sameOriginPost);

  admin.get('/', (c) => {
    noStore(c);
    const { lang, words: w } = words(c);
    if (!isAdmin(c, options)) return c.html(page(lang, w, signInForm(w, false), false), 401);
    return c.html(page(lang, w, dashboard(w, hub.listDevices(), options.gatewayStatus()), true));
  });

  admin.post('/login', async (c) => {
    const form = await c.req.parseBody();
    const key = typeof form.key === 'string' ? form.key : '';
    if (!options.adminKey || !sameSecret(key, options.adminKey)) {
      const { lang, words: w } = words(c);
      return c.html(page(lang, w, signInForm(w, true), false), 401);
    }
    setCookie(c, adminCookieName(hub), hub.createAdminSession(), {
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/admin',
    });
    return c.redirect('/admin', 303);
  });

  admin.post('/logout', (c) => {
    hub.endAdminSession(getCookie(c, adminCookieName(hub)));
    deleteCookie(c, adminCookieName(hub), { path: '/admin', secure: true });
    return c.redirect('/admin', 303);
  });

  // Everything below needs an admin.
  admin.use('*', async (c, next) => {
    if (!isAdmin(c, options))
      throw new ApiError(401, 'sign in to the admin page first', undefined, 'admin_only');
    noStore(c);
    await next();
  });

  admin.get('/gateway-status', (c) => c.json(options.gatewayStatus()));

  admin.post('/pairing-codes', async (c) => {
    const form = await c.req.parseBody();
    const outlet = String(form.outlet ?? '') as Outlet;
    if (!OUTLETS.includes(outlet)) throw new ApiError(400, 'choose an outlet', 'outlet');
    const { lang, words: w } = words(c);
    try {
      const name = String(form.name ?? '');
      const created = hub.createPairingCode({ outlet, name });
      const pairUrl = `${pairingOrigin(c, options)}/pair?code=${created.code}`;
      const shownName = name.trim() || w[outlet];
      return c.html(page(lang, w, pairingCode(w, { ...created, outlet, name: shownName, pairUrl }), true));
    } catch (error) {
      if (error instanceof HubError) throw new ApiError(400, error.message, error.field, error.code);
      throw error;
    }
  });

  admin.post('/devices/:id/revoke', (c) => {
    if (!hub.revokeDevice(c.req.param('id'))) throw new ApiError(404, 'no such paired device', 'id');
    return c.redirect('/admin', 303);
  });

  return admin;
}

/** The origin a tablet pairs at: this page's host over HTTPS, or the LAN address when opened on localhost. */
function pairingOrigin(c: Context, options: AdminOptions): string {
  const host = hostName(requestHeader(c, 'host'));
  if (!host || LOOPBACK_NAMES.includes(host)) return options.tabletOrigin;
  return httpsOrigin(host, options.httpsPort);
}
