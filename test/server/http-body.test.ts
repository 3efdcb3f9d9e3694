// Request bodies over a real socket (listen.ts on port 0): a body with a Content-Length is read
// straight from Node's request and a chunked one the standard way; both reach the hotel intact, and
// both are refused with 413 when larger than the limit, writing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/server/app.ts';
import { type RunningServer, startServer } from '../../src/server/listen.ts';
import { DEMO_KEYS } from '../../src/test-hotel/index.ts';
import { count, NOW } from '../support/hotel.ts';
import { tabletOf } from './tablet-app.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dbFile: ':memory:',
    staticDir: 'none',
    now: () => NOW,
    recordedSalesOnly: false, // how bodies are read, not what the gateway lets through
  });
});
afterAll(() => server.close());

const headers = { 'x-ibelsa-key': DEMO_KEYS.write, 'content-type': 'application/json' };

/** A body sent in chunks, without Content-Length (Transfer-Encoding: chunked). */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 1000) controller.enqueue(bytes.slice(at, at + 1000));
      controller.close();
    },
  });
}

/** `/pms/api` with the hotel's key; `/api` as a paired tablet. */
const post = (path: string, body: string | ReadableStream<Uint8Array>) =>
  (path.startsWith('/api/') ? tabletOf(server) : fetch)(`${server.url}${path}`, {
    method: 'POST',
    headers,
    body,
    ...(typeof body === 'string' ? {} : { duplex: 'half' }),
  } as RequestInit);

describe('request bodies over HTTP', () => {
  const contact = (lastname: string, padding = 0) =>
    JSON.stringify({ lastname, title: '', city: ' '.repeat(padding) });
  /** A cash invoice, the write a tablet sends through the gateway (contacts are not on its list). */
  const invoice = (reference: string, padding = 0) =>
    `${' '.repeat(padding)}${JSON.stringify({ reference })}`;
  const invoices = (...references: string[]) =>
    count(
      server.hotel!.db,
      'invoices',
      `reference IN (${references.map(() => '?').join(', ')})`,
      ...references,
    );

  for (const [label, send] of [
    ['with a Content-Length', (text: string) => text],
    ['chunked', chunked],
  ] as const) {
    it(`reads a body ${label}, directly and through the gateway`, async () => {
      const direct = await post('/pms/api/set/create/contact', send(contact(`Direct ${label}`)));
      expect(direct.status).toBe(200);
      const gateway = await post(
        '/api/set/create/servicecashregister/invoice',
        send(invoice(`Gateway ${label}`)),
      );
      expect(gateway.status).toBe(200);
      const { db } = server.hotel!;
      expect(count(db, 'contacts', 'lastname = ?', `Direct ${label}`)).toBe(1);
      expect(invoices(`Gateway ${label}`)).toBe(1);
    });

    it(`refuses a body ${label} over the limit with 413, writing nothing`, async () => {
      const contacts = count(server.hotel!.db, 'contacts');
      const direct = await post('/pms/api/set/create/contact', send(contact('Huge', MAX_BODY_BYTES)));
      expect(direct.status).toBe(413);
      const gateway = await post(
        '/api/set/create/servicecashregister/invoice',
        send(invoice('Huge', MAX_BODY_BYTES)),
      );
      expect(gateway.status).toBe(413);
      expect(count(server.hotel!.db, 'contacts')).toBe(contacts);
      expect(invoices('Huge')).toBe(0);
    });
  }

  it('reads an umlaut split across two chunks', async () => {
    // 986 spaces + '{"lastname":"' puts the two bytes of Ö at 999 and 1000, across the chunk edge
    const text = `${' '.repeat(986)}{"lastname":"Öztürk-Größe"}`;
    for (const body of [text, chunked(text)]) {
      const answer = await post('/pms/api/set/create/contact', body);
      expect(((await answer.json()) as { data: { lastname: string } }).data.lastname).toBe('Öztürk-Größe');
    }
  });
});
