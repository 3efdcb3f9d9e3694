// Run INSIDE a checkout of the previous release (9fad3f1) by scripts/upgrade-fixture/make.mjs, with
// tsx: its own server makes a data folder (till.sqlite, test-hotel.sqlite, demo staff) with a bar
// tablet paired, and its own app, in fake IndexedDB, records a cash sale and a room charge that stay
// pending (the tablet never sends them). Writes the tablet's cookie and the outbox's stores as JSON.
import 'fake-indexeddb/auto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordCashSale, recordRoomCharge } from './src/outbox/journal.ts';
import { startServer } from './src/server/listen.ts';
import { closeTillDb, getTillDb } from './src/storage/db.ts';

const out = process.argv[2]!;
mkdirSync(out, { recursive: true });
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  dbFile: join(out, 'test-hotel.sqlite'),
  hubFile: join(out, 'till.sqlite'),
  testMode: false,
  staticDir: 'none',
  demoStaff: true,
});
const db = server.hotel!.db;
const { code } = server.hub.createPairingCode({ outlet: 'bar', name: 'Bar 1' });
const { token } = server.hub.redeemPairingCode(code, '127.0.0.1');
const product = (id: number) => {
  const row = db.prepare('SELECT id, name, price_cents FROM products WHERE id = ?').get(id) as {
    id: number;
    name: string;
    price_cents: number;
  };
  return { productId: row.id, name: row.name, unitPriceCents: row.price_cents };
};
const pay = (sql: string) => (db.prepare(sql).get() as { id: number }).id;
const room = db
  .prepare(
    `SELECT r.id, m.number AS room_number FROM room_reservations r JOIN rooms m ON m.id = r.room_id
      WHERE r.status = 'CHECKED_IN' ORDER BY r.end_date DESC, r.id LIMIT 1`,
  )
  .get() as { id: number; room_number: string };
const mia = server.hub.staff.list().find((member) => member.name === 'Mia')!;
const origin = { staff: 'Mia', staffId: mia.id, till: 'Bar 1' };
const cash = await recordCashSale({
  ...origin,
  lines: [
    { ...product(1), quantity: 2 },
    { ...product(15), quantity: 1 },
  ],
  payment: {
    templateId: pay('SELECT id FROM invoice_templates ORDER BY id LIMIT 1'),
    paymentMethodId: pay('SELECT id FROM payment_methods ORDER BY id LIMIT 1'),
    sendInvoice: false,
  },
});
const charge = await recordRoomCharge({
  ...origin,
  room: { roomReservationId: room.id, roomNumber: room.room_number },
  lines: [{ ...product(1), quantity: 3 }],
});
const till = await getTillDb();
const outbox = {
  madeBy: 'the app of 9fad3f1 (scripts/upgrade-fixture/make.mjs)',
  dbVersion: till.version,
  sales: await till.getAll('sales'),
  intents: await till.getAll('intents'),
  meta: Object.fromEntries(
    await Promise.all((await till.getAllKeys('meta')).map(async (key) => [key, await till.get('meta', key)])),
  ),
};
await closeTillDb();
writeFileSync(join(out, 'outbox.json'), `${JSON.stringify(outbox, null, 1)}\n`);
writeFileSync(
  join(out, 'tablet.json'),
  `${JSON.stringify({ cookie: `${server.hub.cookieName}=${token}`, cashSaleId: cash.id, roomChargeId: charge.id, roomReservationId: room.id }, null, 1)}\n`,
);
await server.close();
console.log(`previous release's data folder and tablet outbox written to ${out}`);
