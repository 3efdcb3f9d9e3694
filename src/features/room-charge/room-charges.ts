// Charging to a room and taking a charge back. Owns: enforcing the usage rule (guest-rules.ts) at
// the moment of recording, not only in the view — a stay that is not in house today, or a surname
// staff did not confirm, is refused here with a reason the view words; recording the charge in the
// outbox (booking date today, staff and till from the settings); the guest's open items online; and
// the till's own charges on a stay, which are the ones it can take back by line (a take-back sale,
// approved by a manager when the server has staff).
import { type PaidTicket, recordLineTakeBack, recordRoomCharge, type SaleOrigin } from '../../outbox/journal';
import { chargedItemIds } from '../../outbox/queries';
import { subscribeOutbox } from '../../outbox/status';
import type { ReservationCost, RoomReservation } from '../../pms/wire';
import {
  type ChargeRefusal,
  chargeRefusal,
  guestDisplayName,
  localDate,
  surnameMatches,
} from '../../rules/guest-rules';
import { listSales } from '../../storage/journal-queries';
import type { SaleLine, SaleRecord } from '../../storage/records';
import { notePmsFailure, notePmsRead, pms, tillIdentity } from '../device';
import { actingStaff, approvalFor, saleCompleted } from '../staff';

export type { SaleLine, SaleRecord } from '../../storage/records';

/** Why the till would not record a room charge. */
export type RoomChargeProblem = ChargeRefusal | 'surname' | 'no-lines';

export class RoomChargeRefused extends Error {
  override readonly name = 'RoomChargeRefused';
  constructor(readonly problem: RoomChargeProblem) {
    super(`The room charge was refused: ${problem}`);
  }
}

/** Who records: the signed-in staff member (or the name in Settings) and the till. */
export function saleOrigin(): SaleOrigin {
  return { ...actingStaff(), till: tillIdentity().tillName };
}

/**
 * Records a charge of `lines` to the stay, after checking the usage rule once more. With `ticket`
 * (the ticket charged, sale.ts chargeTicketToRoom) the charge closes it in its own transaction.
 * @throws RoomChargeRefused when the stay is not in house today, the surname does not match or there is nothing to charge.
 * @example const sale = await chargeRoom(stay, 'Bauer', [{ productId: 7, name: 'Pils', quantity: 2, unitPriceCents: 420 }]);
 */
export async function chargeRoom(
  stay: RoomReservation,
  confirmedSurname: string,
  lines: readonly SaleLine[],
  now: number = Date.now(),
  approved: Pick<SaleOrigin, 'saleId' | 'approvals' | 'split' | 'share'> = {},
  ticket?: PaidTicket,
): Promise<SaleRecord> {
  const today = localDate(new Date(now));
  const refusal = chargeRefusal(stay, today);
  if (refusal) throw new RoomChargeRefused(refusal);
  if (!surnameMatches(confirmedSurname, stay)) throw new RoomChargeRefused('surname');
  // the line as shown, with what the sales ledger records of it (catalogue price, VAT, group)
  const saleLines = lines.filter((line) => line.quantity > 0).map((line) => ({ ...line }));
  if (saleLines.length === 0) throw new RoomChargeRefused('no-lines');
  const sale = await recordRoomCharge(
    {
      ...saleOrigin(),
      ...approved,
      at: now,
      room: {
        roomReservationId: stay.id,
        roomNumber: stay.room_number,
        guestName: guestDisplayName(stay),
        bookingDate: today,
      },
      lines: saleLines,
    },
    ticket,
  );
  // no audit report: the sales ledger holds the charge (its first step records it there)
  saleCompleted();
  return sale;
}

/**
 * The stay's unpaid items and their total, read from the PMS (online only; throws the PmsError).
 * @example const { invoice_items, total } = await readOpenItems(stay.id);
 */
export async function readOpenItems(stayId: number): Promise<ReservationCost> {
  try {
    const cost = await (await pms()).getReservationCost(stayId);
    notePmsRead(true);
    return cost;
  } catch (error) {
    notePmsFailure(error);
    throw error;
  }
}

/**
 * This till's room charges on the stay that can still be taken back, newest first.
 * @example const charges = await chargesOfStay(stay.id);
 */
export async function chargesOfStay(stayId: number): Promise<SaleRecord[]> {
  const sales = await listSales({ limit: 500 });
  return sales.filter(
    (sale) =>
      sale.kind === 'room-charge' &&
      sale.room?.roomReservationId === stayId &&
      !sale.reversedBy &&
      (sale.status === 'pending' || sale.status === 'synced'),
  );
}

/**
 * Takes `quantity` units of line `line` of one of this till's room charges back off the room (a
 * take-back sale, sent by the outbox). Asks for a manager's approval first where one is needed
 * (`what` says what, in staff's words); answers null when it was not given (nothing recorded).
 * @throws OutboxActionRefused when more than is still on the room is asked for, or the charge cannot be taken back.
 * @example await takeBackLine(sale, 0, 1, 'spilt', 'Take back 1 × Pils of sale K7QM-1F');
 */
export async function takeBackLine(
  charge: SaleRecord,
  line: number,
  quantity: number,
  reason: string,
  what: string,
): Promise<SaleRecord | null> {
  const id = crypto.randomUUID();
  const amountCents = quantity * (charge.lines[line]?.unitPriceCents ?? 0);
  const approval = await approvalFor({ action: 'take_back', subject: id, amountCents }, what);
  if (approval === null) return null;
  const takeBack = await recordLineTakeBack({
    ...saleOrigin(),
    chargeId: charge.id,
    id,
    line,
    quantity,
    reason: reason.trim(),
    ...(approval ? { approvals: [approval] } : {}),
  });
  // no audit report: the take-back is a record of the sales ledger, its approval spent there
  return takeBack;
}

/** One of this till's confirmed charges and the line of it that a PMS item is. */
export interface ChargedLine {
  sale: SaleRecord;
  line: number;
}

/**
 * The PMS items this till's confirmed charges made, by item id (the ids each charge kept when the
 * PMS took it: line names are the product names only).
 * @example (await chargedLines(charges)).get(item.id)?.line
 */
export async function chargedLines(charges: readonly SaleRecord[]): Promise<Map<number, ChargedLine>> {
  const confirmed = charges.filter((sale) => sale.status === 'synced');
  const ids = await Promise.all(confirmed.map((sale) => chargedItemIds(sale.id)));
  return new Map(
    confirmed.flatMap((sale, i) => (ids[i] ?? []).map((id, line) => [id, { sale, line }] as const)),
  );
}

/**
 * Calls `listener` (at most every 300 ms) when sales were recorded, sent or changed, so views can
 * read a room's items again. Answers a stop function.
 * @example onCleanup(onChargesChanged(() => reload()));
 */
export function onChargesChanged(listener: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = subscribeOutbox(() => {
    timer ??= setTimeout(() => {
      timer = undefined;
      listener();
    }, 300);
  });
  return () => {
    clearTimeout(timer);
    stop();
  };
}
