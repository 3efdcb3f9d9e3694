// Node side of the outbox benchmark: builds the bench app, makes the sales, opens a browser profile
// on disk (so strict IndexedDB writes really reach the disk, as on a till) and checks the outcome in
// the test hotel's database. bench/outbox.bench.ts strings these together.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium } from 'playwright-core';
import { build } from 'vite';
import type { LedgerRecord } from '../../src/pms/ledger-wire.ts';
import { REQUEST_ID_HEADER, SALE_HEADER } from '../../src/pms/till-headers.ts';
import type { SaleLine } from '../../src/storage/records.ts';
import type { HotelDb } from '../../src/test-hotel/index.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, TABLET_VIEWPORT } from '../../test/support/browser.ts';
import type { RecordedSale } from './protocol.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

/** Builds page and worker into bench/outbox/dist and answers that folder. */
export async function buildBenchApp(): Promise<string> {
  await build({ configFile: join(here, 'vite.config.ts'), logLevel: 'warn' });
  return join(here, 'dist');
}

/** A scratch folder, removed by the cleanup it comes with. */
export async function scratchDir(): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'hotel-till-bench-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/**
 * Chromium with a profile on disk: a fresh browser context is off the record and keeps IndexedDB in
 * memory, which would make "durable" meaningless for the enqueue figures. Playwright's recording of
 * the worker's network traffic is switched off while the profile is open: it reports every request
 * over CDP and would tax both drains with the harness's own overhead.
 */
export async function launchProfile(
  userDataDir: string,
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const switchedOff = process.env.PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK;
  process.env.PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK = '1';
  const restore = () => {
    if (switchedOff === undefined) delete process.env.PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK;
    else process.env.PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK = switchedOff;
  };
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: TABLET_VIEWPORT,
      serviceWorkers: 'allow',
    });
    return { context, close: () => context.close().finally(restore) };
  } catch (error) {
    restore();
    throw error;
  }
}

/** mulberry32, so the sales are the same every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Sellable {
  id: number;
  name: string;
  price_cents: number;
}

export function sellableProducts(db: HotelDb): Sellable[] {
  return db
    .prepare(
      'SELECT id, name, price_cents FROM products WHERE bookable_via_api = 1 AND open_price = 0 AND price_cents > 0 ORDER BY id',
    )
    .all() as Sellable[];
}

export function firstPayment(db: HotelDb): { templateId: number; paymentMethodId: number } {
  const one = (sql: string) => (db.prepare(sql).get() as { id: number }).id;
  return {
    templateId: one('SELECT id FROM invoice_templates ORDER BY id LIMIT 1'),
    paymentMethodId: one('SELECT id FROM payment_methods ORDER BY id LIMIT 1'),
  };
}

/** One to three lines of one to three of a product each, as a bar sale looks. */
export function pickLines(random: () => number, products: readonly Sellable[]): SaleLine[] {
  return Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
    const product = products[Math.floor(random() * products.length)]!;
    return {
      productId: product.id,
      name: product.name,
      quantity: 1 + Math.floor(random() * 3),
      unitPriceCents: product.price_cents,
    };
  });
}

/**
 * Records each sale on the ledger and opens one cash invoice for it through the gateway (untimed),
 * for Workbox's add and close, as the paired tablet `context` (its device cookie; the gateway
 * refuses an unpaired caller with 401, and a write of no recorded sale with 409).
 */
