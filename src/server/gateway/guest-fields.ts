// Guest data as narrow as the till needs it (issue 20): reservation answers reach a tablet with only
// the fields the till shows or decides by (room, the guest's name, arrival, departure, the
// reservation's ids and state), never e-mail addresses, invoice recipients' home addresses or
// companies; and the reservation list is answered only for the span the till asks (today's stays:
// from yesterday to tomorrow, by the server's date). Owns the field lists and the span rule.
import { ApiError } from '../../node-http/errors.ts';
import { hotelDate } from '../clock/hotel-clock.ts';
import type { UpstreamResponse } from './upstream.ts';

/** A room reservation's fields a tablet gets (what pms/wire.ts RoomReservation reads, less the rest). */
const STAY_FIELDS = [
  'id',
  'main_reservation_id',
  'reservation_number',
  'last_modified',
  'status',
  'self_pay',
  'start_date',
  'end_date',
  'arrival_time',
  'departure_time',
  'room_id',
  'room_number',
  'room_category_name',
  'person_count',
  'guest_id',
  'guest_name',
  'invoice_items',
] as const;
const GUEST_FIELDS = ['id', 'type', 'title', 'firstname', 'lastname', 'fullname'] as const;
const MAIN_FIELDS = ['id', 'reservation_number', 'duty_of_payment_at_kiosk'] as const;

/** The operations whose answers carry reservations. */
const RESERVATION_READS = new Set([
  'searchReservation',
  'getRoomReservation',
  'getMainReservation',
  'getMainReservationByNumber',
  'getReservationsInTimespan',
  'getReservationsInTimespanSince',
]);

/** Days before and after today the reservation list may span. */
const SPAN_DAYS = 1;

type Json = Record<string, unknown>;

const pick = (from: unknown, fields: readonly string[]): Json => {
  const source = (typeof from === 'object' && from !== null ? from : {}) as Json;
  const picked: Json = {};
  for (const field of fields) if (field in source) picked[field] = source[field];
  return picked;
};

function narrowStay(stay: unknown): Json {
  const source = (stay ?? {}) as Json;
  const narrowed = pick(source, STAY_FIELDS);
  narrowed.guest = pick(source.guest, GUEST_FIELDS);
  if (source.main_reservation) narrowed.main_reservation = pick(source.main_reservation, MAIN_FIELDS);
  return narrowed;
}

function narrowMain(main: unknown): Json {
  const source = (main ?? {}) as Json;
  const narrowed = pick(source, MAIN_FIELDS);
  narrowed.room_reservations = Array.isArray(source.room_reservations)
    ? source.room_reservations.map(narrowStay)
    : [];
  return narrowed;
}

/**
 * `response` with its reservations narrowed to the till's fields, for an operation that reads
 * reservations; any other answer (or one that is not JSON) as it is.
 */
export function narrowGuestAnswer(operation: string, response: UpstreamResponse): UpstreamResponse {
  if (!RESERVATION_READS.has(operation)) return response;
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return response;
  let envelope: Json;
  try {
    envelope = JSON.parse(new TextDecoder().decode(response.body)) as Json;
  } catch {
    return response;
  }
  if (typeof envelope !== 'object' || envelope === null || !('data' in envelope)) return response;
  const { data } = envelope;
  const mains = operation === 'getMainReservation' || operation === 'getMainReservationByNumber';
  const narrowed = Array.isArray(data)
    ? data.map(mains ? narrowMain : narrowStay)
    : data && typeof data === 'object'
      ? mains
        ? narrowMain(data)
        : narrowStay(data)
      : data;
  const body = new TextEncoder().encode(JSON.stringify({ ...envelope, data: narrowed }));
  return { ...response, body: body as Uint8Array<ArrayBuffer> };
}

/** YYYY-MM-DD of `date` on the hotel's clock (clock/hotel-clock.ts): the tablets ask for the hotel's days. */
const localDate = (date: Date): string => hotelDate(date);

/**
 * Refuses (400 naming the field) a reservation list asked for beyond yesterday..tomorrow.
 * @example checkGuestSpan('getReservationsInTimespan', { start: '2026-11-26', end: '2026-11-26' });
 */
export function checkGuestSpan(operation: string, params: Record<string, string>, now = new Date()): void {
  if (!operation.startsWith('getReservationsInTimespan')) return;
  const day = 86_400_000;
  const earliest = localDate(new Date(now.getTime() - SPAN_DAYS * day));
  const latest = localDate(new Date(now.getTime() + SPAN_DAYS * day));
  for (const name of ['start', 'end'] as const) {
    const value = params[name] ?? '';
    if (value < earliest || value > latest)
      throw new ApiError(
        400,
        `${name} must be from ${earliest} to ${latest}: the till reads today's stays only`,
        name,
        'span_not_allowed',
      );
  }
}
