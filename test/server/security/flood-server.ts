// A till server in a process of its own for the flood tests (connection-floods.test.ts), so that
// its memory and descriptors are measured apart from the attacking test: the real startServer on
// 127.0.0.1 with one paired tablet. Prints one JSON line `{ port, cookie }` once listening; then
// answers each line on stdin with `{ rss, heapUsed }` after a garbage collection.
import { createInterface } from 'node:readline';
import { startServer } from '../../../src/server/listen.ts';

const server = await startServer({
  dbFile: ':memory:',
  staticDir: 'none',
  host: '127.0.0.1',
  serveAppOverHttp: true,
});
const { code } = server.hub.createPairingCode({ outlet: 'bar', name: 'Neighbour' });
const { token } = server.hub.redeemPairingCode(code, '127.0.0.2');
const gc = (globalThis as { gc?: () => void }).gc;
process.stdout.write(
  `${JSON.stringify({ port: server.port, cookie: `${server.hub.cookieName}=${token}` })}\n`,
);
for await (const _line of createInterface({ input: process.stdin })) {
  gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.stdout.write(`${JSON.stringify({ rss, heapUsed })}\n`);
}
await server.close({ graceMs: 0 });
