// Booking endpoints of the test hotel: creating a reservation (one room or a group under one
// number), adding a room to a main reservation (availability checked, rule 8) and cancelling a room
// or a whole main reservation. Every write checks everything first and runs in one transaction
// (model/booking-plan.ts). Our choices: docs/test-hotel.md.
import { Hono } from 'hono';
import { parseBody } from '../../node-http/body.ts';
import { ApiError, ok, param } from '../../node-http/errors.ts';
import { IdParam } from '../../pms/wire.ts';
import { AddRoomRequest, CancelEntity, CreateReservationRequest } from '../../pms/wire-bookings.ts';
import type { TestHotel } from '../hotel.ts';
import { atomic, insertRow, statement } from '../infra/db.ts';
import { insertStays, nextReservationNumber, planStays } from '../model/booking-plan.ts';
import { contactRow, resolveContact } from '../model/contacts.ts';
import { openItems } from '../model/stay-items.ts';
import { findStay, mainToWire, staysOfMain, staysToWire, touchStay } from '../model/stays.ts';

export function bookingRoutes(hotel: TestHotel): Hono {
  const { db } = hotel;
  const routes = new Hono();

  routes.post('/api/set/create/reservation', async (c) => {
    const body = await parseBody(c, CreateReservationRequest);
    const { mainId, taskId } = atomic(db, () => {
      const now = hotel.timestamp();
      const guestId = resolveContact(db, body.guest, 'guest');
      const recipientId = body.invoice_recipient
        ? resolveContact(db, body.invoice_recipient, 'invoice_recipient')
        : guestId;
      const plans = planStays(db, body.rooms, {
        today: hotel.today(),
        field: (i, key) => `rooms.${i}.${key}`,
        mainGuestId: guestId,
        companyId: contactRow(db, recipientId)?.type === 'COMPANY' ? recipientId : null,
        allowOverbooking: body.allow_overbooking,
      });
      const number = nextReservationNumber(db);
      const main = insertRow(db, 'main_reservations', {
        reservation_number: number,
        recipient_contact_id: recipientId,
        duty_of_payment_at_kiosk: 1,
        created_at: now,
        last_modified: now,
      });
      insertStays(db, main, plans, now);
      if (body.note) {
        insertRow(db, 'reservation_notes', { main_reservation_id: main, text: body.note, created_at: now });
      }
      const task = body.create_service_task
        ? insertRow(db, 'service_tasks', {
            main_reservation_id: main,
            text: body.service_task_text || `New reservation ${number} through the interface`,
            created_at: now,
          })
        : null;
      return { mainId: main, taskId: task };
    });
    return ok(c, { ...mainToWire(db, staysOfMain(db, mainId)), service_task_id: taskId });
  });

  routes.post('/api/set/add/room_to_reservation', async (c) => {
    const body = await parseBody(c, AddRoomRequest);
    const stayId = atomic(db, () => {
      const stays = staysOfMain(db, body.main_reservation_id);
      const [first] = stays;
      if (!first) {
        throw new ApiError(
          422,
          `main_reservation_id: there is no main reservation ${body.main_reservation_id}`,
          'main_reservation_id',
        );
      }
      if (stays.every((stay) => stay.status === 'CANCELLED')) {
        throw new ApiError(
          409,
          `main_reservation_id: reservation ${first.reservation_number} is cancelled`,
          'main_reservation_id',
        );
      }
      const plans = planStays(db, [body], {
        today: hotel.today(),
        field: (_, key) => key,
        mainGuestId: first.guest_id,
        companyId: first.company_id,
        allowOverbooking: false,
      });
      const now = hotel.timestamp();
      const [id] = insertStays(db, first.main_reservation_id, plans, now);
      touchStay(db, { id: id!, main_reservation_id: first.main_reservation_id }, now);
      return id!;
    });
    return ok(c, staysToWire(db, [findStay(db, stayId)!])[0]);
  });

  routes.get('/api/set/cancel/:entity/:id', (c) => {
    const entity = param(c, 'entity', CancelEntity);
    const id = param(c, 'id', IdParam);
    const cancelled = atomic(db, () => {
      const found =
        entity === 'roomreservations'
          ? [findStay(db, id)].filter((s) => s !== undefined)
          : staysOfMain(db, id);
      if (found.length === 0) {
        const what = entity === 'roomreservations' ? 'room reservation' : 'main reservation';
        throw new ApiError(404, `there is no ${what} ${id}`, 'id');
      }
      const targets = found.filter((stay) => stay.status !== 'CANCELLED');
      if (targets.length === 0) throw new ApiError(409, `reservation ${id} is already cancelled`, 'id');
      for (const stay of targets) {
        if (stay.status !== 'BOOKED') {
          throw new ApiError(
            409,
            `room reservation ${stay.id} is ${stay.status}; only a BOOKED reservation can be cancelled`,
            'id',
          );
        }
        if (openItems(db, stay.id).length > 0) {
          throw new ApiError(
            409,
            `room reservation ${stay.id} has charges on an open invoice; remove or settle them first`,
            'id',
          );
        }
      }
      const now = hotel.timestamp();
      const cancel = statement(db, "UPDATE room_reservations SET status = 'CANCELLED' WHERE id = ?");
      for (const stay of targets) {
        cancel.run(stay.id);
        touchStay(db, stay, now);
      }
      return targets.map((stay) => stay.id);
    });
    return ok(c, { cancelled, status: 'CANCELLED' });
  });

  return routes;
}
