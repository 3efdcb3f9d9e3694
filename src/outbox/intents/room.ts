// The intents of room charges: charge products to a room reservation (@1), and take charged products back
// off it (a whole reversal, @1, or some units of one line, @2). Line names are the product names only. An
// unknown add is looked for by its lines among the reservation's items new since the ids read before
// sending (and held by no other charge of this till); a removal compares quantities read before and
// after sending. Each case: docs/outbox.md, "Unknown outcomes, per intent".
import { isPmsError } from '../../pms/errors.ts';
import type { InvoiceItem } from '../../pms/wire.ts';
import {
  findLines,
  hasMarker,
  type IntentContext,
  type IntentDefinition,
  linesInRuns,
  linesToProducts,
  type OutboxPms,
  type PayloadLine,
  ReadBackLater,
  resultOf,
} from './definition.ts';

export const ADD_ROOM_PRODUCTS = 'room.add-products@1';
export const REMOVE_ROOM_PRODUCTS = 'room.remove-products@1';
/** Some units of one line of a charge; @1 (a whole charge) stays registered for rows already queued. */
export const TAKE_BACK_ROOM_LINE = 'room.remove-products@2';

export interface AddRoomProductsPayload {
  roomReservationId: number;
  /** YYYY-MM-DD: the day of the stay the products belong to. */
  bookingDate?: string;
  lines: PayloadLine[];
}
export interface ChargedItem {
  invoiceItemId: number;
  productId: number | null;
  quantity: number;
}
export interface AddedRoomItems {
  items: ChargedItem[];
}

export interface RemoveItem {
  productId: number;
  quantity: number;
  invoiceItemId?: number;
}
export interface RemoveRoomProductsPayload {
  roomReservationId: number;
  /** What to take back; or, with `reverses`, everything that sale's charge created. */
  items?: RemoveItem[];
  /** The room charge to take back, when its items are only known once it is confirmed. */
  reverses?: { saleId: string };
}
/** Take `quantity` units of line `line` (0-based) of room charge `saleId` back off the room. */
export interface TakeBackRoomLinePayload {
  roomReservationId: number;
  charge: { saleId: string; line: number; productId: number; quantity: number };
}
export interface RemovedRoomItems {
  removedQuantity: number;
}

/** The place a room's writes share: its items, read back before and after (one-doubt.ts). */
export function roomPlace(roomReservationId: number): string {
  return `room-reservation ${roomReservationId}`;
}

