// Taking a room charge back: a charge-reversal sale with one room.remove-products step that removes
// exactly the invoice items the charge created (read from its result at replay time, so it can be
// queued while the charge is still pending; it then waits for it). Owns when a charge may be
// reversed and the two-way link between charge and reversal. Used by recordChargeReversal and by
// voidSale, which reverses an applied room charge rather than pretending it never happened.
import type { SaleEntry, SaleWrite } from '../storage/outbox-store.ts';
import type { SaleRecord } from '../storage/records.ts';
import { REMOVE_ROOM_PRODUCTS, type RemoveRoomProductsPayload } from './intents/index.ts';
import type { OutboxRefusal } from './refusal.ts';
import { composeSale, type SaleOrigin } from './sale-draft.ts';

/** Why this sale cannot be reversed, or undefined when it can. */
export function reversalRefusal(entry: SaleEntry | undefined): OutboxRefusal | undefined {
  if (!entry) return { code: 'no-such-sale' };
  const { sale } = entry;
  if (sale.kind !== 'room-charge' || !sale.room)
    return { code: 'not-a-room-charge', reference: sale.reference };
  if (sale.reversedBy) return { code: 'already-reversed', reference: sale.reference };
  if (sale.status === 'voided') return { code: 'voided', reference: sale.reference };
  if (sale.status === 'needs-attention') return { code: 'not-on-room', reference: sale.reference };
  return undefined;
}

/**
 * The write that queues a reversal of `entry` (a reversible room charge) and links the two. Its
 * value hands back the new reversal sale once the write is done.
 */
export function queueReversal(
  entry: SaleEntry,
  origin: SaleOrigin,
  at: number,
  reason: string,
  original: SaleRecord = entry.sale,
): SaleWrite<() => SaleRecord> {
  const room = entry.sale.room!;
  const reversalId = crypto.randomUUID();
  let created: SaleRecord | undefined;
  const payload: RemoveRoomProductsPayload = {
    roomReservationId: room.roomReservationId,
    reverses: { saleId: entry.sale.id },
  };
  return {
    sales: [
      {
        ...original,
        reversedBy: reversalId,
        updatedAt: at,
        notes: [...original.notes, { at, text: `Reversal queued by ${origin.staff}: ${reason}` }],
      },
    ],
    newSale: (reference) => {
      const composed = composeSale(origin, at, reference, {
        id: reversalId,
        kind: 'charge-reversal',
        lines: entry.sale.lines,
        totalCents: -entry.sale.totalCents,
        room,
        dependsOn: [entry.sale.id],
        reverses: entry.sale.id,
        notes: [{ at, text: `Takes back ${entry.sale.reference}: ${reason}` }],
        intents: [[REMOVE_ROOM_PRODUCTS, payload]],
      });
      created = composed.sale;
      return composed;
    },
    value: () => {
      if (!created) throw new Error('the reversal was not written');
      return created;
    },
  };
}
