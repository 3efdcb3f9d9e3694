// Finding the guest and reading reservations: the search by number or dates plus names (rule 1:
// none found is a 404 "No reservation found"), single room and main reservations by id or number,
// and the time-span listing with its period, last_modified and no-show rules.
import * as v from 'valibot';
import { describe, expect } from 'vitest';
import { Responses } from '../../../src/pms/wire.ts';
import { type HotelApi, hotelTest as it, stayOf, TODAY } from '../../support/hotel.ts';

const search = (api: HotelApi, body: object) =>
  api.post('/api/get/roomreservation/searchpattern', body, { key: 'read' });
const timespan = (api: HotelApi, path: string) =>
  api.get(`/api/get/timespan/reservations/${path}`, { key: 'read' });
const ids = (list: { id: number }[]) => list.map((r) => r.id).sort((a, b) => a - b);

describe('POST /api/get/roomreservation/searchpattern', () => {
  it('finds the stay by reservation number and names, ignoring case', async ({ hotel, api }) => {
    const { status, body } = await search(api, {
      reservation_number: '24101',
      firstname: 'ANTJE',
      lastname: 'bauer',
    });
    expect(status).toBe(200);
    const parsed = v.parse(Responses.searchPattern, body);
    expect(ids(parsed.data)).toEqual([stayOf(hotel.db, 'Bauer')]);
    expect(parsed.data[0]?.guest.fullname).toBe('Bauer, Antje');
  });

  it('matches umlauts regardless of case, within a group booking', async ({ hotel, api }) => {
    const { body } = await search(api, {
      reservation_number: '24110',
      firstname: 'jonas',
      lastname: 'MÜLLER',
    });
    expect(ids(body.data)).toEqual([stayOf(hotel.db, 'Müller')]);
  });

  it('finds the stay by its own start or end date instead of the number', async ({ hotel, api }) => {
    const byStart = await search(api, { start_date: '2026-11-19', firstname: 'Antje', lastname: 'Bauer' });
    expect(ids(byStart.body.data)).toEqual([stayOf(hotel.db, 'Bauer')]);
    const byEnd = await search(api, { end_date: '2026-11-23', firstname: 'antje', lastname: 'bauer' });
    expect(ids(byEnd.body.data)).toEqual([stayOf(hotel.db, 'Bauer')]);
    const both = await search(api, {
      start_date: '2026-11-19',
      end_date: '2026-11-24',
      firstname: 'Antje',
      lastname: 'Bauer',
    });
    expect(both.status).toBe(404);
  });

  it('answers 404 "No reservation found" when names or number do not match (rule 1)', async ({ api }) => {
    for (const body of [
      { reservation_number: '24101', firstname: 'Antje', lastname: 'Baur' },
      { reservation_number: '24102', firstname: 'Antje', lastname: 'Bauer' },
      { start_date: TODAY, firstname: 'Antje', lastname: 'Bauer' },
      { reservation_number: '24101', firstname: 'Ant', lastname: 'Bauer' },
    ]) {
      const answer = await search(api, body);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ success: false, message: 'No reservation found' });
    }
  });

  it('never finds a cancelled stay', async ({ api }) => {
    const answer = await search(api, { reservation_number: '24122', firstname: 'Laura', lastname: 'Schmid' });
    expect(answer.status).toBe(404);
  });

  it('needs both names and the number or a date (400)', async ({ api }) => {
    const noKey = await search(api, { firstname: 'Antje', lastname: 'Bauer' });
    expect([noKey.status, noKey.body.field]).toEqual([400, 'reservation_number']);
    const noName = await search(api, { reservation_number: '24101', lastname: 'Bauer' });
    expect([noName.status, noName.body.field]).toEqual([400, 'firstname']);
  });
});

describe('GET /api/get/single_id and /api/get/single_number', () => {
  it('reads one room reservation with guest, main reservation and all its invoice items', async ({
    hotel,
    api,
  }) => {
    const stay = stayOf(hotel.db, 'Wagner');
    const { status, body } = await api.get(`/api/get/single_id/roomreservations/${stay}`, { key: 'read' });
    expect(status).toBe(200);
    const { data } = v.parse(Responses.roomReservation, body);
    expect(data).toMatchObject({
      id: stay,
      reservation_number: '24106',
      status: 'CHECKED_IN',
      self_pay: 'ADDITIONAL',
      room_number: '302',
      guest_name: 'Wagner, Maximilian',
      company_name: 'Nordlicht Software AG',
      main_reservation: {
        reservation_number: '24106',
        duty_of_payment_at_kiosk: true,
        invoice_recipient: { name: 'Nordlicht Software AG', city: 'Hamburg' },
      },
    });
    expect(data.invoice_items).toHaveLength(3);
  });

  it('tells a prepaid stay by duty_of_payment_at_kiosk false', async ({ hotel, api }) => {
    const { body } = await api.get(`/api/get/single_id/roomreservations/${stayOf(hotel.db, 'Rossi')}`);
    expect(body.data.main_reservation.duty_of_payment_at_kiosk).toBe(false);
  });

  it('reads a group booking as one main reservation with its three rooms, by id or by number', async ({
    api,
  }) => {
    const byNumber = await api.get('/api/get/single_number/mainreservations/24110', { key: 'read' });
    const { data } = v.parse(Responses.mainReservation, byNumber.body);
    expect(data.room_reservations.map((r) => r.room_number)).toEqual(['401', '402', '403']);
    expect(data.invoice_recipient?.name).toBe('Alpenblick Consulting GmbH');
    const byId = await api.get(`/api/get/single_id/mainreservations/${data.id}`);
    expect(byId.body).toEqual(byNumber.body);
  });

  it('answers 404 for unknown ids and numbers, 400 for a bad entity or number', async ({ api }) => {
    for (const [path, status, field] of [
      ['/api/get/single_id/roomreservations/99999', 404, 'id'],
      ['/api/get/single_id/mainreservations/99999', 404, 'id'],
      ['/api/get/single_number/mainreservations/99999', 404, 'number'],
      ['/api/get/single_number/roomreservations/24101', 400, 'entity'],
      ['/api/get/single_number/mainreservations/24%20101', 400, 'number'],
    ] as const) {
      const answer = await api.get(path);
      expect([answer.status, answer.body.field], path).toEqual([status, field]);
    }
  });
});

