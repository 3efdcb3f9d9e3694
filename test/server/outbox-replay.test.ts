// The real replay engine and the real PMS client against the in-process test hotel, over HTTP,
// with faults injected on the write endpoints: connections reset before the hotel sees a request,
// 5xx answers, and — the hard case — answers dropped after the hotel committed the write. However
// the faults fall, every sale must end up in the hotel's database exactly once, with the right
// items and amounts, and nothing else may be charged.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { recordCashSale, recordRoomCharge } from '../../src/outbox/journal.ts';
import { replayOutbox } from '../../src/outbox/replay.ts';
import { getOutboxSummary } from '../../src/outbox/status.ts';
import { replayFromWorker, setGatewayBaseUrl } from '../../src/outbox/triggers.ts';
import { createPmsClient } from '../../src/pms/client.ts';
import { type RunningServer, startServer } from '../../src/server/listen.ts';
import { closeTillDb } from '../../src/storage/db.ts';
import { listSales } from '../../src/storage/journal-queries.ts';
import { readSale } from '../../src/storage/outbox-store.ts';
import type { SaleLine, SaleRecord } from '../../src/storage/records.ts';
import type { HotelDb } from '../../src/test-hotel/index.ts';
import { tabletOf } from './tablet-app.ts';

const HOTEL_NOW = new Date('2026-11-22T10:00:00+01:00');
const TILL = { staff: 'Mia', till: 'Bar 1' };

let server: RunningServer;
const tablet = () => tabletOf(server);
let db: HotelDb;

beforeEach(async () => {
  await closeTillDb();
  globalThis.indexedDB = new IDBFactory();
  server = await startServer({
    port: 0,
    dbFile: ':memory:',
    testMode: true,
    staticDir: 'nonexistent',
    now: () => HOTEL_NOW,
  });
  db = server.hotel!.db;
});

afterEach(async () => {
  await closeTillDb();
  await server.close();
});

