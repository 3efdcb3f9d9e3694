// What the reservation endpoints show beside a stay's own row: its notes (and those of its main
// reservation), the key cards linked to it and its additional guests, each read for a whole list of
// stays in one query, so the listings stay one round of queries however many stays they hold.
import { type HotelDb, statement } from '../infra/db.ts';

interface NoteRow {
  id: number;
  main_reservation_id: number;
  room_reservation_id: number | null;
  text: string;
  housekeeping_report: 0 | 1;
  breakfast_report: 0 | 1;
  automailing: 0 | 1;
  created_at: string;
}

export interface StayDetails {
  notesOfStay(stayId: number): object[];
  notesOfMain(mainId: number): object[];
  cardsOf(stayId: number): string[];
  guestsOf(stayId: number): object[];
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

export function stayDetails(
  db: HotelDb,
  stayIds: readonly number[],
  mainIds: readonly number[],
): StayDetails {
  const stays = JSON.stringify(stayIds);
  const notes = statement(
    db,
    'SELECT * FROM reservation_notes WHERE main_reservation_id IN (SELECT value FROM json_each(?)) ORDER BY id',
  ).all(JSON.stringify([...new Set(mainIds)])) as NoteRow[];
  const cards = statement(
    db,
    'SELECT room_reservation_id, card_id FROM key_cards WHERE room_reservation_id IN (SELECT value FROM json_each(?)) ORDER BY id',
  ).all(stays) as { room_reservation_id: number; card_id: string }[];
  const guests = statement(
    db,
    `SELECT ag.room_reservation_id, c.id, c.firstname, c.lastname, c.email, c.smart_check
     FROM additional_guests ag JOIN contacts c ON c.id = ag.contact_id
     WHERE ag.room_reservation_id IN (SELECT value FROM json_each(?)) ORDER BY ag.rowid`,
  ).all(stays) as { room_reservation_id: number; id: number; firstname: string; lastname: string }[];

  const toWire = (n: NoteRow) => ({
    id: n.id,
    text: n.text,
    housekeeping_report: n.housekeeping_report === 1,
    breakfast_report: n.breakfast_report === 1,
    automailing: n.automailing === 1,
    created_at: n.created_at,
  });
  const stayNotes = groupBy(
    notes.filter((n) => n.room_reservation_id !== null),
    (n) => n.room_reservation_id,
  );
  const mainNotes = groupBy(
    notes.filter((n) => n.room_reservation_id === null),
    (n) => n.main_reservation_id,
  );
  const cardsByStay = groupBy(cards, (c) => c.room_reservation_id);
  const guestsByStay = groupBy(guests, (g) => g.room_reservation_id);
  return {
    notesOfStay: (id) => (stayNotes.get(id) ?? []).map(toWire),
    notesOfMain: (id) => (mainNotes.get(id) ?? []).map(toWire),
    cardsOf: (id) => (cardsByStay.get(id) ?? []).map((c) => c.card_id),
    guestsOf: (id) =>
      (guestsByStay.get(id) ?? []).map(({ room_reservation_id: _, ...guest }) => ({
        ...guest,
        fullname: [guest.lastname, guest.firstname].filter(Boolean).join(', '),
      })),
  };
}
