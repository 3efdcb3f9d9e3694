// Wire schemas for changing rates (companion of wire.ts): the price-import payload (our nesting:
// rate_id next to 'servicerate', which maps category names or codes to day entries; rule 9: End
// must equal Start), the import's status values, and the restriction payload per rate period.
import * as v from 'valibot';
import { Id, IsoDate } from './wire.ts';

// ---------------------------------------------------------------------------------------------
// Price import

const DecimalTwoPlaces = v.pipe(
  v.string('must be a decimal string with two places, e.g. "89.00"'),
  v.regex(/^\d{1,7}\.\d{2}$/, 'must be a decimal string with two places, e.g. "89.00"'),
);

export const PriceEntry = v.object({
  NumberOfGuests: v.pipe(
    v.string('must be a whole number as a string, e.g. "2"'),
    v.regex(/^[1-9]\d?$/, 'must be a whole number from 1 to 99 as a string'),
  ),
  AmountAfterTax: DecimalTwoPlaces,
});

/** One day of one category. Rule 9: End must equal Start. */
export const PriceDay = v.pipe(
  v.object({
    Start: IsoDate,
    End: IsoDate,
    CurrencyCode: v.pipe(
      v.string('must be a currency code'),
      v.regex(/^[A-Z]{3}$/, 'must be a currency code'),
    ),
    prices: v.pipe(
      v.array(PriceEntry, 'must be a list of prices'),
      v.minLength(1, 'must list at least one price'),
      v.maxLength(20, 'at most 20 prices per day'),
    ),
  }),
  v.forward(
    v.check((day) => day.End === day.Start, 'must equal Start: one day per entry'),
    ['End'],
  ),
);

/** POST /api/set/priceforrate (our nesting): `{rate_id, servicerate: {<category name or code>: [day...]}}`. */
export const PriceImportRequest = v.object({
  rate_id: Id,
  servicerate: v.pipe(
    v.record(
      v.pipe(v.string(), v.minLength(1), v.maxLength(80)),
      v.pipe(
        v.array(PriceDay, 'must be a list of day entries'),
        v.minLength(1, 'must list at least one day'),
        v.maxLength(800, 'at most 800 days per category'),
      ),
      'must map room categories to day entries',
    ),
    v.check((byCategory) => Object.keys(byCategory).length > 0, 'must name at least one room category'),
  ),
});
export type PriceImportRequest = v.InferInput<typeof PriceImportRequest>;

export const PriceImportStatus = v.picklist(['In progress.', 'Done.']);

// ---------------------------------------------------------------------------------------------
// Restrictions

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

const Weekday = v.pipe(
  v.string('must be a weekday name'),
  v.toLowerCase(),
  v.picklist(WEEKDAYS, 'must be an English weekday name, e.g. "Saturday"'),
);
const WeekdayAction = v.picklist(['add', 'overwrite', 'remove'], "must be 'add', 'overwrite' or 'remove'");

/** A length of stay: a whole number 0-365 as a string ('0' removes); a JSON number is accepted too. */
const LengthOfStay = v.pipe(
  v.union([v.string(), v.number()], 'must be a whole number as a string, e.g. "2"'),
  v.transform(String),
  v.regex(/^\d{1,3}$/, 'must be a whole number from 0 to 365'),
  v.transform(Number),
  v.maxValue(365, 'must be a whole number from 0 to 365'),
);

export const RestrictionPeriod = v.pipe(
  v.object({
    start: IsoDate,
    end: IsoDate,
    minlos: v.optional(LengthOfStay),
    maxlos: v.optional(LengthOfStay),
    cta: v.optional(v.array(Weekday, 'must be a list of weekday names')),
    cta_action: v.optional(WeekdayAction),
    ctd: v.optional(v.array(Weekday, 'must be a list of weekday names')),
    ctd_action: v.optional(WeekdayAction),
    all_restrictions: v.optional(v.literal('remove', "must be 'remove'")),
  }),
  v.forward(
    v.check((p) => p.end >= p.start, 'must not be before start'),
    ['end'],
  ),
  v.forward(
    v.check((p) => !p.cta?.length || p.cta_action !== undefined, 'is needed with a non-empty cta'),
    ['cta_action'],
  ),
  v.forward(
    v.check((p) => !p.ctd?.length || p.ctd_action !== undefined, 'is needed with a non-empty ctd'),
    ['ctd_action'],
  ),
  v.forward(
    v.check((p) => !p.minlos || !p.maxlos || p.minlos <= p.maxlos, 'must not be below minlos'),
    ['maxlos'],
  ),
);
export type RestrictionPeriod = v.InferOutput<typeof RestrictionPeriod>;

/** POST /api/set/restrictions/rateperiod: `{<rate id>: [period...]}`. */
export const RestrictionsRequest = v.pipe(
  v.record(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/, 'must be a rate id')),
    v.pipe(
      v.array(RestrictionPeriod, 'must be a list of periods'),
      v.minLength(1, 'must list at least one period'),
      v.maxLength(400, 'at most 400 periods per rate'),
    ),
    'must map rate ids to lists of periods',
  ),
  v.check((byRate) => Object.keys(byRate).length > 0, 'must name at least one rate'),
);
export type RestrictionsRequest = v.InferOutput<typeof RestrictionsRequest>;
