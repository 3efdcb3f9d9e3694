// Wire schemas for reading rates, prices, availability and inventory (companion of wire.ts): the
// active-rate list as pms-api.md shows it, and our choices for everything it leaves open: the shapes
// of rooms and categories, inventory statistics, price information and availability. The payloads
// that change rates (price import, restrictions) are in wire-rate-updates.ts.
import * as v from 'valibot';
import { Envelope, IsoDate, LooseString, Money } from './wire.ts';
import { PriceImportStatus } from './wire-rate-updates.ts';

// ---------------------------------------------------------------------------------------------
// Reads

/** An item of GET /api/get/allactiverates (fields as pms-api.md shows them). */
export const Rate = v.looseObject({
  rate_id: v.number(),
  rate_name: v.string(),
  rate_description: LooseString,
  is_adds: v.boolean(),
  promo_code: LooseString,
});
export type Rate = v.InferOutput<typeof Rate>;

export const RoomCategory = v.looseObject({
  id: v.number(),
  code: LooseString,
  name: v.string(),
  max_persons: v.number(),
});

export const Room = v.looseObject({
  id: v.number(),
  number: v.string(),
  /** a room can be checked into only when clean */
  clean: v.boolean(),
});

/** GET /api/get/roomandcategory/room: every room with its category. */
export const RoomWithCategory = v.looseObject({ ...Room.entries, category: RoomCategory });
/** GET /api/get/roomandcategory/category: every category with its rooms. */
export const CategoryWithRooms = v.looseObject({ ...RoomCategory.entries, rooms: v.array(Room) });

/** One night of GET /api/get/inventory_message: rooms, occupied and available. */
export const InventoryDay = v.looseObject({
  date: IsoDate,
  rooms: v.number(),
  occupied: v.number(),
  /** negative after deliberate overbooking */
  available: v.number(),
  arrivals: v.number(),
  departures: v.number(),
  /** percent of rooms occupied, one decimal */
  occupancy: v.number(),
});

export const InventoryStatistics = v.looseObject({
  starts_at: IsoDate,
  ends_at: IsoDate,
  rooms: v.number(),
  categories: v.array(v.looseObject({ ...RoomCategory.entries, rooms: v.number() })),
  days: v.array(InventoryDay),
});
export type InventoryStatistics = v.InferOutput<typeof InventoryStatistics>;

/** Restrictions of a rate on one day (null: none). */
export const DayRestrictions = v.looseObject({
  min_los: v.nullable(v.number()),
  max_los: v.nullable(v.number()),
  closed_to_arrival: v.boolean(),
  closed_to_departure: v.boolean(),
});

/** GET /api/get/allactiverates/prices/...: per day the restrictions and a price per category and occupancy. */
export const RatePrices = v.looseObject({
  rate_id: v.number(),
  rate_name: v.string(),
  currency: v.string(),
  days: v.array(
    v.looseObject({
      date: IsoDate,
      ...DayRestrictions.entries,
      prices: v.array(
        v.looseObject({
          category_id: v.number(),
          person_count: v.number(),
          /** gross price per night; null when none is set (or the category does not hold that many) */
          price: v.nullable(Money),
        }),
      ),
    }),
  ),
});
export type RatePrices = v.InferOutput<typeof RatePrices>;

/** GET /api/get/availabilities/...: per day the rooms still free in each selected category. */
export const AvailabilityDay = v.looseObject({
  date: IsoDate,
  categories: v.array(
    v.looseObject({
      category_id: v.number(),
      category_name: v.string(),
      max_persons: v.number(),
      rooms: v.number(),
      /** negative after deliberate overbooking */
      available: v.number(),
    }),
  ),
});
export type AvailabilityDay = v.InferOutput<typeof AvailabilityDay>;

// ---------------------------------------------------------------------------------------------
// Responses

/** The rate list sends success as the string "true" (pms-api.md); Envelope accepts both. */
export const RateResponses = {
  allActiveRates: Envelope(v.array(Rate)),
  roomsWithCategory: Envelope(v.array(RoomWithCategory)),
  categoriesWithRooms: Envelope(v.array(CategoryWithRooms)),
  inventory: Envelope(InventoryStatistics),
  ratePrices: Envelope(RatePrices),
  availabilities: Envelope(v.array(AvailabilityDay)),
  priceImport: Envelope(v.looseObject({ token: v.string() })),
  priceImportStatus: Envelope(PriceImportStatus),
  restrictions: Envelope(v.looseObject({ days_changed: v.number() })),
} as const;
