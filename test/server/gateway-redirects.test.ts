// The gateway follows the PMS's redirects as a browser would and keeps the PMS's cookies itself,
// against a real HTTP upstream that records what it received.
import { describe, expect, it } from 'vitest';
import { echo, gatewayApp, json, TEST_KEY, useUpstreams } from './gateway-upstream.ts';

const upstream = useUpstreams();

describe('redirects and cookies', () => {
  it('turns a POST answered with 303 into a GET without body and sends back the cookie set on the redirect', async () => {
    const pms = await upstream((request, response) => {
      if (request.path === '/api/set/create/contact') {
        response.writeHead(303, {
          location: '/api/get/contact/9',
          'set-cookie': 'PMSSESSION=abc123; Path=/; HttpOnly',
        });
        response.end();
      } else {
        echo(request, response);
      }
    });
    const app = gatewayApp({ url: pms.url });
    const response = await app.request('/api/set/create/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lastname: 'Bauer' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toMatchObject({
      data: { method: 'GET', path: '/api/get/contact/9', body: '' },
    });

    const followed = pms.seen[1];
    expect(followed?.headers.cookie).toBe('PMSSESSION=abc123');
    expect(followed?.headers['content-type']).toBeUndefined();
    expect(followed?.headers['x-ibelsa-key']).toBe(TEST_KEY);

    await app.request('/api/get/products/available');
    expect(pms.seen[2]?.headers.cookie).toBe('PMSSESSION=abc123');
  });

  it('turns a POST answered with 302 into a GET, but keeps method and body on 307 and 308', async () => {
    const pms = await upstream((request, response) => {
      const redirect = /^\/api\/set\/(30[278])$/.exec(request.path);
      if (redirect) {
        response.writeHead(Number(redirect[1]), { location: `/api/set/landed-after-${redirect[1]}` });
        response.end();
      } else {
        echo(request, response);
      }
    });
    const app = gatewayApp({ url: pms.url });
    const post = (path: string) =>
      app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });

    expect(await (await post('/api/set/302')).json()).toMatchObject({ data: { method: 'GET', body: '' } });
    expect(await (await post('/api/set/307')).json()).toMatchObject({
      data: { method: 'POST', body: '{"a":1}' },
    });
    expect(await (await post('/api/set/308')).json()).toMatchObject({
      data: { method: 'POST', body: '{"a":1}' },
    });
  });

  it('keeps cookies per path and drops one the upstream expires', async () => {
    const pms = await upstream((request, response) => {
      if (request.path === '/api/get/login') {
        json(response, 200, {}, { 'set-cookie': ['a=1; Path=/', 'b=2; Path=/api/set', 'c=3; Max-Age=3600'] });
      } else if (request.path === '/api/get/logout') {
        json(response, 200, {}, { 'set-cookie': ['a=; Path=/; Max-Age=0'] });
      } else {
        echo(request, response);
      }
    });
    const app = gatewayApp({ url: pms.url });
    await app.request('/api/get/login');
    await app.request('/api/set/x');
    await app.request('/api/get/y');
    expect(pms.seen[1]?.headers.cookie).toBe('b=2; a=1'); // c's default path is /api/get
    expect(pms.seen[2]?.headers.cookie).toBe('c=3; a=1');
    await app.request('/api/get/logout');
    await app.request('/api/get/z');
    expect(pms.seen[4]?.headers.cookie).toBe('c=3');
  });

  it('does not send the key along a redirect to another origin', async () => {
    const elsewhere = await upstream();
    const pms = await upstream((_request, response) => {
      response.writeHead(302, { location: `${elsewhere.url}/download/4711` });
      response.end();
    });
    const response = await gatewayApp({ url: pms.url }).request('/api/get/invoice/4711');
    expect(response.status).toBe(200);
    expect(elsewhere.seen).toHaveLength(1);
    expect(elsewhere.seen[0]?.headers['x-ibelsa-key']).toBeUndefined();
  });

  it('gives up after five redirects with 502', async () => {
    const pms = await upstream((request, response) => {
      response.writeHead(302, { location: `${request.path}x` });
      response.end();
    });
    const response = await gatewayApp({ url: pms.url }).request('/api/get/loop');
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      success: false,
      message: 'PMS unreachable: more than 5 redirects',
    });
    expect(pms.seen).toHaveLength(6);
  });
});
