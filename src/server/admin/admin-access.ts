// Who may use the admin page: a person at the server machine itself (loopback address and host name,
// not through a reverse proxy), or whoever signed in (a session cookie, HttpOnly, SameSite=Strict, 12
// hours); and that every form post comes from the admin page itself (Sec-Fetch-Site, else Origin).
// Rules: docs/security.md, "Defences and what each stops".
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { ApiError } from '../../node-http/errors.ts';
import { requestHeader } from '../../node-http/headers.ts';
import { clientAddress, isServerMachineRequest } from '../http/hosts.ts';
import type { Hub } from '../hub/hub.ts';

export interface AdminAccessOptions {
  hub: Hub;
  trustProxy: boolean;
}

export const adminCookieName = (hub: Hub) => `till_admin_${hub.serverId}`;

/** Whether this request is the server machine's own (and so needs no sign-in). */
export function isServerMachine(c: Context, trustProxy: boolean): boolean {
  return !trustProxy && isServerMachineRequest(requestHeader(c, 'host'), clientAddress(c, false));
}

export function isAdmin(c: Context, options: AdminAccessOptions): boolean {
  return (
    isServerMachine(c, options.trustProxy) ||
    options.hub.isAdminSession(getCookie(c, adminCookieName(options.hub)))
  );
}

/** Refuses a form post whose Origin is not this host (403). */
export const sameOriginPost: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'POST' && requestHeader(c, 'sec-fetch-site') !== 'same-origin') {
    const origin = requestHeader(c, 'origin');
    let originHost: string | null = null;
    try {
      originHost = origin ? new URL(origin).host : null;
    } catch {
      originHost = null;
    }
    if (!originHost || originHost !== requestHeader(c, 'host')) {
      throw new ApiError(
        403,
        'this form can only be sent from the admin page itself',
        'origin',
        'cross_origin',
      );
    }
  }
  await next();
};
