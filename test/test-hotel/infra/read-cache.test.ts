// The read cache (read-cache.ts) never shows an answer older than the database: the product
// listing and the time-span listing answer from memory only while nothing has changed, and show a
// change the moment it is written, whoever wrote it (this connection or another on the same file).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect } from 'vitest';
import { createTestHotel } from '../../../src/test-hotel/hotel.ts';
import { ReadCache } from '../../../src/test-hotel/infra/read-cache.ts';
import { hotelApi, hotelTest as it, NOW, productOf, stayOf, TODAY } from '../../support/hotel.ts';

const TIMESPAN = `/api/get/timespan/reservations/${TODAY}/2026-12-22/2000-01-01`;

describe('cached read answers', () => {
  it('a product released for the interface appears in the next listing', async ({ hotel, api }) => {
    const before = await api.get('/api/get/products/available');
    const cola = productOf(hotel.db, before.body.data[0].number);
    hotel.db.prepare('UPDATE products SET bookable_via_api = 0 WHERE id = ?').run(cola);
    const hidden = await api.get('/api/get/products/available');
    expect(hidden.body.totalCount).toBe(before.body.totalCount - 1);
    expect(hidden.body.data.map((p: { id: number }) => p.id)).not.toContain(cola);
    hotel.db.prepare('UPDATE products SET bookable_via_api = 1 WHERE id = ?').run(cola);
    expect((await api.get('/api/get/products/available')).body).toEqual(before.body);
  });

  it('a charge appears in the next time-span listing of its stay', async ({ hotel, api }) => {
    const stay = stayOf(hotel.db, 'Bauer');
    const itemsOf = (body: { data: { id: number; invoice_items: unknown[] }[] }) =>
      body.data.find((s) => s.id === stay)?.invoice_items.length;
    const before = await api.get(TIMESPAN);
    expect((await api.get(TIMESPAN)).body).toEqual(before.body);
    const charged = await api.post('/api/set/add/products', {
      room_reservation_id: stay,
      products: [{ id: 1, quantity: 1 }],
    });
    expect(charged.status).toBe(200);
    const after = await api.get(TIMESPAN);
    expect(itemsOf(after.body)).toBe((itemsOf(before.body) ?? 0) + 1);
  });

  it('shows a change committed by another connection to the same database file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'read-cache-'));
    const onFile = createTestHotel({ dbFile: join(dir, 'hotel.sqlite'), testMode: true, now: () => NOW });
    const other = new Database(join(dir, 'hotel.sqlite'));
    try {
      const fileApi = hotelApi(onFile);
      const before = await fileApi.get('/api/get/products/available');
      other.prepare('UPDATE products SET bookable_via_api = 0 WHERE id = ?').run(before.body.data[0].id);
      const after = await fileApi.get('/api/get/products/available');
      expect(after.body.totalCount).toBe(before.body.totalCount - 1);
    } finally {
      other.close();
      onFile.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps nothing built inside an open transaction, which may still be rolled back', ({ hotel }) => {
    const reads = new ReadCache(hotel.db);
    const cache = {
      json: (key: string, build: () => unknown) => new TextDecoder().decode(reads.json(key, build)),
    };
    const count = () => hotel.db.prepare('SELECT COUNT(*) FROM contacts').pluck().get();
    const before = cache.json('n', count);
    hotel.db.exec('BEGIN');
    hotel.db.prepare("INSERT INTO contacts (lastname) VALUES ('Phantom')").run();
    expect(cache.json('n', count)).toBe(String(Number(before) + 1));
    hotel.db.exec('ROLLBACK');
    expect(cache.json('n', count)).toBe(before);
  });
});
