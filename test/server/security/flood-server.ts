// A till server in a process of its own for the flood tests (connection-floods.test.ts), so that
// its memory and descriptors are measured apart from the attacking test: the real startServer on
// 127.0.0.1 with two paired tablets. Prints one JSON line `{ port, cookie, flooderCookie }` once listening; then
// answers each line on stdin with `{ rss, heapUsed }` after a garbage collection.
import { createInterface } from 'node:readline';
import { startServer } from '../../../src/server/listen.ts';

const server = await startServer({
  dbFile: ':memory:',
  staticDir: 'none',
  host: '127.0.0.1',
  serveAppOverHttp: true,
});
const pair = (name: string, address: string) => {
  const { code } = server.hub.createPairingCode({ outlet: 'bar', name });
  return `${server.hub.cookieName}=${server.hub.redeemPairingCode(code, address).token}`;
};
const cookie = pair('Neighbour', '127.0.0.2');
const flooderCookie = pair('Flooder', '127.0.0.5');
const gc = (globalThis as { gc?: () => void }).gc;
process.stdout.write(`${JSON.stringify({ port: server.port, cookie, flooderCookie })}\n`);
for await (const _line of createInterface({ input: process.stdin })) {
  gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.stdout.write(`${JSON.stringify({ rss, heapUsed })}\n`);
}
await server.close({ graceMs: 0 });
