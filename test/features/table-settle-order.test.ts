// A tablet that took a table's bill sends the table's settle only after the sale's ledger record:
// while the sale's ledger step is not done, the settle stays queued on the tablet (the server never
// sees it); once the ledger holds the sale, the settle goes and the table is free on the server.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTableSync } from '../../src/features/tables/index.ts';
import { RECORD_IN_LEDGER } from '../../src/outbox/intents/index.ts';
import { recordCashSale } from '../../src/outbox/journal.ts';
import { currentSteps } from '../../src/outbox/sale-state.ts';
import { REQUEST_ID_HEADER } from '../../src/pms/till-headers.ts';
import { changeSale } from '../../src/storage/outbox-store.ts';
import { readPendingTableOps } from '../../src/storage/table-ops-store.ts';
import { ledgerLine, PILS, postSale, saleBody } from '../server/ledger/ledger-support.ts';
import { newLine, tableSetup } from '../server/tables/table-support.ts';

describe('a settle and its sale on the tablet', () => {
  it('keeps the settle queued until the sale’s ledger step is done, then frees the table', async () => {
    const setup = tableSetup();
    const dbName = `settle-${randomUUID()}`;
    const sync = createTableSync({
      fetcher: async (url, init) => {
        const headers = new Headers(init.headers);
        headers.set('cookie', setup.one.cookie);
        return setup.app.request(url, { ...init, headers, signal: null });
      },
      baseUrl: '',
      deviceId: setup.one.device.id,
      dbName,
    });
    const beer = newLine('Pils', 2, { productId: String(PILS), unitCents: 420 });
    await sync.record([{ kind: 'add_line', tableId: 't10', line: beer }], 'Mia');
    await sync.sync();
    const sale = await recordCashSale({
      staff: 'Mia',
      till: 'Restaurant 1',
      lines: [{ productId: PILS, name: 'Pils 0,3 l', quantity: 2, unitPriceCents: 420 }],
      payment: { templateId: 1, paymentMethodId: 1, sendInvoice: false },
    });
    await sync.record(
      [
        {
          kind: 'settle',
          tableId: 't10',
          saleId: sale.id,
          lines: [{ lineId: beer.lineId, quantity: 2 }],
          final: true,
        },
      ],
      'Mia',
    );
    expect(await sync.sync()).toEqual({ waiting: 0, holding: 1 });
    const serverLog = async () =>
      (await setup.one.call('/till/tables/ops?since=0')).body.ops.map(
        (op: { body: { kind: string } }) => op.body.kind,
      );
    expect(await serverLog()).toEqual(['add_line']);
    expect((await readPendingTableOps(dbName)).map((pending) => pending.state)).toContain('queued');

    // The outbox records the sale on the ledger (as its ledger step does), and marks the step done.
    const tablet = {
      request: (path: string, init: RequestInit = {}) =>
        setup.app.request(path, {
          ...init,
          headers: {
            ...(init.headers as Record<string, string>),
            cookie: setup.one.cookie,
            [REQUEST_ID_HEADER]: randomUUID(),
          },
        }),
    };
    expect((await postSale(tablet, saleBody([ledgerLine(PILS, 2, 420)], { saleId: sale.id }))).status).toBe(
      200,
    );
    await changeSale(sale.id, (entry) => ({
      intents: currentSteps(entry!.intents)
        .filter((intent) => intent.name === RECORD_IN_LEDGER)
        .map((intent) => ({ ...intent, state: 'done' as const })),
      value: undefined,
    }));
    expect(await sync.sync()).toEqual({ waiting: 0, holding: 0 });
    expect(await serverLog()).toEqual(['add_line', 'settle']);
    const t10 = (await setup.one.call('/till/tables/floor')).body.tables.find(
      (table: { tableId: string }) => table.tableId === 't10',
    );
    expect(t10).toMatchObject({ state: 'free', amountCents: 0 });
  });
});
