// Paying the current ticket, whole or one part of a split (rules/split.ts). Owns: checking the
// payment (a method and a template chosen; for cash, enough tendered), recording the sale in the
// journal and outbox (`recordCashSale`, or a room charge for "charge to room": instant, online or
// offline; the page replayer sends it, see pms.ts), the receipt, and only then clearing the ticket
// or leaving the unpaid rest of a split on it. Either closes the ticket in its own transaction
// (ticket-keeping.ts payTicket): a ticket is paid once, however many tabs pay it. Invariant: if recording fails, whatever the cause
// (IndexedDB, storage full, a missing browser API), the ticket is untouched and the view gets a
// `SaleNotSavedError` to put in words; it never fails silently.
import { type CashSaleInput, type PaidTicket, recordCashSale } from '../outbox/journal';
import type { Cents } from '../pms/money';
import type { RoomReservation } from '../pms/wire';
import { cashMethodId, changeDue } from '../rules/payment';
import { PaymentError, SaleNotSavedError } from '../rules/payment-errors';
import type { TicketPart } from '../rules/split';
import type { TicketLine } from '../rules/ticket-lines';
import { totalsOf } from '../rules/totals';
import type { CardPaymentRecord, SaleLine } from '../storage/records';
import { catalogue, loadCatalogue, taxClasses } from './catalogue';
import { requestReplay } from './pms';
import { noteSold } from './quick-keys';
import { type ReceiptData, type ReceiptDiscount, setLastReceipt } from './receipt';
import { chargeRoom, type SaleRecord } from './room-charges';
import { settings } from './settings';
import { actingStaff, saleCompleted } from './staff-session';
import {
  clearTicket,
  currentTicket,
  keepRestOfTicket,
  TicketEndedError,
  ticketApprovals,
  ticketChangesHandedOver,
  ticketWasSplit,
} from './ticket';
import { payTicket } from './ticket-keeping';
import { tillIdentity } from './till-identity';

export interface CashPayment {
  paymentMethodId: number;
  templateId: number;
  /** Cash handed over; only for the cash method. */
  tenderedCents?: Cents;
  /** The part of a split being paid, or the discounted ticket; default: the whole ticket. */
  part?: TicketPart;
  /** The sale's id, when an approval had to name it before recording. */
  saleId?: string;
  /** Managers' approvals (a discount above the outlet's limit), kept on the sale. */
  approvals?: string[];
  /** A discount on the ticket, for the receipt: what it took off and the total before. */
  discount?: ReceiptDiscount;
  /** Paid by card through the terminal (state/card-payment.ts): its data and tip, kept with the sale. */
  card?: CardPaymentRecord;
}

/** Charging the ticket (or a part) to a guest's room from the pay screen. */
export interface RoomPayment {
  stay: RoomReservation;
  confirmedSurname: string;
  part?: TicketPart;
  saleId?: string;
  approvals?: string[];
}

export { PaymentError, SaleNotSavedError };

/**
 * Records the current ticket as a cash-register sale and returns its receipt; the ticket is then
 * cleared. Resolves as soon as the sale is safely in IndexedDB, whether or not the PMS is reachable.
 * @example const receipt = await completeCashSale({ paymentMethodId: 1, templateId: 3, tenderedCents: 2000 });
 */
export async function completeCashSale(payment: CashPayment): Promise<ReceiptData> {
  await ticketChangesHandedOver(); // the ticket is paid after every tap made before
  await loadCatalogue(); // all of it, not only the first page: each line's catalogue price is recorded
  const ticket = currentTicket();
  const lines = payment.part?.lines ?? ticket.lines;
  const totals = totalsOf(lines, taxClasses());
  const { payment_methods: methods, invoice_templates: templates } = catalogue().paymentOptions;
  const { currency, cashPaymentMethodId } = settings();
  const { tillName, outletName } = tillIdentity();
  const { staff: staffName, staffId } = actingStaff();
  const method = methods.find((m) => m.id === payment.paymentMethodId);
  if (lines.length === 0) throw new PaymentError('empty-ticket');
  if (!method) throw new PaymentError('no-method');
  if (!templates.some((t) => t.id === payment.templateId)) throw new PaymentError('no-template');
  const isCash = cashMethodId(methods, cashPaymentMethodId) === method.id;
  const tendered = isCash ? (payment.tenderedCents ?? totals.grossCents) : null;
  const change = tendered === null ? null : changeDue(totals.grossCents, tendered);
  if (tendered !== null && change === null) throw new PaymentError('tendered-too-little');

  const input: CashSaleInput = {
    staff: staffName,
    ...(staffId ? { staffId } : {}),
    till: tillName,
    ...recordedWith(payment),
    lines: saleLines(lines),
    payment: { templateId: payment.templateId, paymentMethodId: method.id, sendInvoice: false },
    tender:
      tendered === null || change === null
        ? { method: 'card' }
        : { method: 'cash', tenderedCents: tendered, changeCents: change },
    ...(payment.discount ? { ticketDiscount: { amountCents: payment.discount.cents } } : {}),
    ...(payment.card ? { card: payment.card } : {}),
  };
  // The ticket is closed in the sale's own transaction: paid in another tab first, nothing is
  // recorded. A part of a split leaves the rest open on the ticket: it closes nothing.
  const closesTicket = !payment.part || payment.part.rest.length === 0;
  const recording = closesTicket
    ? payTicket(ticket, (paid) => recordCashSale(input, paid))
    : recordCashSale(input);
  const sale = await recording.catch((error: unknown) => {
    if (error instanceof TicketEndedError) throw error;
    console.error('[sale] the sale could not be recorded', error);
    throw new SaleNotSavedError(error);
  });
  const receipt: ReceiptData = {
    saleId: sale.id,
    reference: sale.reference,
    createdAt: sale.createdAt,
    tillName,
    outletName,
    staffName,
    lines: lines.map(({ name, quantity, unitPriceCents, discount }) => ({
      name,
      quantity,
      unitPriceCents,
      totalCents: unitPriceCents * quantity,
      ...(discount ? { discount } : {}),
    })),
    note: ticket.note,
    totals,
    paymentMethodName: method.name,
    isCash,
    tenderedCents: tendered,
    changeCents: change,
    currency,
    ...(payment.discount ? { discount: payment.discount } : {}),
    ...(payment.card ? { card: payment.card } : {}),
  };
  setLastReceipt(receipt);
  paid(lines, payment.part);
  saleCompleted();
  return receipt;
}