async function addFaults(body: unknown): Promise<void> {
  const response = await fetch(`${server.url}/__test/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

async function faultCounts(): Promise<Record<string, number>> {
  const answer = (await (await fetch(`${server.url}/__test/faults`)).json()) as {
    data: { counts: Record<string, number> };
  };
  return answer.data.counts;
}

/** mulberry32, so the sales are the same every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Row = Record<string, unknown>;
const all = (sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as Row[];

function sellableProducts(): { id: number; name: string; price_cents: number }[] {
  return all(
    'SELECT id, name, price_cents FROM products WHERE bookable_via_api = 1 AND open_price = 0 AND price_cents > 0 ORDER BY id',
  ) as { id: number; name: string; price_cents: number }[];
}

function pickLines(random: () => number, products: ReturnType<typeof sellableProducts>): SaleLine[] {
  const count = 1 + Math.floor(random() * 3);
  return Array.from({ length: count }, () => {
    const product = products[Math.floor(random() * products.length)]!;
    return {
      productId: product.id,
      name: product.name,
      quantity: 1 + Math.floor(random() * 3),
      unitPriceCents: product.price_cents,
    };
  });
}

const ITEMS = `SELECT ii.*, i.kind, i.status AS invoice_status, i.reference
  FROM invoice_items ii JOIN invoices i ON i.id = ii.invoice_id`;

/** The hotel's items on the cash invoices of this sale's reference. */
function itemsInvoiced(reference: string): Row[] {
  return all(`${ITEMS} WHERE i.reference = ? ORDER BY ii.id`, reference);
}

/** The hotel's items that a room charge's step kept as its own (line names are product names only). */
async function itemsCharged(sale: SaleRecord): Promise<Row[]> {
  const entry = await readSale(sale.id);
  const ids = (entry?.intents ?? [])
    .filter((intent) => intent.name === 'room.add-products@1' && intent.state === 'done')
    .flatMap((intent) => (intent.result as { items: { invoiceItemId: number }[] }).items)
    .map((item) => item.invoiceItemId);
  return ids.length === 0 ? [] : all(`${ITEMS} WHERE ii.id IN (${ids.join(',')}) ORDER BY ii.id`);
}

/** The hotel's items on a stay made after item `sinceId`. */
function itemsOnStaySince(stayId: number, sinceId: number): Row[] {
  return all(`${ITEMS} WHERE ii.room_reservation_id = ? AND ii.id > ? ORDER BY ii.id`, stayId, sinceId);
}

const lastItemId = () => all('SELECT COALESCE(MAX(id), 0) AS n FROM invoice_items')[0]!.n as number;

const asLines = (items: Row[]) =>
  items
    .map((i) => ({ productId: i.product_id, quantity: i.quantity, unitPriceCents: i.price_cents }))
    .sort(byJson);
const saleLines = (sale: SaleRecord) =>
  sale.lines
    .map((l) => ({ productId: l.productId, quantity: l.quantity, unitPriceCents: l.unitPriceCents }))
    .sort(byJson);
function byJson(a: unknown, b: unknown): number {
  return JSON.stringify(a).localeCompare(JSON.stringify(b));
}

describe('replaying the outbox into the test hotel through injected faults', () => {
  it('brings every cash sale and room charge into the hotel exactly once, and nothing else', async () => {
    const random = seeded(42);
    const products = sellableProducts();
    const stays = all("SELECT id FROM room_reservations WHERE status = 'CHECKED_IN' ORDER BY id").map(
      (r) => r.id as number,
    );
    const template = all('SELECT id FROM invoice_templates ORDER BY id LIMIT 1')[0]!.id as number;
    const method = all('SELECT id FROM payment_methods ORDER BY id LIMIT 1')[0]!.id as number;
    const itemsBefore = all('SELECT COUNT(*) AS n FROM invoice_items')[0]!.n as number;

    const cashSales: SaleRecord[] = [];
    const roomCharges: SaleRecord[] = [];
    for (let i = 0; i < 15; i++) {
      cashSales.push(
        await recordCashSale({
          ...TILL,
          lines: pickLines(random, products),
          payment: { templateId: template, paymentMethodId: method, sendInvoice: false },
        }),
      );
      const stay = stays[Math.floor(random() * stays.length)]!;
      roomCharges.push(
        await recordRoomCharge({
          ...TILL,
          room: { roomReservationId: stay },
          lines: pickLines(random, products),
        }),
      );
    }

    await addFaults({
      seed: 11, // one whose faults hit every kind of step at least once (the counts below)
      rules: [
        { path: '/api/set/', kind: 'drop-after-commit', probability: 0.3 },
        { path: '/api/set/', kind: 'reset', probability: 0.15 },
        { path: '/api/set/', kind: 'error5xx', status: 503, probability: 0.15 },
        { path: '/api/get/', kind: 'error5xx', status: 500, probability: 0.1 },
      ],
    });

    const client = createPmsClient({ baseUrl: server.url, fetch: tablet(), timeoutMs: 5000 });
    let now = Date.parse('2026-11-22T22:00:00+01:00');
    let runs = 0;
    for (; runs < 300; runs++) {
      const report = await replayOutbox({ client, now: () => now, random: () => 0.5 });
      if (report.pending === 0 && report.nextAttemptAt === null) break;
      now = Math.max(now + 1, report.nextAttemptAt ?? now);
    }

    const counts = await faultCounts();
    expect(counts['drop-after-commit']).toBeGreaterThan(5);
    expect(counts.reset).toBeGreaterThan(0);
    expect(counts.error5xx).toBeGreaterThan(0);

    for (const sale of cashSales) {
      const items = itemsInvoiced(sale.reference);
      expect(asLines(items), `cash sale ${sale.reference}`).toEqual(saleLines(sale));
      const invoiceIds = new Set(items.map((i) => i.invoice_id));
      expect(invoiceIds.size).toBe(1);
      const [invoice] = all('SELECT * FROM invoices WHERE id = ?', [...invoiceIds][0]);
      expect(invoice).toMatchObject({
        kind: 'cashregister',
        status: 'closed',
        reference: sale.reference,
        template_id: template,
        payment_method_id: method,
      });
      const total = items.reduce((sum, i) => sum + (i.price_cents as number) * (i.quantity as number), 0);
      expect(total).toBe(sale.totalCents);
      // invoices opened again after a lost answer stay empty and open: no money on them
      const others = all(
        'SELECT id, status FROM invoices WHERE reference = ? AND id <> ?',
        sale.reference,
        invoice!.id,
      );
      for (const orphan of others) {
        expect(orphan.status).toBe('open');
        expect(all('SELECT 1 FROM invoice_items WHERE invoice_id = ?', orphan.id)).toEqual([]);
      }
    }

    for (const sale of roomCharges) {
      const items = await itemsCharged(sale);
      expect(asLines(items), `room charge ${sale.reference}`).toEqual(saleLines(sale));
      expect(
        items.every((i) => i.room_reservation_id === sale.room?.roomReservationId && i.kind === 'room'),
      ).toBe(true);
    }

    const expectedLines = [...cashSales, ...roomCharges].reduce((sum, sale) => sum + sale.lines.length, 0);
    expect(all('SELECT COUNT(*) AS n FROM invoice_items')[0]!.n).toBe(itemsBefore + expectedLines);

    expect(await getOutboxSummary(now)).toMatchObject({ pending: 0, needsAttention: 0, sending: 0 });
    expect((await listSales()).every((sale) => sale.status === 'synced')).toBe(true);
    expect(runs).toBeLessThan(300);
  }, 30_000);

  it('holds a charge the hotel refuses for staff, with the hotel message, and charges nothing', async () => {
    const departed = all(
      "SELECT id FROM room_reservations WHERE status = 'CHECKED_OUT' ORDER BY id LIMIT 1",
    )[0]!.id as number;
    const [product] = sellableProducts();
    const since = lastItemId();
    const sale = await recordRoomCharge({
      ...TILL,
      room: { roomReservationId: departed },
      lines: [
        { productId: product!.id, name: product!.name, quantity: 1, unitPriceCents: product!.price_cents },
      ],
    });

    const report = await replayOutbox({ client: createPmsClient({ baseUrl: server.url, fetch: tablet() }) });

    expect(report).toMatchObject({ failed: 1, needsAttention: 1, pending: 0 });
    const [held] = await listSales({ status: 'needs-attention' });
    expect(held?.id).toBe(sale.id);
    expect(held?.attention).toMatchObject({ kind: 'rejected', status: 409, field: 'room_reservation_id' });
    expect(held?.attention?.message).toMatch(/takes no more charges/);
    expect(itemsOnStaySince(departed, since)).toEqual([]);
  });
});

describe('the service worker entry point', () => {
  it('replays from the gateway URL stored for it, and rejects while sales still wait so Background Sync retries', async () => {
    vi.stubGlobal('fetch', tablet()); // the worker's fetch carries the device cookie, as a browser's does
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    await setGatewayBaseUrl(server.url);
    const [product] = sellableProducts();
    const line = {
      productId: product!.id,
      name: product!.name,
      quantity: 1,
      unitPriceCents: product!.price_cents,
    };
    await addFaults({ path: '/api/set/add/products', kind: 'reset', times: 1 });
    const since = lastItemId();
    const sale = await recordRoomCharge({ ...TILL, room: { roomReservationId: 1 }, lines: [line] });

    await expect(replayFromWorker()).rejects.toThrow(/still waiting for the PMS/);
    expect(itemsOnStaySince(1, since)).toEqual([]);

    await new Promise((resolve) => setTimeout(resolve, 1100)); // the first backoff, in real time
    await replayFromWorker();
    expect(asLines(itemsOnStaySince(1, since))).toEqual(saleLines(sale));
    expect(itemsOnStaySince(1, since).map((item) => item.name)).toEqual([product!.name]);
  });
});