export const addRoomProducts: IntentDefinition<AddRoomProductsPayload, AddedRoomItems> = {
  name: ADD_ROOM_PRODUCTS,
  operation: 'addProducts',
  title: 'Charge the items to the room',
  place: (payload) => roomPlace(payload.roomReservationId),
  async captureBefore(pms, payload) {
    const id = payload.roomReservationId;
    const items = (await readAllItems(pms, id)) ?? (await pms.getReservationCost(id)).invoice_items;
    return items.map((item) => item.id);
  },
  async send(pms, payload) {
    const added = await pms.addProducts({
      room_reservation_id: payload.roomReservationId,
      products: linesToProducts(payload.lines),
      ...(payload.bookingDate ? { booking_date: payload.bookingDate } : {}),
    });
    return { items: added.invoice_items.map(toChargedItem) };
  },
  async reconcile(pms, payload, context) {
    const id = payload.roomReservationId;
    // The room first, then this till's other charges: one that lands in between is then seen
    // on its way or done, never as new items that nobody holds.
    const all = await readAllItems(pms, id);
    const items = all ?? (await pms.getReservationCost(id)).invoice_items;
    const others = ((await context.ownWrites?.(ADD_ROOM_PRODUCTS)) ?? []).filter(
      (write) => (write.payload as AddRoomProductsPayload).roomReservationId === id,
    );
    // another charge of this till to the room, answer still on its way: its items would look new
    if (others.some((write) => write.state === 'in-flight'))
      throw new ReadBackLater(
        `Another charge to room reservation ${id} is on its way; reading back after it.`,
      );
    const theirs = new Set(
      others
        .flatMap((write) => (write.result as AddedRoomItems | undefined)?.items ?? [])
        .map((i) => i.invoiceItemId),
    );
    const since = itemsSince(items, context).filter((item) => !theirs.has(item.id));
    // Like charges of this till whose answers were lost too may hold the items left over: identical
    // lines are interchangeable, and each read-back takes items the others have not taken.
    const twins = others.filter(
      (write) =>
        write.state === 'unsure' && sameLines((write.payload as AddRoomProductsPayload).lines, payload.lines),
    ).length;
    let lines = findLines(since, payload.lines, context.marker, twins * payload.lines.length);
    if (lines.kind === 'unclear') {
      // Several unsure charges to the room sharing a product: this write's items are the one unbroken
      // run of its lines that no other unsure charge of this till (other lines) stands in as a run.
      const siblings = others.filter(
        (write) =>
          write.state === 'unsure' &&
          !sameLines((write.payload as AddRoomProductsPayload).lines, payload.lines),
      );
      const claimed = new Set(
        siblings.flatMap((write) =>
          linesInRuns(since, (write.payload as AddRoomProductsPayload).lines, '').flatMap((run) =>
            run.map((item) => item.id),
          ),
        ),
      );
      const runs = linesInRuns(since, payload.lines, context.marker).filter((run) =>
        run.every((item) => !claimed.has(item.id)),
      );
      if (runs.length === 1 || (runs.length > 1 && runs.length <= twins + 1))
        lines = { kind: 'found', items: runs[0]! };
    }
    if (lines.kind === 'found') {
      return {
        outcome: 'applied',
        result: { items: lines.items.map(toChargedItem) },
        note: `Items ${context.marker} found on room reservation ${id}.`,
      };
    }
    if (lines.kind === 'none' && all) {
      return { outcome: 'not-applied', note: `Items ${context.marker} are not on room reservation ${id}.` };
    }
    return {
      outcome: 'cannot-verify',
      reason:
        lines.kind === 'unclear'
          ? `Room reservation ${id} has ${lines.fitting} new items like the charge's ${payload.lines.length} lines.`
          : `The PMS lists only unpaid items of room reservation ${id}; the charge is not among them, but it may have been paid already.`,
    };
  },
};

/**
 * The items a read-back may count as the charge's: those not on the room just before its first
 * send; for a send of an earlier version of the till (no ids read before), those with its marker.
 */
function itemsSince(items: readonly InvoiceItem[], context: IntentContext): InvoiceItem[] {
  const before = context.before;
  if (!Array.isArray(before)) return items.filter((item) => hasMarker(item.name, context.marker));
  const there = new Set(before);
  return items.filter((item) => !there.has(item.id));
}

