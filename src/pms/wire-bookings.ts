// Wire schemas for bookings and stays (companion of wire.ts): creating a reservation (one room or a
// group), adding a room, cancelling, notes, key cards, the invoice recipient, additional guests and
// the check-in/out answers. pms-api.md names only allow_overbooking and create_service_task; the
// rest of every body here is our choice, written down in docs/pms-api.md.
import * as v from 'valibot';
import { Envelope, Id, IsoDate, MainReservation, RoomReservation, SelfPay, Text, TimeOfDay } from './wire.ts';
import { ContactRef } from './wire-contacts.ts';

/** Our limit: a room reservation of 1 to 365 nights. */
export const MAX_NIGHTS = 365;

const nightsBetween = (start: string, end: string) =>
  (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000;

/** What one room reservation books. A specific room_id may replace category_id (or must agree with it). */
const RoomBookingEntries = {
  category_id: v.optional(Id),
  room_id: v.optional(Id),
  rate_id: Id,
  start_date: IsoDate,
  /** the departure day */
  end_date: IsoDate,
  person_count: v.optional(
    v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1), v.maxValue(10)),
    1,
  ),
  /** default: the main guest of the reservation */
  guest: v.optional(ContactRef),
  self_pay: v.optional(SelfPay, 'NO'),
  arrival_time: v.optional(TimeOfDay),
  departure_time: v.optional(TimeOfDay),
};

type RoomBookingShape = { category_id?: number; room_id?: number; start_date: string; end_date: string };

/** The rules across fields of a room booking, each reported at the field it concerns. */
function roomBookingRules<T extends RoomBookingShape>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const booking = dataset.value;
    const at = (key: string, message: string) =>
      addIssue({
        message,
        path: [{ type: 'object', origin: 'value', input: booking, key, value: undefined }],
      });
    if (booking.category_id === undefined && booking.room_id === undefined) {
      at('category_id', 'give category_id or room_id');
    } else if (booking.end_date <= booking.start_date) {
      at('end_date', 'must be after start_date (at least one night)');
    } else if (nightsBetween(booking.start_date, booking.end_date) > MAX_NIGHTS) {
      at('end_date', `at most ${MAX_NIGHTS} nights`);
    }
  });
}

const RoomBookingObject = v.object(RoomBookingEntries);
export const RoomBooking = v.pipe(
  RoomBookingObject,
  roomBookingRules<v.InferOutput<typeof RoomBookingObject>>(),
);
export type RoomBooking = v.InferOutput<typeof RoomBooking>;

/** POST /api/set/create/reservation. */
export const CreateReservationRequest = v.object({
  /** the main guest; also the guest of every room that names none */
  guest: ContactRef,
  /** stored on the main reservation; default the main guest */
  invoice_recipient: v.optional(ContactRef),
  rooms: v.pipe(
    v.array(RoomBooking, 'must be a list of rooms'),
    v.minLength(1, 'must book at least one room'),
    v.maxLength(20, 'at most 20 rooms in one reservation'),
  ),
  /** deliberate overbooking: book even when a day has no availability left */
  allow_overbooking: v.optional(v.boolean('must be true or false'), false),
  /** create a service task referencing the new reservation */
  create_service_task: v.optional(v.boolean('must be true or false'), false),
  service_task_text: v.optional(Text(500)),
  note: v.optional(Text(2000)),
});
export type CreateReservationRequest = v.InferInput<typeof CreateReservationRequest>;

/** POST /api/set/add/room_to_reservation: the main reservation and the room, flat. */
const AddRoomObject = v.object({ main_reservation_id: Id, ...RoomBookingEntries });
export const AddRoomRequest = v.pipe(AddRoomObject, roomBookingRules<v.InferOutput<typeof AddRoomObject>>());
export type AddRoomRequest = v.InferInput<typeof AddRoomRequest>;

const NoteText = v.pipe(Text(2000), v.minLength(1, 'must not be empty'));
const Flag = v.optional(v.boolean('must be true or false'), false);

export const RoomNoteRequest = v.object({
  room_reservation_id: Id,
  note: NoteText,
  housekeeping_report: Flag,
  breakfast_report: Flag,
  automailing: Flag,
});

export const MainNoteRequest = v.object({ main_reservation_id: Id, note: NoteText, automailing: Flag });

export const KeyCardRequest = v.object({
  room_reservation_id: Id,
  card_id: v.pipe(Text(64), v.regex(/^[A-Za-z0-9:._-]+$/, 'must be a card id (letters, digits, : . _ -)')),
});

export const StayRecipientRequest = v.object({ room_reservation_id: Id, recipient: ContactRef });

export const AdditionalGuestRequest = v.pipe(
  v.object({
    room_reservation_id: Id,
    action: v.picklist(['add', 'remove', 'replace'], "must be 'add', 'remove' or 'replace'"),
    /** remove and replace: the guest taken off (internal contact id) */
    contact_id: v.optional(Id),
    /** add and replace: the guest put on */
    guest: v.optional(ContactRef),
  }),
  v.forward(
    v.check(
      (b) => b.action === 'add' || b.contact_id !== undefined,
      'is needed to remove or replace a guest',
    ),
    ['contact_id'],
  ),
  v.forward(
    v.check((b) => b.action === 'remove' || b.guest !== undefined, 'is needed to add or replace a guest'),
    ['guest'],
  ),
);
export type AdditionalGuestRequest = v.InferInput<typeof AdditionalGuestRequest>;

export const CancelEntity = v.picklist(
  ['roomreservations', 'mainreservations'],
  "must be 'roomreservations' or 'mainreservations'",
);

export const Note = v.looseObject({
  id: v.number(),
  text: v.string(),
  housekeeping_report: v.optional(v.boolean(), false),
  breakfast_report: v.optional(v.boolean(), false),
  automailing: v.boolean(),
  created_at: v.string(),
});

/** What create/reservation answers: the main reservation with its rooms, and the task if one was made. */
export const CreatedReservation = v.looseObject({
  ...MainReservation.entries,
  service_task_id: v.nullable(v.number()),
});

export const BookingResponses = {
  createReservation: Envelope(CreatedReservation),
  addRoom: Envelope(RoomReservation),
  cancel: Envelope(v.looseObject({ cancelled: v.array(v.number()) })),
  note: Envelope(Note),
  acknowledgement: Envelope(v.looseObject({})),
  stay: Envelope(RoomReservation),
} as const;
