// The gateway's guard against a browser's silent resend of a write: a second send with the same
// `x-till-request-id` gets the first send's answer and is not applied again; a send that never
// reached the PMS is forgotten, so its resend goes through; a deliberate re-send (new id) goes through.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '../../src/pms/http.ts';
import {
  createResendGuard,
  REPLAYED_HEADER,
  TABLET_GONE_STATUS,
} from '../../src/server/gateway/resend-guard.ts';
import { dropAwareFetch, type TestHotel } from '../../src/test-hotel/index.ts';
import { count, pinnedHotel, productOf, stayOf } from '../support/hotel.ts';
import { tabletApp } from './tablet-app.ts';

describe('the resend guard on its own', () => {
  const ok = (body: string) => async () => new Response(body, { status: 200 });

  it('forwards the first send and answers a resend with the same id from memory', async () => {
    const guard = createResendGuard();
    let forwarded = 0;
    const forward = async () => new Response(`answer ${++forwarded}`, { status: 201, headers: { a: 'b' } });

    const first = await guard.answer('req-00000001', forward);
    const resend = await guard.answer('req-00000001', forward);

    expect(forwarded).toBe(1);
    expect([first.status, await first.text(), first.headers.get(REPLAYED_HEADER)]).toEqual([
      201,
      'answer 1',
      null,
    ]);
    expect([resend.status, await resend.text(), resend.headers.get(REPLAYED_HEADER)]).toEqual([
      201,
      'answer 1',
      '1',
    ]);
    expect(resend.headers.get('a')).toBe('b');
    expect(guard.resendsAnswered).toBe(1);
  });

  it('lets a resend that arrives while the first send is under way wait for its answer', async () => {
    const guard = createResendGuard();
    let release!: () => void;
    let forwarded = 0;
    const slow = () => {
      forwarded += 1;
      return new Promise<Response>((resolve) => {
        release = () => resolve(new Response('late answer'));
      });
    };
    const first = guard.answer('req-00000002', slow);
    const resend = guard.answer('req-00000002', slow);
    release();

    expect(await (await first).text()).toBe('late answer');
    expect(await (await resend).text()).toBe('late answer');
    expect(forwarded).toBe(1);
  });

  it('forgets a send that never left the gateway, so its resend is forwarded', async () => {
    const guard = createResendGuard();
    const gone = await guard.answer(
      'req-00000003',
      async () => new Response(null, { status: TABLET_GONE_STATUS }),
    );
    const failed = guard.answer('req-00000004', async () => {
      throw new Error('gateway fault before forwarding');
    });
    await expect(failed).rejects.toThrow('gateway fault');

    expect(gone.status).toBe(TABLET_GONE_STATUS);
    expect(await (await guard.answer('req-00000003', ok('sent now'))).text()).toBe('sent now');
    expect(await (await guard.answer('req-00000004', ok('sent now too'))).text()).toBe('sent now too');
    expect(guard.resendsAnswered).toBe(0);
  });

  it('forwards every send without an id, or with one that is not an id the till makes', async () => {
    const guard = createResendGuard();
    let forwarded = 0;
    const forward = async () => new Response(String(++forwarded));
    for (const id of [null, null, 'x', 'x', 'has spaces in it', 'has spaces in it'])
      await guard.answer(id, forward);
    expect(forwarded).toBe(6);
    expect(guard.remembered).toBe(0);
  });

  it('keeps answers for keepMs and at most maxEntries of them, the oldest going first', async () => {
    let clock = 0;
    const guard = createResendGuard({ keepMs: 1_000, maxEntries: 2, now: () => clock });
    let forwarded = 0;
    const forward = async () => new Response(String(++forwarded));

    await guard.answer('req-0000000a', forward); // 1
    clock = 1_001;
    expect(await (await guard.answer('req-0000000a', forward)).text()).toBe('2'); // expired: sent again
    await guard.answer('req-0000000b', forward); // 3
    await guard.answer('req-0000000c', forward); // 4: 'a' is pushed out
    expect(guard.remembered).toBe(2);
    expect(await (await guard.answer('req-0000000c', forward)).text()).toBe('4');
    expect(await (await guard.answer('req-0000000a', forward)).text()).toBe('5');
  });
});

describe('a browser resending a room charge whose answer was lost', () => {
  let hotel: TestHotel;
  beforeEach(() => {
    hotel = pinnedHotel();
  });
  afterEach(() => hotel.close());

  it('charges the room once: the resend gets the first answer; a deliberate re-send charges again', async () => {
    // The resend guard itself: a deliberate re-send of one sale's charge is what the ledger refuses.
    const app = tabletApp({ hotel, recordedSalesOnly: false });
    const send = dropAwareFetch(app);
    const stay = stayOf(hotel.db, 'Bauer');
    const body = JSON.stringify({
      room_reservation_id: stay,
      products: [{ id: productOf(hotel.db, 'M-201'), quantity: 1 }],
    });
    const write = (requestId: string) =>
      send('/api/set/add/products', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: requestId },
        body,
      });
    const charges = () => count(hotel.db, 'invoice_items', 'room_reservation_id = ?', stay);
    const before = charges();
    hotel.faults?.add({ path: '/api/set/add/products', kind: 'drop-after-commit', times: 1 });

    await expect(write('b7c1d9e0-0000-4000-8000-000000000001')).rejects.toThrow('network connection lost');
    expect(charges()).toBe(before + 1); // applied, answer lost

    const resend = await write('b7c1d9e0-0000-4000-8000-000000000001');
    expect(resend.status).toBe(200);
    expect(resend.headers.get(REPLAYED_HEADER)).toBe('1');
    expect(await resend.json()).toMatchObject({ success: true });
    expect(charges()).toBe(before + 1);

    const deliberate = await write('b7c1d9e0-0000-4000-8000-000000000002');
    expect(deliberate.status).toBe(200);
    expect(deliberate.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(charges()).toBe(before + 2);
  });

  it('does not remember reads: each read goes to the PMS and sees its state now', async () => {
    const app = tabletApp({ hotel });
    const stay = stayOf(hotel.db, 'Bauer');
    const read = () =>
      app.request(`/api/get/roomreservation/cost/${stay}`, {
        headers: { [REQUEST_ID_HEADER]: 'b7c1d9e0-0000-4000-8000-000000000003' },
      });
    const first = await read();
    const again = await read();
    expect(first.status).toBe(200);
    expect(again.headers.get(REPLAYED_HEADER)).toBeNull();
  });
});
