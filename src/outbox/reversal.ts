// Taking a room charge back: a charge-reversal sale with one room.remove-products step: the whole
// charge (@1, what a void queues) or some units of one line (@2, staff's take-back), resolved to the
// charge's invoice items at replay time, so it can be queued while the charge is pending (it then
// waits for it). Owns when a charge may be taken back, how much of a line is still on the room, and
// the links between charge and take-backs (`reversedBy`, `takeBacks`). See docs/outbox.md.
import type { SaleEntry, SaleWrite } from '../storage/outbox-store.ts';
import type { SaleRecord } from '../storage/records.ts';
import {
  REMOVE_ROOM_PRODUCTS,
  type RemoveRoomProductsPayload,
  TAKE_BACK_ROOM_LINE,
  type TakeBackRoomLinePayload,
} from './intents/index.ts';
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

/** What a take-back by line asks for: the new sale's id (approvals name it), line, units, reason. */
export interface LineTakeBack {
  id: string;
  line: number;
  quantity: number;
  reason: string;
  approvals?: string[];
}

/**
 * Units of each line of `charge` still on the room as far as the till knows: charged minus its
 * take-backs by line that are not voided. `takeBacks` are the entries of `charge.takeBacks`.
 */
export function unitsStillOnRoom(
  charge: SaleRecord,
  takeBacks: readonly (SaleEntry | undefined)[],
): number[] {
  const left = charge.lines.map((line) => line.quantity);
  for (const entry of takeBacks) {
    const taken = entry?.sale.takeBack;
    if (!taken || entry.sale.status === 'voided') continue;
    left[taken.line] = (left[taken.line] ?? 0) - taken.quantity;
  }
  return left;
}

/**
 * Queues taking `wanted.quantity` units of one line of `entry` (a reversible room charge) back, or
 * answers why not. `takeBacks` are the entries of its earlier take-backs, read in the same write.
 */
export function queueLineTakeBack(
  entry: SaleEntry | undefined,
  takeBacks: readonly (SaleEntry | undefined)[],
  origin: SaleOrigin,
  at: number,
  wanted: LineTakeBack,
): SaleWrite<OutboxRefusal | (() => SaleRecord)> {
  const refusal = reversalRefusal(entry);
  if (refusal) return { value: refusal };
  const charge = entry!.sale;
  const line = charge.lines[wanted.line];
  const left = unitsStillOnRoom(charge, takeBacks)[wanted.line] ?? 0;
  if (!line || !Number.isInteger(wanted.quantity) || wanted.quantity < 1 || wanted.quantity > left) {
    return { value: { code: 'take-back-too-many', reference: charge.reference, left: Math.max(left, 0) } };
  }
  const payload: TakeBackRoomLinePayload = {
    roomReservationId: charge.room!.roomReservationId,
    charge: { saleId: charge.id, line: wanted.line, productId: line.productId, quantity: wanted.quantity },
  };
  let created: SaleRecord | undefined;
  const note = `${wanted.quantity} × ${line.name} taken back by ${origin.staff}: ${wanted.reason}`;
  return {
    sales: [
      {
        ...charge,
        takeBacks: [...(charge.takeBacks ?? []), wanted.id],
        updatedAt: at,
        notes: [...charge.notes, { at, text: note }],
      },
    ],
    newSale: (reference) => {
      const composed = composeSale(origin, at, reference, {
        id: wanted.id,
        kind: 'charge-reversal',
        lines: [{ ...line, quantity: wanted.quantity }],
        totalCents: -wanted.quantity * line.unitPriceCents,
        room: charge.room,
        dependsOn: [charge.id],
        reverses: charge.id,
        takeBack: { line: wanted.line, quantity: wanted.quantity },
        reason: wanted.reason,
        ...(wanted.approvals?.length ? { approvals: wanted.approvals } : {}),
        notes: [
          {
            at,
            text: `Takes back ${wanted.quantity} × ${line.name} of ${charge.reference}: ${wanted.reason}`,
          },
        ],
        intents: [[TAKE_BACK_ROOM_LINE, payload]],
      });
      created = composed.sale;
      return composed;
    },
    value: () => {
      if (!created) throw new Error('the take-back was not written');
      return created;
    },
  };
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
        reason,
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
