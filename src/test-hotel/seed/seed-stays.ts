// Writes the demo guests and stays of seed-guests.ts for a given today: contacts, main and room
// reservations, and for guests who are or were in the house their invoices: one Logis item per
// night already slept on the room invoice, the listed extras on the invoice of whoever pays extras
// (self_pay), closed for departed or prepaid guests. Called by seed.ts inside its transaction.
import { addDays, germanDate, zonedTimestamp } from '../infra/clock.ts';
import { type HotelDb, insertRow } from '../infra/db.ts';
import { PRODUCTS, ROOM_CATEGORIES, ROOMS } from './seed-catalogue.ts';
import { CONTACTS, type ContactSeed, STAYS, type StaySeed } from './seed-guests.ts';

type Contact = ContactSeed & { id: number };
/** A timestamp `days` from today at a wall-clock time of the hotel. */
type At = (days: number, time: string) => string;

export function seedStays(db: HotelDb, today: string, timeZone: string): void {
  const contacts = new Map<string, Contact>();
  CONTACTS.forEach((c, i) => {
    const id = insertRow(db, 'contacts', {
      id: i + 1,
      type: c.type,
      title: c.title ?? '',
      firstname: c.firstname ?? '',
      lastname: c.lastname ?? '',
      company_name: c.companyName ?? '',
      email: c.email,
      street: c.street,
      zip: c.zip,
      city: c.city,
      country: c.country,
      language: c.language,
      phone: c.phone ?? '',
      gender: c.gender ?? '',
    });
    contacts.set(c.key, { ...c, id });
  });
  const contact = (key: string): Contact => {
    const found = contacts.get(key);
    if (!found) throw new Error(`seed: no contact ${key}`);
    return found;
  };
  const at: At = (days, time) => zonedTimestamp(addDays(today, days), time, timeZone);
  const mainIds = new Map<string, number>();

  STAYS.forEach((stay, i) => {
    const guest = contact(stay.guest);
    const recipient = contact(stay.company ?? stay.guest);
    const created_at = stay.createdToday
      ? at(0, stay.createdToday)
      : at(stay.from - 14 - (i % 9) * 3, `1${i % 8}:${String((i * 7) % 60).padStart(2, '0')}:00`);
    const last_modified = lastModified(stay, created_at, at);
    let mainId = mainIds.get(stay.number);
    if (mainId === undefined) {
      mainId = insertRow(db, 'main_reservations', {
        reservation_number: stay.number,
        recipient_contact_id: recipient.id,
        duty_of_payment_at_kiosk: stay.duty === false ? 0 : 1,
        created_at,
        last_modified,
      });
      mainIds.set(stay.number, mainId);
    }
    const room = typeof stay.room === 'string' ? ROOMS.find((r) => r.number === stay.room) : undefined;
    const categoryId = room ? room.categoryId : (stay.room as { category: number }).category;
    const stayId = insertRow(db, 'room_reservations', {
      main_reservation_id: mainId,
      status: stay.status,
      self_pay: stay.selfPay ?? 'NO',
      start_date: addDays(today, stay.from),
      end_date: addDays(today, stay.to),
      arrival_time: stay.arrivalTime ?? '',
      departure_time: stay.departureTime ?? '',
      room_id: room?.id ?? null,
      category_id: categoryId,
      rate_id: stay.rate,
      guest_id: guest.id,
      company_id: stay.company ? recipient.id : null,
      person_count: stay.persons ?? 1,
      created_at,
      last_modified,
    });
    if (stay.status === 'CHECKED_IN' || stay.status === 'CHECKED_OUT') {
      const roomNumber = room?.number ?? '';
      seedInvoices(db, stay, { stayId, guest, recipient, roomNumber, categoryId, today, at });
    }
  });
}

