// The tablet's side of pairing, under `/till`: who am I (`GET /till/device`, 401 unless paired),
// am I paired (`GET /till/pairing-state`, always 200: the unpaired tablet's start), pair with a code (`POST
// /till/pair`), which PMS this gateway serves (`GET /till/gateway`), its outlet's receipt header (`GET
// /till/receipt-header`, paired only) and the HTTPS till's address (`GET /till/https-address`, open to
// all: the insecure-context screen needs it). Owns the device cookie and the middleware that lets only
// paired devices through. The cookie's attributes and why: docs/security.md, "Defences and what each stops".

import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { ApiError } from '../../node-http/errors.ts';
import { requestHeader } from '../../node-http/headers.ts';
import { GATEWAY_HEADER } from '../../pms/http.ts';
import { requireAppRequest } from '../http/app-requests.ts';
import { clientAddress, hostName, httpsOrigin } from '../http/hosts.ts';
import { createAuditRate } from '../staff/audit-rate.ts';
import { receiveAuditReport } from '../staff/audit-reports.ts';
import type { DeviceRole } from './device-roles.ts';
import { type Device, type Hub, HubError } from './hub.ts';

const COOKIE_MAX_AGE_S = 400 * 24 * 3600;
const TILL_ONLY: readonly DeviceRole[] = ['till'];
const EVERY_ROLE: readonly DeviceRole[] = ['till', 'kitchen'];

const MESSAGES = {
  device_not_paired: 'this tablet is not paired with the till server',
  device_revoked: 'this tablet was unpaired by a manager; pair it again',
} as const;

export interface DeviceRouteOptions {
  trustProxy: boolean;
  /** The HTTPS port tablets use (for /till/https-address); null where TLS is a proxy's (443). */
  httpsPort: number | null;
  /** Which PMS the gateway forwards to, as the admin page names it. */
  upstream: () => string;
}

/** The paired device of this request (after `requirePairedDevice`). */
export function deviceOf(c: Context): Device | undefined {
  return c.get('device' as never) as Device | undefined;
}

/**
 * Lets paired devices of the given roles through (default: till tablets only, so a kitchen screen is
 * refused everywhere that does not name it); anyone unpaired gets 401 with a code the app translates,
 * a paired device of another role 403 `device_role_refused`.
 */
export function requirePairedDevice(
  hub: Hub,
  options: { trustProxy: boolean; gateway?: boolean; roles?: readonly DeviceRole[] },
): MiddlewareHandler {
  return async (c, next) => {
    const result = hub.authenticate(getCookie(c, hub.cookieName), clientAddress(c, options.trustProxy));
    if ('refusal' in result) {
      if (options.gateway) c.header(GATEWAY_HEADER, '1');
      throw new ApiError(401, MESSAGES[result.refusal], undefined, result.refusal);
    }
    if (!(options.roles ?? TILL_ONLY).includes(result.device.role))
      throw new ApiError(
        403,
        `a ${result.device.role} device may not do this`,
        undefined,
        'device_role_refused',
      );
    c.set('device' as never, result.device as never);
    await next();
  };
}

export function createDeviceRoutes(hub: Hub, options: DeviceRouteOptions): Hono {
  const routes = new Hono();
  const auditRate = createAuditRate();
  const keepCookie = (c: Context, token: string) =>
    setCookie(c, hub.cookieName, token, {
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: COOKIE_MAX_AGE_S,
    });

  routes.get('/device', requirePairedDevice(hub, { ...options, roles: EVERY_ROLE }), (c) => {
    keepCookie(c, getCookie(c, hub.cookieName)!);
    c.header('cache-control', 'no-store');
    return c.json({ device: publicDevice(deviceOf(c)!) });
  });

  // The tablet's question at start: answered 200 either way, so an unpaired tablet shows its
  // pairing screen without a refused call (issue 33); says no more than /till/device's 401 would.
  routes.get('/pairing-state', (c) => {
    c.header('cache-control', 'no-store');
    const token = getCookie(c, hub.cookieName);
    const result = hub.authenticate(token, clientAddress(c, options.trustProxy));
    if ('refusal' in result) return c.json({ device: null, refusal: result.refusal });
    keepCookie(c, token!);
    return c.json({ device: publicDevice(result.device) });
  });

  routes.get('/gateway', requirePairedDevice(hub, { ...options, gateway: true }), (c) => {
    c.header(GATEWAY_HEADER, '1');
    c.header('cache-control', 'no-store');
    return c.json({ upstream: options.upstream() });
  });

  routes.get('/staff', requirePairedDevice(hub, options), async (c) => {
    c.header('cache-control', 'no-store');
    const device = deviceOf(c)!;
    const retentionDays = hub.outlets.get(device.outlet)?.retentionDays;
    return c.json({
      staff: await hub.staff.cards(device.id),
      policy: {
        ...hub.staff.policy(device.outlet),
        ...(retentionDays ? { retentionDays } : {}),
        limits: hub.ledger.limits.of(device.outlet),
      },
    });
  });

  routes.get('/receipt-header', requirePairedDevice(hub, options), (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ header: hub.receiptHeaders.forOutlet(deviceOf(c)!.outlet) });
  });

  routes.post('/audit', requirePairedDevice(hub, options), requireAppRequest(['POST']), async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new ApiError(400, 'the request body is not valid JSON', 'events', 'audit_invalid');
    }
    const events = (body as { events?: unknown } | null)?.events;
    auditRate.take(deviceOf(c)!.id, Array.isArray(events) ? events.length : 1);
    return c.json(await receiveAuditReport(hub, deviceOf(c)!, body));
  });

  routes.post('/pair', requireAppRequest(['POST']), async (c) => {
    let body: { code?: unknown; name?: unknown };
    try {
      body = (await c.req.json()) as typeof body;
    } catch {
      throw new ApiError(400, 'the request body is not valid JSON', 'code', 'pairing_code_invalid');
    }
    try {
      const { device, token } = hub.redeemPairingCode(
        body?.code,
        clientAddress(c, options.trustProxy),
        body?.name,
      );
      keepCookie(c, token);
      return c.json({ device: publicDevice(device) });
    } catch (error) {
      if (!(error instanceof HubError)) throw error;
      const retryAfter = error.retryAfterMs === undefined ? undefined : Math.ceil(error.retryAfterMs / 1000);
      throw new ApiError(error.status, error.message, error.field, error.code, retryAfter);
    }
  });

  routes.get('/https-address', (c) => {
    const host = hostName(requestHeader(c, 'host')) ?? 'localhost';
    return c.json({ https: `${httpsOrigin(host, options.httpsPort)}/` });
  });

  routes.all('*', () => {
    throw new ApiError(404, 'no such endpoint');
  });
  return routes;
}

function publicDevice(device: Device) {
  return { id: device.id, name: device.name, outlet: device.outlet, role: device.role };
}
