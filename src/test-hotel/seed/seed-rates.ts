// Demo rate data of the test hotel, placed around the hotel's today: which categories each rate
// sells, an inactive rate, rate periods (weekly Monday-to-Sunday periods for "Übernachtung mit
// Frühstück", none for "Nur Übernachtung", a season period for "Wellness-Auszeit" so a price import
// into it is refused), a year of prices per category and occupancy, and some restrictions. Prices
// follow a fixed formula (category base, per extra person, rate, weekend), so every seed with the
// same today writes the same rows. Called by seed.ts inside its transaction, after the catalogue.
import { addDays } from '../infra/clock.ts';
import { type HotelDb, insertRow, statement } from '../infra/db.ts';
import { HOTEL_PROFILE } from '../model/hotel-profile.ts';
import { mondayOf, weekdayIndex } from '../model/rates.ts';
import { ROOM_CATEGORIES } from './seed-catalogue.ts';

/** Days of prices from today on. */
export const PRICED_DAYS = 366;

/** A rate no longer sold: not listed by allactiverates and refused like a blocked one. */
export const INACTIVE_RATE = {
  id: 5,
  name: 'Sommerspecial 2025',
  description: 'Summer offer, ended',
  active: 0,
} as const;

interface RatePlan {
  rateId: number;
  categories: readonly number[];
  /** extra per person and night on the room price, in cents */
  perPerson: number;
  /** percent of the room-only price */
  percent: number;
}

const PLANS: readonly RatePlan[] = [
  { rateId: 1, categories: [1, 2, 3, 4], perPerson: 2200, percent: 100 },
  { rateId: 2, categories: [1, 2, 3, 4], perPerson: 0, percent: 100 },
  { rateId: 3, categories: [2, 3, 4], perPerson: 4500, percent: 110 },
  { rateId: 4, categories: [1, 2], perPerson: 2200, percent: 85 },
  { rateId: 5, categories: [2, 3], perPerson: 0, percent: 90 },
];

/** Room-only price per night: the category's Logis price, more on Friday and Saturday nights. */
const ROOM_CENTS: Record<number, number> = { 1: 8900, 2: 12900, 3: 15900, 4: 21900 };
const EXTRA_PERSON_CENTS = 2500;
const WEEKEND_CENTS = 1500;

/** The demo price of a night (weekday 0 = Monday), rounded to whole euros. */
export function demoPriceCents(plan: RatePlan, categoryId: number, persons: number, weekday: number): number {
  const weekend = weekday === 4 || weekday === 5 ? WEEKEND_CENTS : 0;
  const room =
    ((ROOM_CENTS[categoryId] ?? 12900) + weekend + (persons - 1) * EXTRA_PERSON_CENTS) * plan.percent;
  return Math.round((room / 100 + persons * plan.perPerson) / 100) * 100;
}

export function seedRates(db: HotelDb, today: string): void {
  insertRow(db, 'rates', INACTIVE_RATE);
  const maxPersons = new Map<number, number>(ROOM_CATEGORIES.map((c) => [c.id, c.maxPersons]));
  for (const plan of PLANS) {
    for (const categoryId of plan.categories) {
      insertRow(db, 'rate_categories', { rate_id: plan.rateId, category_id: categoryId });
    }
  }

  const period = (rateId: number, start: string, end: string) =>
    insertRow(db, 'rate_periods', { rate_id: rateId, start_date: start, end_date: end });
  const firstMonday = mondayOf(today);
  for (let week = 0; week < 53; week++) {
    period(1, addDays(firstMonday, 7 * week), addDays(firstMonday, 7 * week + 6));
  }
  period(3, addDays(today, -30), addDays(today, 119)); // a season: not a week
  period(4, firstMonday, addDays(firstMonday, 6));

  const price = statement(
    db,
    `INSERT INTO rate_prices (rate_id, category_id, date, person_count, amount_cents, currency)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  for (let day = 0; day < PRICED_DAYS; day++) {
    const date = addDays(today, day);
    const weekday = weekdayIndex(date);
    for (const plan of PLANS) {
      for (const categoryId of plan.categories) {
        for (let persons = 1; persons <= (maxPersons.get(categoryId) ?? 1); persons++) {
          price.run(
            plan.rateId,
            categoryId,
            date,
            persons,
            demoPriceCents(plan, categoryId, persons, weekday),
            HOTEL_PROFILE.currency,
          );
        }
      }
    }
  }

  const restrict = (rateId: number, date: string, values: Record<string, number>) =>
    insertRow(db, 'rate_restrictions', { rate_id: rateId, date, ...values });
  for (let day = 0; day < 90; day++) {
    const date = addDays(today, day);
    const weekday = weekdayIndex(date);
    restrict(3, date, { min_los: 2, closed_to_arrival: weekday === 6 ? 1 : 0 });
    if (day < 56 && weekday === 5) restrict(1, date, { max_los: 14, closed_to_arrival: 1 });
    if (day < 28 && weekday === 6) restrict(2, date, { closed_to_departure: 1 });
  }
}
