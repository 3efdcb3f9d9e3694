// Late charges: a room charge the PMS refused because the guest has left (the stay takes no more
// charges, 409 on room_reservation_id) is moved, on staff's word, to a new sale: a cash-register
// invoice made out to the guest (their contact, so their own address) with the same lines, left
// OPEN for the front desk (docs/outbox.md, "Late charges"). One transaction ends the refused sale as
// "moved" (its refused step voided) and queues the late charge, so it happens once.
import { changeSale, type SaleEntry, type SaleWrite } from '../storage/outbox-store.ts';
import type { SaleAttention, SaleRecord } from '../storage/records.ts';
import {
  ADD_CASH_INVOICE_PRODUCTS,
  ADD_ROOM_PRODUCTS,
  ADDRESS_TO_GUEST,
  CREATE_CASH_INVOICE,
} from './intents/index.ts';
import { isRefusal, OutboxActionRefused, type OutboxRefusal } from './refusal.ts';
import { composeSale, type SaleOrigin } from './sale-draft.ts';
import { currentSteps, resettle } from './sale-state.ts';
import { announceOutboxChange } from './status.ts';
import { voided } from './transitions.ts';

/** Whether the PMS refused this room charge because the stay takes no more charges (guest left). */
export function refusedAsGuestLeft(sale: Pick<SaleRecord, 'kind' | 'status' | 'attention'>): boolean {
  const attention: SaleAttention | undefined = sale.attention;
  return (
    sale.kind === 'room-charge' &&
    sale.status === 'needs-attention' &&
    attention?.kind === 'rejected' &&
    attention.status === 409 &&
    attention.field === 'room_reservation_id'
  );
}

function lateChargeRefusal(entry: SaleEntry | undefined): OutboxRefusal | undefined {
  if (!entry) return { code: 'no-such-sale' };
  const { sale } = entry;
  if (sale.movedTo) return { code: 'already-moved', reference: sale.reference };
  const failed = currentSteps(entry.intents).find((i) => i.state === 'failed');
  if (!refusedAsGuestLeft(sale) || failed?.name !== ADD_ROOM_PRODUCTS)
    return { code: 'guest-not-gone', reference: sale.reference };
  return undefined;
}

/**
 * Moves a room charge refused because the guest left to a late charge (a cash invoice to the
 * guest, left open); answers the new sale.
 * @throws OutboxActionRefused when the sale was not refused that way, or is already moved.
 * @example const late = await moveToLateCharge(sale.id, { staff: 'Mia', till: 'Bar 1' });
 */
export async function moveToLateCharge(saleId: string, origin: SaleOrigin): Promise<SaleRecord> {
  const at = origin.at ?? Date.now();
  const outcome = await changeSale(saleId, (entry): SaleWrite<OutboxRefusal | (() => SaleRecord)> => {
    const refusal = lateChargeRefusal(entry);
    if (refusal) return { value: refusal };
    const { sale, intents } = entry!;
    const room = sale.room!;
    const lateId = crypto.randomUUID();
    const stepsVoided = currentSteps(intents)
      .filter((i) => voided.from.includes(i.state))
      .map((i) => voided(i, at));
    const moved = resettle(
      {
        ...sale,
        movedTo: lateId,
        voided: { reason: 'moved to a late charge', at, staff: origin.staff },
      },
      [...intents, ...stepsVoided],
      at,
      `Moved by ${origin.staff} to a late charge: a cash invoice to ${room.guestName ?? 'the guest'}.`,
    );
    let created: SaleRecord | undefined;
    return {
      sales: [moved],
      intents: stepsVoided,
      newSale: (reference) => {
        // The refused charge's approvals (its open prices, its discount) name it: the late charge
        // carries them, and its writes go by that charge's id (sale-headers.ts).
        const composed = composeSale({ ...origin, split: sale.split === true }, at, reference, {
          id: lateId,
          kind: 'late-charge',
          ...(sale.approvals?.length ? { approvals: [...sale.approvals] } : {}),
          lines: sale.lines,
          room,
          lateChargeOf: sale.id,
          notes: [{ at, text: `Late charge of ${sale.reference}: the guest had left.` }],
          intents: [
            [CREATE_CASH_INVOICE, { recipientName: room.guestName ?? '', reference }],
            [ADDRESS_TO_GUEST, { roomReservationId: room.roomReservationId }],
            [
              ADD_CASH_INVOICE_PRODUCTS,
              {
                lines: sale.lines.map((line) => ({
                  productId: line.productId,
                  quantity: line.quantity,
                  name: line.name,
                  priceCents: line.unitPriceCents,
                })),
              },
            ],
          ],
        });
        created = composed.sale;
        return composed;
      },
      value: () => {
        if (!created) throw new Error('the late charge was not written');
        return created;
      },
    };
  });
  if (isRefusal(outcome)) throw new OutboxActionRefused(outcome);
  const late = outcome();
  announceOutboxChange({ type: 'recorded', saleId: late.id });
  return late;
}
