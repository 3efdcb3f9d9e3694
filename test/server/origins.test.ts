// TILL_ORIGINS: another Hotel Till server's app may call this gateway (CORS on /api, preflight
// included, for exactly the origins named), this server's app may call their gateways (the CSP's
// connect-src), and a list with anything but origins is refused at start in plain words.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '../../src/pms/http.ts';
import { parseOrigins } from '../../src/server/http/origins.ts';
import type { TestHotel } from '../../src/test-hotel/index.ts';
import { pinnedHotel } from '../support/hotel.ts';
import { tabletApp } from './tablet-app.ts';

const BAR = 'https://bar.hotel.example';

let hotel: TestHotel;
beforeEach(() => {
  hotel = pinnedHotel();
});
afterEach(() => hotel.close());

describe('TILL_ORIGINS', () => {
  it('lets the app of a named origin call the gateway, preflight included', async () => {
    const app = tabletApp({ hotel, allowedOrigins: [BAR] });
    const preflight = await app.request('/api/set/add/products', {
      method: 'OPTIONS',
      headers: {
        origin: BAR,
        'access-control-request-method': 'POST',
        'access-control-request-headers': `content-type,${REQUEST_ID_HEADER}`,
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(BAR);
    expect(preflight.headers.get('access-control-allow-headers')).toContain(REQUEST_ID_HEADER);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');

    const read = await app.request('/api/get/hotel/payment', { headers: { origin: BAR } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(BAR);
    expect(read.headers.get('access-control-expose-headers')).toContain('x-till-gateway');
    // the device cookie goes along: a tablet must be paired with the gateway it uses
    expect(read.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it("lets the app of a named origin record its sales in this server's ledger, and no other origin", async () => {
    const app = tabletApp({ hotel, allowedOrigins: [BAR] });
    const preflight = (origin: string, path: string) =>
      app.request(path, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': `content-type,${REQUEST_ID_HEADER}`,
        },
      });
    for (const path of ['/till/sales', '/till/sales/some-sale/outcomes']) {
      const named = await preflight(BAR, path);
      expect(named.headers.get('access-control-allow-origin'), path).toBe(BAR);
      expect(named.headers.get('access-control-allow-credentials'), path).toBe('true');
      const other = await preflight('https://evil.example', path);
      expect(other.headers.get('access-control-allow-origin'), path).toBeNull();
    }
    const listing = await app.request('/till/sales', { headers: { origin: BAR } });
    expect(listing.status).toBe(200);
    expect(listing.headers.get('access-control-allow-origin')).toBe(BAR);
  });

  it('answers no other origin cross-origin, and none at all when no origins are named', async () => {
    for (const app of [tabletApp({ hotel, allowedOrigins: [BAR] }), tabletApp({ hotel })]) {
      const read = await app.request('/api/get/hotel/payment', {
        headers: { origin: 'https://evil.example' },
      });
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
    }
    const unnamed = await tabletApp({ hotel }).request('/api/get/hotel/payment', {
      headers: { origin: BAR },
    });
    expect(unnamed.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("adds the named origins to the pages' connect-src and nowhere else", async () => {
    const policy = (
      await tabletApp({ hotel, allowedOrigins: [BAR] }).request('/api/get/hotel/payment')
    ).headers.get('content-security-policy');
    expect(policy).toContain(`connect-src 'self' ${BAR};`);
    expect(policy).toContain("default-src 'self';");
    const plain = (await tabletApp({ hotel }).request('/api/get/hotel/payment')).headers.get(
      'content-security-policy',
    );
    expect(plain).toContain("connect-src 'self';");
  });

  it('reads a list of origins and refuses anything else, naming it', () => {
    expect(parseOrigins('https://bar.hotel.example, http://10.0.0.5:8080/')).toEqual([
      'https://bar.hotel.example',
      'http://10.0.0.5:8080',
    ]);
    expect(parseOrigins(undefined)).toEqual([]);
    expect(() => parseOrigins('bar.hotel.example')).toThrow('"bar.hotel.example" is not an address');
    expect(() => parseOrigins('https://bar.hotel.example/till')).toThrow('must be an origin only');
    expect(() => parseOrigins('ftp://bar.hotel.example')).toThrow('must be an origin only');
  });
});
