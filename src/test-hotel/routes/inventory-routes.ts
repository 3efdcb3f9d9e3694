// Inventory endpoints of the test hotel: statistics of the hotel's inventory per night (default: the
// following 12 months from the hotel's today; our limit 12 months per call) and the rooms with their
// categories or the categories with their rooms. Our shapes: a night counts rooms, occupied rooms
// (BOOKED and CHECKED_IN stays, as occupancy.ts defines), available rooms (negative when
// overbooked), arrivals and departures (stays not cancelled and not no-shows) and occupancy percent.
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { ok, param } from '../../node-http/errors.ts';
import { IsoDate } from '../../pms/wire.ts';
import type { TestHotel } from '../hotel.ts';
import { addDays, addMonths } from '../infra/clock.ts';
import { statement } from '../infra/db.ts';
import { categoriesWithRoomCounts, datesFrom, occupiedByNight } from '../model/occupancy.ts';
import { periodParams } from './rate-routes.ts';

const Group = v.picklist(['room', 'category'], "must be 'room' or 'category'");

interface RoomRow {
  id: number;
  number: string;
  clean: 0 | 1;
  category_id: number;
}

export function inventoryRoutes(hotel: TestHotel): Hono {
  const { db } = hotel;
  const routes = new Hono();

  const inventory = (c: Context) => {
    let start = hotel.today();
    let end = addDays(addMonths(start, 12), -1);
    if (c.req.param('ends_at') !== undefined) {
      ({ start, end } = periodParams(c, 'starts_at', 'ends_at'));
    } else if (c.req.param('starts_at') !== undefined) {
      start = param(c, 'starts_at', IsoDate);
      end = addDays(addMonths(start, 12), -1);
    }
    const categories = categoriesWithRoomCounts(db);
    const rooms = categories.reduce((sum, k) => sum + k.rooms, 0);
    const occupied = occupiedByNight(db, start, end);
    const movements = statement(
      db,
      `SELECT start_date, end_date FROM room_reservations
       WHERE status NOT IN ('CANCELLED', 'NO_SHOW', 'NO_SHOW_GUARANTEED')
         AND ((start_date BETWEEN @start AND @end) OR (end_date BETWEEN @start AND @end))`,
    ).all({ start, end }) as { start_date: string; end_date: string }[];
    const tally = (key: 'start_date' | 'end_date') => {
      const counts = new Map<string, number>();
      for (const m of movements) counts.set(m[key], (counts.get(m[key]) ?? 0) + 1);
      return counts;
    };
    const arrivals = tally('start_date');
    const departures = tally('end_date');
    const days = datesFrom(start, end).map((date) => {
      const taken = categories.reduce((sum, k) => sum + (occupied.get(k.id)?.get(date) ?? 0), 0);
      return {
        date,
        rooms,
        occupied: taken,
        available: rooms - taken,
        arrivals: arrivals.get(date) ?? 0,
        departures: departures.get(date) ?? 0,
        occupancy: rooms === 0 ? 0 : Math.round((taken / rooms) * 1000) / 10,
      };
    });
    return ok(c, { starts_at: start, ends_at: end, rooms, categories, days });
  };
  routes.get('/api/get/inventory_message', inventory);
  routes.get('/api/get/inventory_message/:starts_at', inventory);
  routes.get('/api/get/inventory_message/:starts_at/:ends_at', inventory);

  routes.get('/api/get/roomandcategory/:group', (c) => {
    const group = param(c, 'group', Group);
    const categories = categoriesWithRoomCounts(db).map(({ rooms: _count, ...k }) => k);
    const rooms = (
      statement(db, 'SELECT id, number, clean, category_id FROM rooms ORDER BY number').all() as RoomRow[]
    ).map((r) => ({ id: r.id, number: r.number, clean: r.clean === 1, category_id: r.category_id }));
    if (group === 'room') {
      const byId = new Map(categories.map((k) => [k.id, k]));
      return ok(
        c,
        rooms.map(({ category_id, ...room }) => ({ ...room, category: byId.get(category_id) })),
      );
    }
    return ok(
      c,
      categories.map((k) => ({
        ...k,
        rooms: rooms.filter((r) => r.category_id === k.id).map(({ category_id: _c, ...room }) => room),
      })),
    );
  });

  return routes;
}
