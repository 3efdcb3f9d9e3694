// Recording sales: the journal entry and the ordered intents that will carry it into the PMS,
// written in one strict-durability transaction before anything is sent. Once a record function
// resolves, the sale is done for staff (status 'pending' until the PMS confirms it) and survives
// reloads, worker restarts and browser restarts. Owns: the intents each kind of sale is made of,
// totals in cents, and validating staff input before it is recorded (a bad line is refused here,
// not discovered hours later by the PMS).
import { changeSale, changeSales, insertSale, readSale, type SaleWrite } from '../storage/outbox-store.ts';
import type { CardPaymentRecord, SaleLine, SaleRecord, TicketRecord } from '../storage/records.ts';
import type { TicketClaim } from '../storage/ticket-store.ts';
import {
  ADD_CASH_INVOICE_PRODUCTS,
  ADD_ROOM_PRODUCTS,
  type AddRoomProductsPayload,
  CLOSE_CASH_INVOICE,
  CREATE_CASH_INVOICE,
  CREATE_PRODUCT,
  type CreateProductPayload,
  type PayloadLine,
} from './intents/index.ts';
import { isRefusal, OutboxActionRefused, type OutboxRefusal } from './refusal.ts';
import { type LineTakeBack, queueLineTakeBack, queueReversal, reversalRefusal } from './reversal.ts';
import { composeSale, type SaleDraft, type SaleOrigin } from './sale-draft.ts';
import { announceOutboxChange } from './status.ts';

export type { SaleOrigin } from './sale-draft.ts';

export interface CashSaleInput extends SaleOrigin {
  lines: SaleLine[];
  payment: { templateId: number; paymentMethodId: number; sendInvoice: boolean };
  /** Who the invoice is made out to; '' for the hotel's cash customer. */
  recipientName?: string;
  /** The sale's id when it was needed before recording (an approval names it); default: a new one. */
  id?: string;
  /** Managers' approvals of this sale (a discount above the limit), sent with its writes. */
  approvals?: string[];
  /** How it was paid (cash handed over and change, or card), for the sales ledger. */
  tender?: SaleRecord['tender'];
  /** The ticket's own discount, for the sales ledger. */
  ticketDiscount?: SaleRecord['ticketDiscount'];
  /** Paid by card through the terminal: its data and the tip, kept with the sale (not sent to the PMS). */
  card?: CardPaymentRecord;
  /** Paid by card on a stand-alone terminal the till could not drive: the terminal's receipt number. */
  standaloneCard?: SaleRecord['standaloneCard'];
}

/**
 * The ticket a sale is paid from: recording the sale closes it in the same transaction, or records
 * nothing when another tab paid, parked or changed it first (`TicketClaimRefused`).
 */
export interface PaidTicket {
  claim: TicketClaim;
  record: Omit<TicketRecord, 'staff'>;
}

export interface RoomChargeInput extends SaleOrigin {
  room: { roomReservationId: number; roomNumber?: string; guestName?: string; bookingDate?: string };
  lines: SaleLine[];
  id?: string;
  approvals?: string[];
}

export interface ChargeReversalInput extends SaleOrigin {
  /** The room charge to take back. It may still be pending: the reversal then waits for it. */
  originalSaleId: string;
  reason: string;
}

export interface LineTakeBackInput extends SaleOrigin, LineTakeBack {
  /** The room charge whose line is taken back. It may still be pending: the take-back then waits. */
  chargeId: string;
}

export interface ProductCreationInput extends SaleOrigin {
  /** The product; without an article number the till assigns one from the sale reference. */
  product: Omit<CreateProductPayload, 'number'> & { number?: string };
}

/**
 * Records a cash sale: open a cash invoice, put the lines on it, close it with the payment.
 * @example const sale = await recordCashSale({ staff: 'Mia', till: 'Bar 1', lines, payment });
 */
