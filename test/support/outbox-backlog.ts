// A backlog of pending sales for browser tests and benchmarks, written straight into the tablet's
// IndexedDB (thousands in a second, not through the UI): each a copy of a sale the till really
// recorded, with its own id, reference and time, every step queued and waiting out a long backoff,
// as after an outage. Also: selling one cash sale through the register and timing "Complete sale"
// to the receipt, and counting the outbox's broadcasts a page receives.
import type { BrowserContext, Page } from 'playwright-core';

/** Copies the newest recorded cash sale `count` times as pending sales; answers their references. */
export async function seedPendingSales(page: Page, count: number, options: { due?: boolean } = {}) {
  return page.evaluate(
    async ({ count, due }) => {
      const open = () =>
        new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('hotel-till');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const db = await open();
      const done = (tx: IDBTransaction) =>
        new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error);
        });
      const read = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const readTx = db.transaction(['sales', 'intents'], 'readonly');
      const sales = (await read(readTx.objectStore('sales').getAll())) as {
        id: string;
        kind: string;
        reference: string;
        createdAt: number;
      }[];
      const template = sales
        .filter((sale) => sale.kind === 'cash-sale')
        .sort((a, b) => b.createdAt - a.createdAt)[0];
      if (!template) throw new Error('seedPendingSales needs one cash sale recorded first');
      const steps = (await read(
        readTx
          .objectStore('intents')
          .index('by-sale')
          .getAll(IDBKeyRange.bound([template.id, -1e9], [template.id, 1e9])),
      )) as Record<string, unknown>[];
      const now = Date.now();
      const references: string[] = [];
      const tx = db.transaction(['sales', 'intents'], 'readwrite');
      for (let i = 0; i < count; i++) {
        const id = crypto.randomUUID();
        const reference = `${template.reference.split('-')[0]}-Q${i.toString(36).toUpperCase()}`;
        const createdAt = now - 3_600_000 + i; // an hour ago, oldest first
        references.push(reference);
        const {
          ledgerOutcomes: _o,
          ledgerKeys: _k,
          ledgerUnreported: _u,
          syncedAt: _s,
          attention: _a,
          ...sale
        } = template as Record<string, unknown>;
        tx.objectStore('sales').put({
          ...sale,
          id,
          reference,
          createdAt,
          updatedAt: createdAt,
          status: 'pending',
          notes: [],
          // what the app keeps on a pending sale (src/storage/sale-wake.ts): when its open step is due
          wakeAt: due ? 0 : now + 3_600_000,
          waitingSince: createdAt,
        });
        for (const step of steps) {
          if (step.state === 'superseded') continue;
          const {
            seq: _seq,
            result: _r,
            lastError: _e,
            sentAt: _t,
            settledAt: _d,
            before: _b,
            ...intent
          } = step;
          const payload = step.payload as Record<string, unknown> | null;
          tx.objectStore('intents').add({
            ...intent,
            saleId: id,
            payload: payload && 'reference' in payload ? { ...payload, reference } : payload,
            state: 'queued',
            attempts: 0,
            failuresInRow: due ? 0 : 6,
            notBefore: due ? 0 : now + 3_600_000,
            createdAt,
          });
        }
      }
      await done(tx);
      db.close();
      return references;
    },
    { count, due: options.due ?? false },
  );
}

/**
 * Sells one product for cash in the register and answers the milliseconds from the tap on
 * "Complete sale" to the receipt's reference on screen (measured in the page), and the reference.
 */
export async function timedCashSale(
  page: Page,
  productName: RegExp,
): Promise<{ ms: number; reference: string }> {
  await page.locator('ul.product-grid').getByRole('button', { name: productName }).first().click();
  await page.locator('.pay-button').click();
  const complete = page.getByRole('button', { name: 'Complete sale' });
  await complete.waitFor();
  const handle = await complete.elementHandle();
  const timed = await page.evaluate(
    (button) =>
      new Promise<{ ms: number; reference: string }>((resolve) => {
        const started = performance.now();
        (button as HTMLButtonElement).click();
        const look = () => {
          const shown = document.querySelector('.receipt-panel [data-testid="receipt-reference"]');
          if (shown?.textContent) resolve({ ms: performance.now() - started, reference: shown.textContent });
          else setTimeout(look, 2);
        };
        look();
      }),
    handle,
  );
  await page.getByRole('button', { name: 'New sale' }).click();
  return timed;
}

/** Counts, in every page of the context from now on, the outbox broadcasts it receives (`window.outboxMessages`). */
export async function countOutboxBroadcasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { outboxMessages: number; outboxMessageKinds: string[] };
    w.outboxMessages = 0;
    w.outboxMessageKinds = [];
    const started = performance.now();
    const listen = new BroadcastChannel('hotel-till-outbox');
    listen.onmessage = (message: MessageEvent<{ type?: string; saleId?: string }>) => {
      w.outboxMessages += 1;
      // what each was and when (ms since the page opened), for a bench to say where they came from
      const kind = `${message.data?.type}${message.data?.saleId ? ' (a sale)' : ''}`;
      w.outboxMessageKinds.push(`${Math.round(performance.now() - started)} ${kind}`);
    };
  });
}

/** The outbox broadcasts the page has received from `from` on (their kinds and times). */
export function outboxBroadcastKinds(page: Page, from: number): Promise<string[]> {
  return page.evaluate(
    (start) =>
      ((window as unknown as { outboxMessageKinds?: string[] }).outboxMessageKinds ?? []).slice(start),
    from,
  );
}

/** The outbox broadcasts the page has received so far. */
export function outboxBroadcasts(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { outboxMessages?: number }).outboxMessages ?? 0);
}

/** Opens `path` in a second tab of the page's context (a window of its own: a background tab of a headless window gets no frames). */
export async function openSecondTab(page: Page, url: string): Promise<Page> {
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.evaluate((href) => {
      window.open(href, '_blank', 'popup,noopener,width=768,height=1024');
    }, url),
  ]);
  return tab;
}
