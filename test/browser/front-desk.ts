// Shared steps of the room-charge, sync, report and settings browser tests (the front desk's tablet
// is openTill's FRONT_DESK, in test/support/browser-test.ts): a ticket put in place the way the
// register stores it, and look-ups in the hotel's database (the PMS side, where the tests assert).
import type { Page } from 'playwright-core';
import type { Server } from '../support/browser-test.ts';

export interface LineSeed {
  number: string;
  quantity: number;
}

/** The hotel's product row of an article number. */
export function hotelProduct(
  server: Server,
  number: string,
): { id: number; name: string; cents: number; group: number } {
  const row = server
    .hotel!.db.prepare(
      'SELECT id, name, price_cents AS cents, commodity_group_id AS "group" FROM products WHERE number = ?',
    )
    .get(number) as { id: number; name: string; cents: number; group: number } | undefined;
  if (!row) throw new Error(`no product ${number}`);
  return row;
}

/** Puts lines on the current ticket, as the register keeps it in localStorage, and reloads. */
export async function putOnTicket(page: Page, server: Server, lines: LineSeed[]): Promise<void> {
  const ticketLines = lines.map((line) => {
    const p = hotelProduct(server, line.number);
    return {
      key: `p${p.id}`,
      productId: p.id,
      name: p.name,
      unitPriceCents: p.cents,
      quantity: line.quantity,
      taxClassId: null,
      commodityGroupId: p.group,
      openPrice: false,
    };
  });
  await page.evaluate((seeded) => {
    const now = Date.now();
    const ticket = { id: `test-${now}`, label: '', note: '', lines: seeded, createdAt: now, updatedAt: now };
    localStorage.setItem('hotel-till.current-ticket', JSON.stringify(ticket));
  }, ticketLines);
  await page.reload();
}

/** The room reservation in a room (the seeded stay), from the hotel's database. */
export function stayIn(server: Server, room: string): { id: number; status: string; number: string } {
  const row = server
    .hotel!.db.prepare(
      `SELECT rr.id, rr.status, m.reservation_number AS number FROM room_reservations rr
       JOIN rooms r ON r.id = rr.room_id JOIN main_reservations m ON m.id = rr.main_reservation_id
       WHERE r.number = ? ORDER BY rr.id LIMIT 1`,
    )
    .get(room) as { id: number; status: string; number: string } | undefined;
  if (!row) throw new Error(`no stay in room ${room}`);
  return row;
}

/**
 * Invoice items of a stay that a sale's writes made, as they are now: line names are the product
 * names only, so the items are the ones the gateway's `pms_write` audit rows of that sale name.
 */
export function itemsOfSale(
  server: Server,
  stayId: number,
  reference: string,
): { id: number; name: string; quantity: number; price_cents: number }[] {
  const ids = pmsItemsOfSale(server, reference);
  if (ids.length === 0) return [];
  return server
    .hotel!.db.prepare(
      `SELECT id, name, quantity, price_cents FROM invoice_items
       WHERE room_reservation_id = ? AND id IN (${ids.map(() => '?').join(',')}) ORDER BY id`,
    )
    .all(stayId, ...ids) as {
    id: number;
    name: string;
    quantity: number;
    price_cents: number;
  }[];
}

/** The PMS item ids the gateway saw the writes of sale `reference` make (its audit rows). */
export function pmsItemsOfSale(server: Server, reference: string): number[] {
  const notes = server.hub.db
    .prepare(`SELECT note FROM audit_log WHERE kind = 'pms_write' AND note LIKE ? ORDER BY seq`)
    .all(`% ${reference}: %`) as { note: string }[];
  return notes.flatMap(({ note }) => {
    const items = / → PMS items ([\d,]+)/.exec(note)?.[1];
    return items ? items.split(',').map(Number) : [];
  });
}

/** The sale reference the room-charge view reports after charging. */
export async function chargedReference(page: Page): Promise<string> {
  const text = (await page.getByTestId('charge-done').textContent()) ?? '';
  const match = /([0-9A-Z]{4,}-[0-9A-Z]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no sale reference in "${text}"`);
  return match[1];
}

/** Picks a guest by room number in the cached list and confirms the surname. */
export async function chooseGuest(page: Page, room: string, surname?: string): Promise<void> {
  await page.getByRole('link', { name: 'Room charge', exact: true }).click();
  await page.getByLabel('Room number or guest name').fill(room);
  await page.getByRole('button', { name: new RegExp(`^Room ${room}\\b`) }).click();
  if (surname === undefined) return;
  await page.getByLabel('Guest’s surname (ask the guest)').fill(surname);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
}

/** Visible buttons, fields and button-like links in the view (and the header link) under 44 px. */
export async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const targets = document.querySelectorAll<HTMLElement>(
      'main button, main input, main select, main a.button, header a.connection-state',
    );
    return [...targets]
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0 && (box.height < 44 || box.width < 44))
      .map(
        ({ el, box }) =>
          `${el.tagName} "${el.textContent?.trim() || el.getAttribute('aria-label') || ''}" ${Math.round(box.width)}x${Math.round(box.height)}`,
      );
  });
}

/** Puts lines on the ticket (the page reloads), picks the guest and charges the ticket; answers the sale reference. */
export async function chargeTicketToRoom(
  server: Server,
  page: Page,
  room: string,
  surname: string,
  lines: LineSeed[],
): Promise<string> {
  await putOnTicket(page, server, lines);
  await chooseGuest(page, room, surname);
  await page.getByRole('button', { name: /^Charge .* to room/ }).click();
  return chargedReference(page);
}
