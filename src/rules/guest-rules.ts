// Who may be charged to a room, as pure functions. Owns the usage rule of pms-api.md ("only the
// guest of the room reservation, during the stay, may be charged"): the stay must be CHECKED_IN
// with today within start_date..end_date (both inclusive: minibar on the morning of departure),
// and staff must confirm the guest's surname, compared case- and accent-insensitively ("Müller",
// "mueller" and "Muller" are the same name). Also owns finding guests in a list by room or name.
import type { RoomReservation } from '../pms/wire';

/** Why a stay cannot take a room charge today; undefined when it can. */
export type ChargeRefusal = 'booked' | 'checked-out' | 'no-show' | 'cancelled' | 'before-stay' | 'after-stay';

/** The fields the rule looks at. */
export type StayDates = Pick<RoomReservation, 'status' | 'start_date' | 'end_date'>;

/**
 * Why this stay may not be charged on `today` (YYYY-MM-DD), or undefined when it may.
 * @example chargeRefusal({ status: 'BOOKED', start_date: '2026-11-22', end_date: '2026-11-25' }, '2026-11-22') === 'booked'
 */
export function chargeRefusal(stay: StayDates, today: string): ChargeRefusal | undefined {
  switch (stay.status) {
    case 'BOOKED':
      return 'booked';
    case 'CHECKED_OUT':
      return 'checked-out';
    case 'NO_SHOW':
    case 'NO_SHOW_GUARANTEED':
      return 'no-show';
    case 'CANCELLED':
      return 'cancelled';
    default:
      break;
  }
  if (today < stay.start_date) return 'before-stay';
  if (today > stay.end_date) return 'after-stay';
  return undefined;
}

/** The guest's surname as the PMS holds it (from `fullname` "Lastname, Firstname" when needed). */
export function surnameOf(stay: Pick<RoomReservation, 'guest' | 'guest_name'>): string {
  const { lastname, fullname } = stay.guest;
  if (lastname.trim()) return lastname.trim();
  const fromFull = (fullname || stay.guest_name).split(',')[0] ?? '';
  return fromFull.trim();
}

const TRANSLITERATIONS: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  æ: 'ae',
  ø: 'oe',
  å: 'aa',
};

function baseForm(text: string): string {
  return text
    .toLocaleLowerCase('de')
    .replace(/ı/g, 'i')
    .replace(/['’`´-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function withoutAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o');
}

/**
 * The forms a name may be typed in: accents dropped ("muller") and German umlauts spelled out
 * ("mueller"). Two names are the same when their forms overlap.
 * @example nameForms('Müller') // ['muller', 'mueller']
 */
export function nameForms(name: string): string[] {
  const base = baseForm(name);
  const spelled = withoutAccents(base.replace(/[äöüßæøå]/g, (c) => TRANSLITERATIONS[c] ?? c));
  return [...new Set([withoutAccents(base), spelled])];
}

/**
 * Whether the surname staff typed (or picked) is the guest's, ignoring case and accents.
 * @example surnameMatches('yilmaz', stay) // true for guest "Yılmaz"
 */
export function surnameMatches(typed: string, stay: Pick<RoomReservation, 'guest' | 'guest_name'>): boolean {
  const wanted = nameForms(typed).filter(Boolean);
  if (wanted.length === 0) return false;
  const actual = nameForms(surnameOf(stay));
  return wanted.some((form) => actual.includes(form));
}

/** The guest's name for people: "Firstname Lastname". */
export function guestDisplayName(stay: Pick<RoomReservation, 'guest' | 'guest_name'>): string {
  const name = `${stay.guest.firstname} ${stay.guest.lastname}`.trim();
  return name || stay.guest_name;
}

/**
 * Stays matching a room number (digits: the room number starts with them) or a name (every word
 * starts a word of the guest's name), chargeable ones first, then by room number.
 * @example findGuests(cached, '10') // rooms 104, 108 ...; findGuests(cached, 'mull') // Jonas Müller
 */
export function findGuests<T extends RoomReservation>(
  stays: readonly T[],
  query: string,
  today: string,
): T[] {
  const q = query.trim();
  if (!q) return sortStays([...stays], today);
  if (/^\d/.test(q)) {
    const room = q.toLowerCase();
    return sortStays(
      stays.filter((stay) => stay.room_number.toLowerCase().startsWith(room)),
      today,
    );
  }
  const words = q.split(/\s+/).map(nameForms);
  return sortStays(
    stays.filter((stay) => {
      const nameWords = `${stay.guest.firstname} ${stay.guest.lastname} ${stay.guest_name}`
        .split(/[\s,]+/)
        .flatMap(nameForms);
      return words.every((forms) => forms.some((form) => nameWords.some((word) => word.startsWith(form))));
    }),
    today,
  );
}

function sortStays<T extends RoomReservation>(stays: T[], today: string): T[] {
  const rank = (stay: T) => (chargeRefusal(stay, today) ? 1 : 0);
  return stays.sort(
    (a, b) => rank(a) - rank(b) || a.room_number.localeCompare(b.room_number, 'de', { numeric: true }),
  );
}

/**
 * A local calendar date as YYYY-MM-DD (the till's "today"; the tablet runs in the hotel's zone).
 * @example localDate(new Date(2026, 10, 22)) === '2026-11-22'
 */
export function localDate(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