export async function recordCashSale(input: CashSaleInput, ticket?: PaidTicket): Promise<SaleRecord> {
  checkLines(input.lines);
  return record(input, ticket, (reference) => ({
    kind: 'cash-sale',
    ...approved(input),
    lines: input.lines,
    payment: input.payment,
    ...(input.tender ? { tender: input.tender } : {}),
    ...(input.ticketDiscount ? { ticketDiscount: input.ticketDiscount } : {}),
    ...(input.card ? { card: input.card } : {}),
    ...(input.standaloneCard ? { standaloneCard: input.standaloneCard } : {}),
    intents: [
      [CREATE_CASH_INVOICE, { recipientName: input.recipientName ?? '', reference }],
      [ADD_CASH_INVOICE_PRODUCTS, { lines: input.lines.map(toPayloadLine) }],
      [CLOSE_CASH_INVOICE, { ...input.payment }],
    ],
  }));
}

/**
 * Records a charge of products to a room reservation.
 * @example await recordRoomCharge({ staff, till, room: { roomReservationId: 1204 }, lines });
 */
export async function recordRoomCharge(input: RoomChargeInput, ticket?: PaidTicket): Promise<SaleRecord> {
  checkLines(input.lines);
  const payload: AddRoomProductsPayload = {
    roomReservationId: input.room.roomReservationId,
    ...(input.room.bookingDate ? { bookingDate: input.room.bookingDate } : {}),
    lines: input.lines.map(toPayloadLine),
  };
  return record(input, ticket, () => ({
    kind: 'room-charge',
    ...approved(input),
    lines: input.lines,
    room: input.room,
    intents: [[ADD_ROOM_PRODUCTS, payload]],
  }));
}

/**
 * Records taking a room charge back off the room. The charge may still be pending: the reversal then
 * waits until it is confirmed. Refuses a sale that is not a room charge, already reversed, voided,
 * or refused by the PMS (nothing to take back: void it instead).
 * @example await recordChargeReversal({ staff, till, originalSaleId: sale.id, reason: 'wrong room' });
 */
export async function recordChargeReversal(input: ChargeReversalInput): Promise<SaleRecord> {
  const at = input.at ?? Date.now();
  const outcome = await changeSale(
    input.originalSaleId,
    (entry): SaleWrite<OutboxRefusal | (() => SaleRecord)> => {
      const refusal = reversalRefusal(entry);
      return refusal ? { value: refusal } : queueReversal(entry!, input, at, input.reason);
    },
  );
  if (isRefusal(outcome)) throw new OutboxActionRefused(outcome);
  const reversal = outcome();
  announceOutboxChange({ type: 'recorded', saleId: reversal.id });
  return reversal;
}

/**
 * Records taking some units of one line of a room charge back off the room (room.remove-products@2),
 * refused when more than is still on the room (by the till's journal) is asked for.
 * @example await recordLineTakeBack({ staff, till, chargeId, id: crypto.randomUUID(), line: 0, quantity: 1, reason: 'spilt' });
 */
export async function recordLineTakeBack(input: LineTakeBackInput): Promise<SaleRecord> {
  const at = input.at ?? Date.now();
  const earlier = (await readSale(input.chargeId))?.sale.takeBacks ?? [];
  const outcome = await changeSales(
    [input.chargeId, ...earlier],
    ([entry, ...takeBacks]): SaleWrite<OutboxRefusal | (() => SaleRecord)> => {
      const now = entry?.sale.takeBacks ?? [];
      if (now.length !== earlier.length || now.some((id, i) => id !== earlier[i]))
        return { value: { code: 'sale-changed' } };
      return queueLineTakeBack(entry, takeBacks, input, at, input);
    },
  );
  if (isRefusal(outcome)) throw new OutboxActionRefused(outcome);
  const takeBack = outcome();
  announceOutboxChange({ type: 'recorded', saleId: takeBack.id });
  return takeBack;
}

/** A shift closed on this till, for the sales ledger. */
export interface ShiftCloseInput extends SaleOrigin {
  shiftId: string;
  drawer?: string;
}