function lastModified(stay: StaySeed, createdAt: string, at: At): string {
  if (stay.createdToday) return at(0, '07:20:00');
  switch (stay.status) {
    case 'CHECKED_IN':
      return at(stay.from, '15:42:00');
    case 'CHECKED_OUT':
      return at(stay.to, '09:55:00');
    case 'NO_SHOW':
    case 'NO_SHOW_GUARANTEED':
      return at(stay.from + 1, '03:00:00');
    case 'CANCELLED':
      return at(-2, '11:37:00');
    default:
      return createdAt;
  }
}

function displayName(c: ContactSeed): string {
  return c.type === 'COMPANY' ? (c.companyName ?? '') : `${c.firstname} ${c.lastname}`;
}

interface InvoiceContext {
  stayId: number;
  guest: Contact;
  recipient: Contact;
  roomNumber: string;
  categoryId: number;
  today: string;
  at: At;
}

function seedInvoices(db: HotelDb, stay: StaySeed, ctx: InvoiceContext): void {
  const selfPay = stay.selfPay ?? 'NO';
  const checkedOut = stay.status === 'CHECKED_OUT';
  const roomClosed = checkedOut || stay.prepaid === true;
  const addInvoice = (payer: 'recipient' | 'guest', closed: boolean) =>
    insertRow(db, 'invoices', {
      kind: 'room',
      room_reservation_id: ctx.stayId,
      recipient_name: displayName(payer === 'guest' ? ctx.guest : ctx.recipient),
      payer,
      status: closed ? 'closed' : 'open',
      template_id: closed ? 1 : null,
      payment_method_id: closed ? 3 : null,
      created_at: ctx.at(stay.from, '15:42:00'),
      closed_at: closed
        ? ctx.at(checkedOut ? stay.to : stay.from, checkedOut ? '09:50:00' : '15:45:00')
        : null,
    });
  const extras = stay.extras ?? [];
  const roomPayer = selfPay === 'ALL' ? 'guest' : 'recipient';
  const roomInvoice = addInvoice(roomPayer, roomClosed);
  const extrasPayer = selfPay === 'NO' ? 'recipient' : 'guest';
  const sharesRoomInvoice = extrasPayer === roomPayer && roomClosed === checkedOut;
  const extrasInvoice =
    sharesRoomInvoice || extras.length === 0 ? roomInvoice : addInvoice(extrasPayer, checkedOut);

  const addItem = (invoiceId: number, product: (typeof PRODUCTS)[number], item: Record<string, unknown>) =>
    insertRow(db, 'invoice_items', {
      invoice_id: invoiceId,
      room_reservation_id: ctx.stayId,
      product_id: product.id,
      name: product.name,
      original_name: product.name,
      quantity: 1,
      price_cents: product.cents,
      original_price_cents: product.cents,
      tax_class_id: product.tax,
      guest_id: ctx.guest.id,
      ...item,
    });
  const logisNumber = ROOM_CATEGORIES.find((c) => c.id === ctx.categoryId)?.logis ?? 'L-601';
  const logis = PRODUCTS.find((p) => p.number === logisNumber)!;
  for (let night = stay.from; night <= Math.min(stay.to, 0) - 1; night++) {
    const date = addDays(ctx.today, night);
    addItem(roomInvoice, logis, {
      name: `Logis #${ctx.roomNumber} - ${ctx.guest.lastname}, ${ctx.guest.firstname} ${germanDate(date)}`,
      bookkeeping_date: date,
      created_at: ctx.at(night + 1, '03:00:00'),
    });
  }
  const extrasDay = Math.max(stay.from, Math.min(stay.to, 0) - 1);
  extras.forEach(([number, quantity], k) => {
    addItem(extrasInvoice, PRODUCTS.find((p) => p.number === number)!, {
      quantity,
      bookkeeping_date: addDays(ctx.today, extrasDay),
      created_at: ctx.at(extrasDay, `${19 + (k % 4)}:${String(10 + k * 11).padStart(2, '0')}:00`),
    });
  });
}
