// Room-charge endpoints of the test hotel: adding products to a room reservation, taking them back,
// and what the stay still owes. Items go onto the stay's open invoice for whoever pays extras
// (stay-items.ts). booking_date must fall inside the stay, start_date..end_date inclusive (our
// choice); without one, the hotel's today moved into the stay. Only BOOKED and CHECKED_IN stays
// take charges (409 otherwise). Removal takes only from OPEN invoices and is all or nothing. Every
// write checks everything before its first change and runs in one transaction.
import { Hono } from 'hono';
import { parseBody } from '../../node-http/body.ts';
import { ApiError, ok, param } from '../../node-http/errors.ts';
import { toDecimalString } from '../../pms/money.ts';
import { AddProductsRequest, IdParam, RemoveProductsRequest } from '../../pms/wire.ts';
import type { TestHotel } from '../hotel.ts';
import { atomic, type HotelDb } from '../infra/db.ts';
import { insertItems, itemToWire, paymentOptions, totalCents } from '../model/invoices.ts';
import { resolveLines } from '../model/products.ts';
import { extrasInvoice, openItems, removeUnits } from '../model/stay-items.ts';
import { findStay, findStayCore, type StayCore, touchStay } from '../model/stays.ts';

const CHARGEABLE = new Set(['BOOKED', 'CHECKED_IN']);

function findStayOrRefuse(db: HotelDb, id: number): StayCore {
  const stay = findStayCore(db, id);
  if (!stay) {
    throw new ApiError(422, `room_reservation_id: there is no room reservation ${id}`, 'room_reservation_id');
  }
  return stay;
}

/** A `YYYY-MM-DD` date moved into start..end (dates compare as strings). */
function clampDate(date: string, start: string, end: string): string {
  if (date < start) return start;
  if (date > end) return end;
  return date;
}

export function chargeRoutes(hotel: TestHotel): Hono {
  const { db } = hotel;
  const routes = new Hono();

  routes.post('/api/set/add/products', async (c) => {
    const body = await parseBody(c, AddProductsRequest);
    const items = atomic(db, () => {
      const stay = findStayOrRefuse(db, body.room_reservation_id);
      if (!CHARGEABLE.has(stay.status)) {
        throw new ApiError(
          409,
          `room reservation ${stay.id} is ${stay.status}; it takes no more charges`,
          'room_reservation_id',
        );
      }
      const { start_date: start, end_date: end } = stay;
      const date = body.booking_date;
      if (date !== undefined && (date < start || date > end)) {
        throw new ApiError(
          422,
          `booking_date: ${date} is outside the stay ${start} to ${end}`,
          'booking_date',
        );
      }
      const lines = resolveLines(db, body.products);
      const now = hotel.timestamp();
      const added = insertItems(db, lines, {
        invoiceId: extrasInvoice(db, stay, now),
        roomReservationId: stay.id,
        guestId: stay.guest_id,
        bookkeepingDate: date ?? clampDate(hotel.today(), start, end),
        createdAt: now,
      });
      touchStay(db, stay, now);
      return added;
    });
    return ok(c, { invoice_items: items.map(itemToWire) });
  });

  routes.post('/api/set/remove/products', async (c) => {
    const body = await parseBody(c, RemoveProductsRequest);
    const removed = atomic(db, () => {
      const stay = findStayOrRefuse(db, body.room_reservation_id);
      const units = removeUnits(db, stay.id, body.optional_products);
      touchStay(db, stay, hotel.timestamp());
      return units;
    });
    return ok(c, { removed_quantity: removed });
  });

  routes.get('/api/get/roomreservation/cost/:entity_id', (c) => {
    const stayId = param(c, 'entity_id', IdParam);
    if (!findStay(db, stayId)) throw new ApiError(404, `there is no room reservation ${stayId}`, 'entity_id');
    const unpaid = openItems(db, stayId).reverse();
    return ok(c, {
      room_reservation_id: stayId,
      invoice_items: unpaid.map(itemToWire),
      total: toDecimalString(totalCents(unpaid)),
      ...paymentOptions(db),
    });
  });

  return routes;
}