/**
 * Records a closed shift: one step, `ledger.record@1` (kind `shift-close`); nothing goes to the PMS.
 * Its id is the shift's, so closing the same shift twice records it once.
 * @example await recordShiftClose({ staff, till, shiftId: record.id, approvals: [token] });
 */
export async function recordShiftClose(input: ShiftCloseInput): Promise<SaleRecord> {
  return record(input, undefined, () => ({
    kind: 'shift-close',
    id: input.shiftId,
    lines: [],
    ...approved(input),
    shift: { shiftId: input.shiftId, ...(input.drawer ? { drawer: input.drawer } : {}) },
    intents: [],
  }));
}

/** A drawer's shift opened on this till, with the cash it starts with. */
export interface ShiftOpenInput extends SaleOrigin {
  shiftId: string;
  drawer?: string;
  /** The opening float counted into the drawer, in cents (0 or more). */
  floatCents: number;
}

/**
 * Records a shift opened with its float: one step, `ledger.record@1` (kind `shift-open`); nothing goes
 * to the PMS. The cash-up then expects float + cash in - cash out of the drawer.
 * @example await recordShiftOpen({ staff, till, shiftId: crypto.randomUUID(), drawer: 'Bar 1', floatCents: 15000 });
 */
export async function recordShiftOpen(input: ShiftOpenInput): Promise<SaleRecord> {
  if (!Number.isSafeInteger(input.floatCents) || input.floatCents < 0)
    throw new RangeError(`floatCents: ${input.floatCents} is not a whole number of cents of 0 or more`);
  return record(input, undefined, () => ({
    kind: 'shift-open',
    id: input.shiftId,
    lines: [],
    ...approved(input),
    shift: {
      shiftId: input.shiftId,
      ...(input.drawer ? { drawer: input.drawer } : {}),
      floatCents: input.floatCents,
    },
    intents: [],
  }));
}

/**
 * Records creating a product in the PMS, with a unique article number for reading it back.
 * @example await recordProductCreation({ staff, till, product: { name: 'Hugo', price: 750, ... } });
 */
export async function recordProductCreation(input: ProductCreationInput): Promise<SaleRecord> {
  return record(input, undefined, (reference) => ({
    kind: 'product-creation',
    lines: [],
    intents: [[CREATE_PRODUCT, { ...input.product, number: input.product.number || `TILL-${reference}` }]],
  }));
}

// ---------------------------------------------------------------------------------------------

async function record(
  origin: SaleOrigin,
  ticket: PaidTicket | undefined,
  draft: (reference: string) => SaleDraft,
): Promise<SaleRecord> {
  const at = origin.at ?? Date.now();
  const { sale } = await insertSale(
    (reference) => composeSale(origin, at, reference, draft(reference)),
    ticket,
  );
  announceOutboxChange({ type: 'recorded', saleId: sale.id });
  return sale;
}

/** The id and approvals a sale was given before recording, when it has them. */
function approved(input: { id?: string; approvals?: string[] }): { id?: string; approvals?: string[] } {
  return {
    ...(input.id ? { id: input.id } : {}),
    ...(input.approvals?.length ? { approvals: [...input.approvals] } : {}),
  };
}

function toPayloadLine(line: SaleLine): PayloadLine {
  return {
    productId: line.productId,
    quantity: line.quantity,
    name: line.name,
    priceCents: line.unitPriceCents,
  };
}

function checkLines(lines: readonly SaleLine[]): void {
  if (lines.length === 0) throw new RangeError('A sale needs at least one line.');
  if (lines.length > 200) throw new RangeError('A sale can have at most 200 lines.');
  for (const line of lines) {
    if (!Number.isInteger(line.productId) || line.productId < 1)
      throw new RangeError(`Unknown product in "${line.name}".`);
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 999) {
      throw new RangeError(`"${line.name}": quantity must be a whole number from 1 to 999.`);
    }
    if (!Number.isSafeInteger(line.unitPriceCents) || line.unitPriceCents < 0) {
      throw new RangeError(`"${line.name}": price must be a whole number of cents, not negative.`);
    }
    if (!line.name.trim()) throw new RangeError('Every line needs a name.');
  }
}
