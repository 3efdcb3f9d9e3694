// The gateway forwards a tablet's /api request to the PMS with the hotel's key and hands back what
// the PMS answered, against a real HTTP upstream that records what it received.
import { describe, expect, it } from 'vitest';
import { gatewayApp, json, TEST_KEY, TEST_SYSTEM_KEY, useUpstreams } from './gateway-upstream.ts';

const upstream = useUpstreams();

async function everything(response: Response): Promise<string> {
  return `${JSON.stringify([...response.headers])}\n${await response.text()}`;
}

describe('forwarding', () => {
  it('adds the hotel key and drops keys, cookies and authorization the tablet sent', async () => {
    const pms = await upstream();
    const app = gatewayApp({ url: pms.url, systemKey: TEST_SYSTEM_KEY });
    const response = await app.request('/api/get/allactiverates', {
      headers: {
        'x-ibelsa-key': 'tablet-key',
        'x-ibelsa-system-key': 'tablet-system-key',
        'x-ibelsa-other': 'tablet',
        cookie: 'tablet=1',
        authorization: 'Basic dGFibGV0OnNlY3JldA==',
        'proxy-authorization': 'Basic eA==',
        'x-forwarded-for': '10.0.0.7',
        'accept-language': 'de',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-till-gateway')).toBe('1');
    const [seen] = pms.seen;
    expect(seen?.headers['x-ibelsa-key']).toBe(TEST_KEY);
    expect(seen?.headers['x-ibelsa-system-key']).toBe(TEST_SYSTEM_KEY);
    expect(seen?.headers['x-ibelsa-other']).toBeUndefined();
    expect(seen?.headers.cookie).toBeUndefined();
    expect(seen?.headers.authorization).toBeUndefined();
    expect(seen?.headers['proxy-authorization']).toBeUndefined();
    expect(seen?.headers['x-forwarded-for']).toBeUndefined();
    expect(seen?.headers['accept-language']).toBe('de');
  });

  it('keeps method, path below the base URL, query string, JSON body and content-type', async () => {
    const pms = await upstream();
    const app = gatewayApp({ url: `${pms.url}/pms/` });
    const body = JSON.stringify({ room_reservation_id: 12, products: [{ id: 3, quantity: 2 }] });
    const response = await app.request('/api/set/add/products?x=1&y=%C3%A4', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body,
    });
    expect(response.status).toBe(200);
    expect(pms.seen).toHaveLength(1);
    expect(pms.seen[0]).toMatchObject({
      method: 'POST',
      path: '/pms/api/set/add/products?x=1&y=%C3%A4',
      body,
    });
    expect(pms.seen[0]?.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('passes status, body, content-type and content-disposition back unchanged, but no Set-Cookie', async () => {
    const pdf = Buffer.from('%PDF-1.4 invoice 4711 \u00ff\u0000', 'latin1');
    const pms = await upstream((request, response) => {
      if (request.path.endsWith('/document')) {
        response.writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="invoice-4711.pdf"',
          'set-cookie': 'session=s3cr3t; Path=/',
        });
        response.end(pdf);
      } else {
        json(response, 422, { success: false, message: 'amount must equal the invoice total' });
      }
    });
    const app = gatewayApp({ url: pms.url });

    const refused = await app.request('/api/set/roomreservation/paid/1/2/3/no/10.00');
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-type')).toBe('application/json');
    expect(await refused.json()).toEqual({ success: false, message: 'amount must equal the invoice total' });

    const document = await app.request('/api/get/invoice/4711/document');
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    expect(document.headers.get('content-disposition')).toBe('attachment; filename="invoice-4711.pdf"');
    expect(document.headers.get('set-cookie')).toBeNull();
    expect(Buffer.from(await document.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('never lets the key out, even when the upstream echoes it in headers and body', async () => {
    const pms = await upstream((request, response) =>
      json(
        response,
        401,
        {
          success: false,
          message: `key ${request.headers['x-ibelsa-key']} has no write access`,
          seen: request.headers,
        },
        {
          'retry-after': String(request.headers['x-ibelsa-key']),
          'x-echo': String(request.headers['x-ibelsa-key']),
        },
      ),
    );
    const app = gatewayApp({ url: pms.url, systemKey: TEST_SYSTEM_KEY });
    const refused = await app.request('/api/set/add/products', { method: 'POST' });
    expect(refused.status).toBe(401);
    const seenByTablet = await everything(refused);
    expect(seenByTablet).toContain('has no write access');
    expect(seenByTablet).not.toContain(TEST_KEY);
    expect(seenByTablet).not.toContain(TEST_SYSTEM_KEY);

    const status = await app.request('/status');
    const statusText = await everything(status);
    expect(statusText).not.toContain(TEST_KEY);
    expect(statusText).not.toContain(TEST_SYSTEM_KEY);
  });
});