export async function openInvoices(
  baseUrl: string,
  sales: readonly { reference: string; ledger: LedgerRecord }[],
  context: BrowserContext,
): Promise<number[]> {
  const cookie = (await context.cookies(baseUrl)).map(({ name, value }) => `${name}=${value}`).join('; ');
  const ids: number[] = new Array(sales.length);
  let next = 0;
  const worker = async () => {
    while (next < sales.length) {
      const index = next++;
      const sale = sales[index]!;
      const headers = {
        'content-type': 'application/json',
        accept: 'application/json',
        cookie,
      };
      const recorded = await fetch(`${baseUrl}/till/sales`, {
        method: 'POST',
        headers: { ...headers, [REQUEST_ID_HEADER]: randomUUID() },
        body: JSON.stringify(sale.ledger),
      });
      if (!recorded.ok)
        throw new Error(`recording a sale failed: ${recorded.status} ${await recorded.text()}`);
      const response = await fetch(`${baseUrl}/api/set/create/servicecashregister/invoice`, {
        method: 'POST',
        headers: { ...headers, [REQUEST_ID_HEADER]: randomUUID(), [SALE_HEADER]: sale.ledger.saleId },
        body: JSON.stringify({ recipient_name: '', reference: sale.reference }),
      });
      const answer = (await response.json()) as { data?: { invoice_id?: number } };
      if (!response.ok || typeof answer.data?.invoice_id !== 'number') {
        throw new Error(`opening an invoice failed: ${response.status}`);
      }
      ids[index] = answer.data.invoice_id;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return ids;
}

/** A sale to look for: as recorded, optionally pinned to the invoice that must hold it. */
export type ExpectedSale = RecordedSale & { invoiceId?: number };

export interface CashCheck {
  /** References of the sales found exactly once: one closed invoice with exactly their lines. */
  exactlyOnce: Set<string>;
  /** Invoices with a sale's reference besides the one that counts (each empty and open). */
  emptyExtras: number;
  /** What was wrong, sale by sale, and items no sale accounts for (empty when all is well). */
  problems: string[];
}

/**
 * Checks every sale in the hotel's database: exactly one closed cash invoice holding exactly the
 * sale's lines (PMS line names are the product names: issue 22), with the sale's total and payment; any other invoice with the
 * sale's reference empty and open; and no item on any cash invoice that no sale accounts for. Only
 * items written after `since.itemId` count (the demo data has its own).
 */
export function checkCashSales(
  db: HotelDb,
  sales: readonly ExpectedSale[],
  payment: { templateId: number; paymentMethodId: number },
  since: { itemId: number },
): CashCheck {
  type Invoice = {
    id: number;
    reference: string;
    status: string;
    template_id: number;
    payment_method_id: number;
  };
  type Item = { invoice_id: number; product_id: number; name: string; quantity: number; price_cents: number };
  const invoices = db
    .prepare(
      "SELECT id, reference, status, template_id, payment_method_id FROM invoices WHERE kind = 'cashregister'",
    )
    .all() as Invoice[];
  const items = db
    .prepare(
      "SELECT ii.invoice_id, ii.product_id, ii.name, ii.quantity, ii.price_cents FROM invoice_items ii JOIN invoices i ON i.id = ii.invoice_id WHERE i.kind = 'cashregister' AND ii.id > ?",
    )
    .all(since.itemId) as Item[];
  const byReference = groupBy(invoices, (invoice) => invoice.reference);
  const itemsOf = groupBy(items, (item) => item.invoice_id);
  const check: CashCheck = { exactlyOnce: new Set(), emptyExtras: 0, problems: [] };
  const accounted = new Set<number>();
  const shape = (line: { productId: number; quantity: number; unitPriceCents: number }) =>
    `${line.productId}x${line.quantity}@${line.unitPriceCents}`;
  for (const sale of sales) {
    const mine = byReference.get(sale.reference) ?? [];
    for (const invoice of mine) accounted.add(invoice.id);
    const holding = mine.filter((invoice) => (itemsOf.get(invoice.id)?.length ?? 0) > 0);
    const problem = (text: string) => check.problems.push(`${sale.reference}: ${text}`);
    if (holding.length !== 1) {
      problem(`${holding.length} invoices hold its items`);
      continue;
    }
    const invoice = holding[0]!;
    const found = itemsOf.get(invoice.id)!;
    const want = sale.lines.map(shape).sort().join(',');
    const got = found
      .map((item) =>
        shape({ productId: item.product_id, quantity: item.quantity, unitPriceCents: item.price_cents }),
      )
      .sort()
      .join(',');
    const total = found.reduce((sum, item) => sum + item.quantity * item.price_cents, 0);
    const extras = mine.filter((other) => other.id !== invoice.id);
    const wrong =
      sale.invoiceId !== undefined && invoice.id !== sale.invoiceId
        ? `items on invoice ${invoice.id}, not ${sale.invoiceId}`
        : got !== want
          ? `items ${got}, expected ${want}`
          : total !== sale.totalCents
            ? `total ${total}, expected ${sale.totalCents}`
            : invoice.status !== 'closed'
              ? `invoice ${invoice.id} is ${invoice.status}`
              : invoice.template_id !== payment.templateId ||
                  invoice.payment_method_id !== payment.paymentMethodId
                ? `invoice ${invoice.id} closed with the wrong template or payment method`
                : extras.some((other) => other.status !== 'open')
                  ? 'a second invoice with its reference is closed'
                  : undefined;
    if (wrong) {
      problem(wrong);
      continue;
    }
    check.emptyExtras += extras.length;
    check.exactlyOnce.add(sale.reference);
  }
  const stray = items.filter((item) => !accounted.has(item.invoice_id));
  if (stray.length > 0) check.problems.push(`${stray.length} items on cash invoices no sale accounts for`);
  return check;
}

/** The newest invoice item's id, to check only what is written afterwards. */
export function lastItemId(db: HotelDb): number {
  return (db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM invoice_items').get() as { id: number }).id;
}

function groupBy<T, K>(values: readonly T[], key: (value: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const value of values) {
    const k = key(value);
    const group = groups.get(k);
    if (group) group.push(value);
    else groups.set(k, [value]);
  }
  return groups;
}

/**
 * CPU seconds used so far by this process (with the server in it) and by the processes it started
 * (Chromium), from /proc; children's figures are null where there is no /proc.
 */
export function cpuSeconds(): { node: number; children: number | null } {
  const usage = process.cpuUsage();
  return { node: (usage.user + usage.system) / 1e6, children: childrenCpuSeconds() };
}

function childrenCpuSeconds(): number | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const processes = new Map<number, { parent: number; seconds: number }>();
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[1] is the parent; fields[11], fields[12] user and system time in clock ticks (100 Hz)
      processes.set(Number(pid), {
        parent: Number(fields[1]),
        seconds: (Number(fields[11]) + Number(fields[12])) / 100,
      });
    } catch {
      // the process ended meanwhile
    }
  }
  const ours = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, { parent }] of processes) {
      if (!ours.has(pid) && ours.has(parent)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  ours.delete(process.pid);
  let seconds = 0;
  for (const pid of ours) seconds += processes.get(pid)?.seconds ?? 0;
  return seconds;
}

/** The p-th percentile (0-100), nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}
