// Outcomes of a recorded sale's PMS steps (`POST /till/sales/:saleId/outcomes`): stored as events,
// the newest per step is where it stands, a resent report is stored once, and only the tablet that
// recorded the sale may report on it, alone or several in one request; the tablet's listing shows where each of its sales stands.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPmsClient } from '../../../src/pms/client.ts';
import type { PmsRejectedError } from '../../../src/pms/errors.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { ledgerLine, postOutcome, recordSale, saleBody } from './ledger-support.ts';

let hotel: TestHotel;
let app: TabletApp;
beforeEach(() => {
  hotel = pinnedHotel();
  app = tabletApp({ hotel });
});
afterEach(() => hotel.close());

const at = '2026-11-26T20:00:00.000Z';
const created = { step: 2, intent: 'cash-invoice.create@1', outcome: 'done', invoiceId: 41, at };

describe('reporting a PMS step of a recorded sale', () => {
  it('stores it, once for a resend, and the newest report is where the step stands', async () => {
    const { saleId } = await recordSale(app, saleBody([ledgerLine(7, 1, 420)]));
    expect(await (await postOutcome(app, saleId, created)).json()).toEqual({ stored: true });
    expect(await (await postOutcome(app, saleId, created)).json()).toEqual({ stored: false });
    const attention = {
      step: 4,
      intent: 'cash-invoice.close@1',
      outcome: 'needs-attention',
      message: 'refused',
      at,
    };
    await postOutcome(app, saleId, attention);
    await postOutcome(app, saleId, { ...attention, outcome: 'done', at: '2026-11-26T20:05:00.000Z' });
    expect(app.hub.ledger.outcomes.steps(saleId)).toMatchObject([
      { step: 2, outcome: 'done', invoiceId: 41 },
      { step: 4, outcome: 'done' },
    ]);
    const listed = (await (await app.request('/till/sales')).json()) as { sales: { steps: unknown[] }[] };
    expect(listed.sales[0]!.steps).toHaveLength(2);
  });

  it('refuses a bad report with 400 naming the field, and stores nothing', async () => {
    const { saleId } = await recordSale(app, saleBody([ledgerLine(7, 1, 420)]));
    const answer = await postOutcome(app, saleId, { ...created, outcome: 'maybe' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 'outcome_invalid', field: 'outcome' });
    expect(app.hub.ledger.outcomes.steps(saleId)).toEqual([]);
  });

  it("refuses a report on a sale the ledger does not hold, or another tablet's, with 404", async () => {
    expect((await postOutcome(app, 'no-such-sale', created)).status).toBe(404);
    const { saleId } = await recordSale(app, saleBody([ledgerLine(7, 1, 420)]));
    const { code } = app.hub.createPairingCode({ outlet: 'bar', name: 'Second' });
    const { token } = app.hub.redeemPairingCode(code, '127.0.0.1');
    const other = await app.server.request(`/till/sales/${saleId}/outcomes`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-till-request-id': crypto.randomUUID(),
        cookie: `${app.hub.cookieName}=${token}`,
      },
      body: JSON.stringify(created),
    });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'sale_unknown' });
    const stranger = await app.server.request(`/till/sales/${saleId}/outcomes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-till-request-id': crypto.randomUUID() },
      body: JSON.stringify(created),
    });
    expect(stranger.status).toBe(401);
    expect(app.hub.ledger.outcomes.steps(saleId)).toEqual([]);
  });
});

describe('reporting outcomes of several sales in one request (POST /till/sales/outcomes)', () => {
  /** The outbox's own client, sending through this tablet's app. */
  const clientOf = (tablet: TabletApp) =>
    createPmsClient({
      baseUrl: 'https://till.test',
      fetch: (url, init) => Promise.resolve(tablet.request(new URL(url).pathname, init)),
    });

  it("stores each report as alone, and refuses one on another tablet's sale without failing the rest", async () => {
    const mine = await recordSale(app, saleBody([ledgerLine(7, 1, 420)]));
    const second = tabletApp({ hotel });
    const theirs = await recordSale(second, saleBody([ledgerLine(7, 1, 420)]));
    const closed = { step: 4, intent: 'cash-invoice.close@1', outcome: 'done' as const, invoiceId: 41, at };
    const results = await clientOf(app).reportLedgerOutcomes!([
      { saleId: mine.saleId, outcome: created as typeof closed },
      { saleId: theirs.saleId, outcome: created as typeof closed },
      { saleId: mine.saleId, outcome: closed },
      { saleId: mine.saleId, outcome: closed }, // a resend in the same batch: stored once
    ]);
    expect(
      results.map((result) => (result === undefined ? 'ok' : (result as PmsRejectedError).status)),
    ).toEqual(['ok', 404, 'ok', 'ok']);
    expect(app.hub.ledger.outcomes.steps(mine.saleId)).toMatchObject([
      { step: 2, outcome: 'done', invoiceId: 41 },
      { step: 4, outcome: 'done' },
    ]);
    const stored = app.hub.db
      .prepare('SELECT COUNT(*) AS n FROM ledger_outcomes WHERE sale_id = ?')
      .get(mine.saleId);
    expect(stored).toEqual({ n: 2 });
    expect(app.hub.ledger.outcomes.steps(theirs.saleId)).toEqual([]);
  });

  it('answers a bad entry on its own, naming its field, and the rest are stored', async () => {
    const { saleId } = await recordSale(app, saleBody([ledgerLine(7, 1, 420)]));
    const answer = await app.request('/till/sales/outcomes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        reports: [
          { saleId, outcome: { ...created, outcome: 'maybe' } },
          { outcome: created },
          { saleId, outcome: created },
        ],
      }),
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { results: unknown[] }).results).toMatchObject([
      { ok: false, status: 400, code: 'outcome_invalid', field: 'outcome' },
      { ok: false, status: 400, code: 'outcome_invalid', field: 'saleId' },
      { ok: true, stored: true },
    ]);
    expect(app.hub.ledger.outcomes.steps(saleId)).toHaveLength(1);
  });

  it('refuses a body that is not 1 to 200 reports with 400 naming reports, and a stranger with 401', async () => {
    const { saleId } = await recordSale(app, saleBody([ledgerLine(7, 1, 420)]));
    const post = (
      tablet: { request: TabletApp['request'] },
      body: unknown,
      headers: Record<string, string> = {},
    ) =>
      tablet.request('/till/sales/outcomes', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    for (const body of [
      {},
      { reports: [] },
      { reports: 'all' },
      'not json',
      { reports: Array(201).fill({ saleId, outcome: created }) },
    ]) {
      const answer = await post(app, body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: 'batch_invalid', field: 'reports' });
    }
    const stranger = await post(
      app.server,
      { reports: [{ saleId, outcome: created }] },
      {
        'x-till-request-id': crypto.randomUUID(),
      },
    );
    expect(stranger.status).toBe(401);
    expect(app.hub.ledger.outcomes.steps(saleId)).toEqual([]);
  });
});