/** A removal intent whose items `itemsOf` resolves at replay time (read back by quantities). */
function removalIntent<P extends { roomReservationId: number }>(
  name: string,
  itemsOf: (payload: P, context: IntentContext) => RemoveItem[],
): IntentDefinition<P, RemovedRoomItems> {
  return {
    name,
    operation: 'removeProducts',
    title: 'Take the items back off the room',
    place: (payload) => roomPlace(payload.roomReservationId),
    async captureBefore(pms, payload, context) {
      const items = (await pms.getRoomReservation(payload.roomReservationId)).invoice_items;
      return itemsOf(payload, context).map((wanted) => quantityOf(items, wanted));
    },
    async send(pms, payload, context) {
      const removed = await pms.removeProducts({
        room_reservation_id: payload.roomReservationId,
        optional_products: itemsOf(payload, context).map((item) => ({
          id: item.productId,
          quantity: item.quantity,
          ...(item.invoiceItemId ? { invoice_item_id: item.invoiceItemId } : {}),
        })),
      });
      return { removedQuantity: removed.removed_quantity };
    },
    async reconcile(pms, payload, context) {
      const wanted = itemsOf(payload, context);
      const before = context.before;
      if (!Array.isArray(before) || before.length !== wanted.length) {
        return { outcome: 'cannot-verify', reason: 'The quantities before the removal were not recorded.' };
      }
      const items = await readAllItems(pms, payload.roomReservationId);
      if (!items)
        return {
          outcome: 'cannot-verify',
          reason: 'The PMS does not let the till read the room items back.',
        };
      const after = wanted.map((item) => quantityOf(items, item));
      const removed = wanted.map((item, i) =>
        Math.min(item.quantity, (before[i] as number) - (after[i] ?? 0)),
      );
      if (removed.every((quantity, i) => quantity === wanted[i]?.quantity)) {
        const total = removed.reduce((sum, quantity) => sum + quantity, 0);
        return {
          outcome: 'applied',
          result: { removedQuantity: total },
          note: 'The items are off the room.',
        };
      }
      if (removed.every((quantity) => quantity === 0)) {
        return { outcome: 'not-applied', note: 'The items are still on the room.' };
      }
      return { outcome: 'cannot-verify', reason: 'Some but not all of the items are off the room.' };
    },
  };
}

export const removeRoomProducts = removalIntent<RemoveRoomProductsPayload>(
  REMOVE_ROOM_PRODUCTS,
  itemsToRemove,
);

export const takeBackRoomLine = removalIntent<TakeBackRoomLinePayload>(TAKE_BACK_ROOM_LINE, lineToRemove);

/** The units a take-back by line removes: from the very invoice item the charge created for that line. */
export function lineToRemove(payload: TakeBackRoomLinePayload, context: IntentContext): RemoveItem[] {
  const { saleId, line, productId, quantity } = payload.charge;
  const charged = resultOf<AddedRoomItems | undefined>(context, ADD_ROOM_PRODUCTS, saleId);
  const item = charged?.items[line];
  return [{ productId, quantity, ...(item ? { invoiceItemId: item.invoiceItemId } : {}) }];
}

/** The items a removal takes back: its own list, or what the reversed charge created. */
export function itemsToRemove(payload: RemoveRoomProductsPayload, context: IntentContext): RemoveItem[] {
  if (payload.items) return payload.items;
  if (!payload.reverses) return [];
  const charged = resultOf<AddedRoomItems | undefined>(context, ADD_ROOM_PRODUCTS, payload.reverses.saleId);
  return (charged?.items ?? []).map((item) => ({
    productId: item.productId ?? 0,
    quantity: item.quantity,
    invoiceItemId: item.invoiceItemId,
  }));
}

/** The same products, quantities, prices and names, in any order. */
function sameLines(a: readonly PayloadLine[], b: readonly PayloadLine[]): boolean {
  const key = (lines: readonly PayloadLine[]) =>
    lines
      .map((l) => `${l.productId}x${l.quantity}@${l.priceCents}:${l.name}`)
      .sort()
      .join('|');
  return key(a) === key(b);
}

function toChargedItem(item: InvoiceItem): ChargedItem {
  return { invoiceItemId: item.id, productId: item.product_id, quantity: item.quantity };
}

function quantityOf(items: readonly InvoiceItem[], wanted: RemoveItem): number {
  const matching = wanted.invoiceItemId
    ? items.filter((item) => item.id === wanted.invoiceItemId)
    : items.filter((item) => item.product_id === wanted.productId);
  return matching.reduce((sum, item) => sum + item.quantity, 0);
}

/** All invoice items of the reservation, or undefined when the PMS refuses to show them. */
async function readAllItems(pms: OutboxPms, roomReservationId: number): Promise<InvoiceItem[] | undefined> {
  try {
    return (await pms.getRoomReservation(roomReservationId)).invoice_items;
  } catch (error) {
    if (isPmsError(error) && error.kind === 'rejected' && error.status !== 429) return undefined;
    throw error;
  }
}
