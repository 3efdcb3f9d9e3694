// `npm start`: serves the till and `/api` on one port. With PMS_URL and PMS_API_KEY set it is the
// gateway to the hotel's PMS; without, it runs the embedded test hotel on SQLite with demo data.
// `--reset` puts the demo data back as seeded and exits.
import { createTestHotel, DEMO_KEYS } from './hotel/hotel.ts';
import { parseOrigins } from './http/origins.ts';
import { startServer } from './listen.ts';

const env = process.env;
const dbFile = env.DB_FILE ?? './data/test-hotel.sqlite';

if (process.argv.includes('--reset')) {
  const hotel = createTestHotel({ dbFile, testMode: false, reset: true });
  hotel.close();
  console.log(`Demo data reset in ${dbFile}`);
  process.exit(0);
}

if (env.PMS_URL && !env.PMS_API_KEY) {
  console.error('PMS_URL is set but PMS_API_KEY is not: the gateway needs the hotel API key.');
  process.exit(1);
}

const port = Number(env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${env.PORT}"`);
  process.exit(1);
}

let allowedOrigins: string[];
try {
  allowedOrigins = parseOrigins(env.TILL_ORIGINS);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const server = await startServer({
  allowedOrigins,
  port,
  ...(env.HOST ? { host: env.HOST } : {}),
  dbFile,
  testMode: env.TEST_HOTEL_FAULTS === '1',
  ...(env.PMS_URL && env.PMS_API_KEY
    ? {
        pms: {
          url: env.PMS_URL,
          apiKey: env.PMS_API_KEY,
          ...(env.PMS_SYSTEM_KEY ? { systemKey: env.PMS_SYSTEM_KEY } : {}),
        },
      }
    : {}),
  ...(env.PMS_REQUESTS_PER_MINUTE ? { requestsPerMinute: Number(env.PMS_REQUESTS_PER_MINUTE) } : {}),
});

console.log(`Hotel Till is running at ${server.url}`);
if (allowedOrigins.length > 0)
  console.log(`Working with the Hotel Till servers at: ${allowedOrigins.join(', ')}`);
if (server.hotel) {
  console.log(`PMS: embedded test hotel (${dbFile}); the till's /api uses the demo write key.`);
  console.log(`Direct test-hotel interface: ${server.url}/pms/api/... with header x-ibelsa-key:`);
  console.log(`  read key:  ${DEMO_KEYS.read}`);
  console.log(`  write key: ${DEMO_KEYS.write}`);
} else {
  console.log(`PMS: forwarding /api to ${env.PMS_URL} (key from PMS_API_KEY, never sent to tablets)`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