describe('GET /api/get/timespan/reservations/{start}/{end}/{last_modified}', () => {
  it('lists every stay overlapping the period, departures included, cancellations and no-shows left out', async ({
    hotel,
    api,
  }) => {
    const { status, body } = await timespan(api, `${TODAY}/${TODAY}/2000-01-01`);
    expect(status).toBe(200);
    const { data } = v.parse(Responses.timespan, body);
    const expected = hotel.db
      .prepare(
        `SELECT id FROM room_reservations WHERE start_date <= ? AND end_date >= ?
         AND status NOT IN ('CANCELLED', 'NO_SHOW', 'NO_SHOW_GUARANTEED') ORDER BY id`,
      )
      .pluck()
      .all(TODAY, TODAY);
    expect(ids(data)).toEqual(expected);
    expect(data.map((r) => r.guest.lastname)).toEqual(
      expect.arrayContaining(['Whitfield', 'Fischer', 'Yılmaz']),
    );
    expect(data.map((r) => r.status)).not.toContain('CANCELLED');
  });

  it('adds no-shows only with include_noshows=yes', async ({ api }) => {
    const without = await timespan(api, `${TODAY}/${TODAY}/2000-01-01`);
    const withNoShows = await timespan(api, `${TODAY}/${TODAY}/2000-01-01?include_noshows=yes`);
    const added = withNoShows.body.data.filter((r: { id: number }) => !ids(without.body.data).includes(r.id));
    expect(added.map((r: { status: string }) => r.status).sort()).toEqual(['NO_SHOW', 'NO_SHOW_GUARANTEED']);
    expect((await timespan(api, `${TODAY}/${TODAY}/2000-01-01?include_noshows=true`)).status).toBe(400);
  });

  it('lists only stays created or changed on or after last_modified (and its time)', async ({
    hotel,
    api,
  }) => {
    const walkIn = stayOf(hotel.db, 'Dubois'); // created today 07:15, changed 07:20
    const departed = stayOf(hotel.db, 'Fischer'); // checked out today 09:55
    const today = await timespan(api, `2026-11-01/2026-12-31/${TODAY}`);
    expect(ids(today.body.data)).toEqual([walkIn, departed].sort((a, b) => a - b));
    const bauer = stayOf(hotel.db, 'Bauer');
    await api.post('/api/set/add/products', {
      room_reservation_id: bauer,
      products: [{ id: 1, quantity: 1 }],
    });
    const afterEight = await timespan(api, `2026-11-01/2026-12-31/${TODAY}/08:00`);
    expect(ids(afterEight.body.data)).toEqual([bauer, departed].sort((a, b) => a - b));
    const afterDeparture = await timespan(api, `2026-11-01/2026-12-31/${TODAY}/09:56`);
    expect(ids(afterDeparture.body.data)).toEqual([bauer]);
    const afterTen = await timespan(api, `2026-11-01/2026-12-31/${TODAY}/10:00:01`);
    expect(afterTen.body.data).toEqual([]);
  });

  it('refuses an end before the start or a period over 12 months with 400 naming end', async ({ api }) => {
    expect((await timespan(api, '2026-11-22/2027-11-22/2000-01-01')).status).toBe(200);
    for (const path of ['2026-11-22/2027-11-23/2000-01-01', '2026-11-22/2026-11-21/2000-01-01']) {
      const answer = await timespan(api, path);
      expect([answer.status, answer.body.field], path).toEqual([400, 'end']);
    }
  });

  it('refuses bad dates, times and entities with 400 naming them', async ({ api }) => {
    for (const [path, field] of [
      ['/api/get/timespan/reservations/2026-11-22/2026-11-23/yesterday', 'last_modified'],
      ['/api/get/timespan/reservations/2026-11-22/2026-11-23/2026-11-01/25:00', 'last_modified_time'],
      ['/api/get/timespan/contacts/2026-11-22/2026-11-23/2026-11-01', 'entity'],
    ]) {
      const answer = await api.get(path as string);
      expect([answer.status, answer.body.field], path).toEqual([400, field]);
    }
  });
});
