// Recording several sales in one request (`POST /till/sales/batch`): each record answered as if it
// came alone (stored answer, a resend's stored answer, its own 4xx with code and field), one bad
// record failing nobody else and leaving nothing half-written; only a paired tablet may send one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { STAFF_KEY_ROUNDS } from '../staff/staff-support.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { ledgerLine, PILS, postSale, SCHNITZEL, saleBody } from './ledger-support.ts';

let hotel: TestHotel;
let app: TabletApp;

beforeEach(() => {
  hotel = pinnedHotel();
  app = tabletApp({ hotel }, { staffKeyRounds: STAFF_KEY_ROUNDS });
});
afterEach(() => hotel.close());

function postBatch(records: unknown[], request = app.request.bind(app)) {
  return request('/till/sales/batch', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ records }),
  });
}

const stored = () => app.hub.ledger.outcomes.list(app.device, 0, 500).sales.map((s) => s.saleId);

describe('a batch of records', () => {
  it('answers a mix of new, resent, conflicting and bad records each as if alone', async () => {
    const earlier = saleBody([ledgerLine(PILS, 1, 420)]);
    const earlierAnswer = await (await postSale(app, earlier)).json();
    const fresh = saleBody([ledgerLine(SCHNITZEL, 1, 2450)]);
    const conflict = saleBody([ledgerLine(PILS, 2, 420)], { saleId: earlier.saleId });
    const badTotal = saleBody([ledgerLine(PILS, 2, 420)], { totalCents: 1 });
    const noLines = { ...saleBody([ledgerLine(PILS, 1, 420)]), lines: 'none' };
    const fresh2 = saleBody([ledgerLine(PILS, 3, 420)]);
    const answer = await postBatch([fresh, earlier, conflict, badTotal, noLines, fresh2]);
    expect(answer.status).toBe(200);
    const { results } = (await answer.json()) as { results: Record<string, unknown>[] };
    expect(results).toHaveLength(6);
    // each answered exactly as the single endpoint answers it
    const alone = async (body: unknown) => {
      const single = await postSale(app, body);
      const json = (await single.json()) as Record<string, unknown>;
      return single.status === 200
        ? { ok: true, answer: json }
        : { ok: false, status: single.status, message: json.message, code: json.code, field: json.field };
    };
    expect(results[0]).toEqual(await alone(fresh));
    expect(results[1]).toEqual({ ok: true, answer: earlierAnswer });
    expect(results[2]).toMatchObject({ ok: false, status: 409, code: 'sale_conflict', field: 'saleId' });
    expect(results[2]).toEqual(await alone(conflict));
    expect(results[3]).toMatchObject({ ok: false, status: 400 });
    expect(results[3]).toEqual(await alone(badTotal));
    expect(results[4]).toMatchObject({ ok: false, status: 400, field: expect.stringContaining('lines') });
    expect(results[5]).toEqual(await alone(fresh2));
    // the good ones stored once, the bad ones not at all
    expect(stored().sort()).toEqual([earlier.saleId, fresh.saleId, fresh2.saleId].sort());
    expect(app.hub.ledger.outcomes.stored(badTotal.saleId)).toBeFalsy();
    expect(app.hub.ledger.outcomes.stored(earlier.saleId)!.lines).toMatchObject([{ quantity: 1 }]);
  });

  it('answers a resent batch with the same answers, and stores nothing twice', async () => {
    const records = Array.from({ length: 100 }, (_, i) => saleBody([ledgerLine(PILS, 1 + (i % 3), 420)]));
    const first = await (await postBatch(records)).json();
    const again = await (await postBatch(records)).json();
    expect(again).toEqual(first);
    expect(new Set(stored()).size).toBe(100);
    expect(stored()).toHaveLength(100);
  });

  it('refuses an empty batch, or one of more than 100, with 400 naming records', async () => {
    for (const records of [[], Array.from({ length: 101 }, () => saleBody([ledgerLine(PILS, 1, 420)]))]) {
      const answer = await postBatch(records);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ field: 'records', code: 'batch_invalid' });
    }
    expect(stored()).toEqual([]);
  });

  it('refuses an unpaired caller with 401 and a revoked tablet with 401 device_revoked, writing nothing', async () => {
    const records = [saleBody([ledgerLine(PILS, 1, 420)])];
    const headers = { 'content-type': 'application/json', 'x-till-request-id': crypto.randomUUID() };
    const stranger = await app.server.request('/till/sales/batch', {
      method: 'POST',
      headers,
      body: JSON.stringify({ records }),
    });
    expect(stranger.status).toBe(401);
    app.hub.revokeDevice(app.device.id);
    const revoked = await postBatch(records);
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({ code: 'device_revoked' });
    expect(stored()).toEqual([]);
  });
});
