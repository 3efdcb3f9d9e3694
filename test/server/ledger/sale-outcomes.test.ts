// Outcomes of a recorded sale's PMS steps (`POST /till/sales/:saleId/outcomes`): stored as events,
// the newest per step is where it stands, a resent report is stored once, and only the tablet that
// recorded the sale may report on it; the tablet's listing shows where each of its sales stands.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
