// The business day a Z closes: a real date (YYYY-MM-DD), today or the day before in the hotel's
// days, never before the last Z's. Pure; a refusal is a ClosingError 400 naming `businessDay`.
// docs/ledger.md, "The Z report".

/** A refused business day: `code` says why. */
export class BusinessDayError extends Error {
  constructor(
    readonly code: 'business_day_invalid' | 'business_day_earlier',
    message: string,
  ) {
    super(message);
    this.name = 'BusinessDayError';
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `day` is a date of the calendar written YYYY-MM-DD (not 2026-02-30, not 2026-99-99). */
export function isCalendarDate(day: string): boolean {
  const match = DATE.exec(day);
  return (
    !!match && new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!)).toISOString().slice(0, 10) === day
  );
}

/** The date before `day` (YYYY-MM-DD). */
export function dayBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/**
 * @throws BusinessDayError unless `day` is a real date, `today` or the day before, and not before `lastZDay`
 * @example checkBusinessDay('2026-11-21', '2026-11-22', '2026-11-21') // passes: the night's Z after midnight
 */
export function checkBusinessDay(day: string, today: string, lastZDay: string | undefined): void {
  if (!isCalendarDate(day))
    throw new BusinessDayError('business_day_invalid', `"${day.slice(0, 40)}" is not a date (YYYY-MM-DD)`);
  if (day !== today && day !== dayBefore(today))
    throw new BusinessDayError(
      'business_day_invalid',
      `the business day is today (${today}) or the day before`,
    );
  if (lastZDay && day < lastZDay)
    throw new BusinessDayError(
      'business_day_earlier',
      `the business day is before the last Z's (${lastZDay})`,
    );
}