/**
 * Charges the current ticket, or the part of a split, to the guest's room (never a cash invoice):
 * the usage rule and the surname are checked again when recording (room-charges.ts). Like a cash
 * sale, the charge closes the ticket in its own transaction (a part of a split closes nothing).
 * @throws RoomChargeRefused; TicketEndedError when another tab paid, parked or changed the ticket
 * first (nothing is recorded); or the recording's error. The ticket is then untouched.
 * @example const sale = await chargeTicketToRoom({ stay, confirmedSurname: 'Bauer' });
 */
export async function chargeTicketToRoom(payment: RoomPayment): Promise<SaleRecord> {
  await ticketChangesHandedOver(); // the ticket is charged after every tap made before
  await loadCatalogue(); // all of it, as for a cash sale
  const ticket = currentTicket();
  const lines = payment.part?.lines ?? ticket.lines;
  if (lines.length === 0) throw new PaymentError('empty-ticket');
  const charge = (closing?: PaidTicket) =>
    chargeRoom(
      payment.stay,
      payment.confirmedSurname,
      saleLines(lines),
      Date.now(),
      recordedWith(payment),
      closing,
    );
  const closesTicket = !payment.part || payment.part.rest.length === 0;
  const sale = await (closesTicket ? payTicket(ticket, charge) : charge());
  paid(lines, payment.part);
  return sale;
}

/**
 * The sale's fixed id and its approvals: the ticket's (an open price or a line discount above the
 * limit) when what is left of the ticket is paid (no rest stays: also a part that leaves none, the
 * ticket discounted), and the payment's (a ticket discount); and whether it is a part of a split
 * bill, or what was left of one (the gateway then does not take its prices for a discount). Both
 * approvals name the same sale: the pay screen asks for a discount's approval on the ticket's sale
 * id (`ticketSaleId`) unless a part leaving a rest is paid.
 */
function recordedWith(payment: { part?: TicketPart; saleId?: string; approvals?: string[] }): {
  saleId?: string;
  approvals?: string[];
  split?: boolean;
} {
  const rest = payment.part?.rest.length ?? 0;
  const fromTicket = rest > 0 ? {} : ticketApprovals();
  const saleId = payment.saleId ?? fromTicket.saleId;
  const approvals = [...(fromTicket.approvals ?? []), ...(payment.approvals ?? [])];
  const split = rest > 0 || ticketWasSplit();
  return {
    ...(saleId ? { saleId } : {}),
    ...(approvals.length > 0 ? { approvals } : {}),
    ...(split ? { split } : {}),
  };
}

/**
 * The ticket's lines as the journal keeps them: as shown, with what the sales ledger records of
 * each (the catalogue's price, tax class and VAT rate in basis points, commodity group, discount).
 */
function saleLines(lines: readonly TicketLine[]): SaleLine[] {
  const { products } = catalogue().index;
  const rates = taxClasses();
  return lines.map((line) => {
    const product = products.find((p) => p.id === line.productId);
    const rate = rates.find((tax) => tax.id === line.taxClassId)?.rate;
    const given = line.discount?.given;
    return {
      productId: line.productId,
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      cataloguePriceCents: line.openPrice ? null : (product?.price ?? line.discount?.listPriceCents ?? null),
      taxClassId: line.taxClassId,
      vatRateBp: rate === undefined ? null : Math.round(rate * 100),
      commodityGroupId: line.commodityGroupId,
      commodityGroupName: product?.commodity_group_name ?? '',
      ...(given
        ? {
            lineDiscount:
              given.kind === 'percent' ? { percent: given.percent } : { amountOffEachCents: given.cents },
          }
        : {}),
    };
  });
}

/** After a payment: the rest of a split stays on the ticket, else a new ticket starts. */
function paid(lines: readonly TicketLine[], part: TicketPart | undefined): void {
  noteSold(lines);
  if (part && part.rest.length > 0) keepRestOfTicket([...part.rest], part.ofParts);
  else clearTicket();
  requestReplay();
}
