// Paying the current ticket as sale-plan.ts planned it (whole, or one part of a split): checks the
// payment, records the sale in the journal and outbox (a cash sale, or a room charge), keeps its
// receipt, then clears the ticket or leaves the split's rest on it, closing the ticket in the sale's
// own transaction (paid once, however many tabs pay it). If recording fails, the ticket is untouched
// and the view gets a `SaleNotSavedError`. More in docs/sale-plan.md.
import { type CashSaleInput, type PaidTicket, recordCashSale } from '../../outbox/journal';
import type { Cents } from '../../pms/money';
import type { RoomReservation } from '../../pms/wire';
import { equalShareSale } from '../../rules/equal-share';
import { newId } from '../../rules/ids';
import { cashMethodId, changeDue } from '../../rules/payment';
import { PaymentError, SaleNotSavedError } from '../../rules/payment-errors';
import type { TicketPart } from '../../rules/split';
import type { TicketLine } from '../../rules/ticket-lines';
import { totalsOf } from '../../rules/totals';
import type { CardPaymentRecord, SaleLine, StandaloneCardRecord } from '../../storage/records';
import { catalogue, catalogueVersion, loadCatalogue, noteSold, taxClasses } from '../catalogue';
import { requestReplay, settings, tillIdentity } from '../device';
import { chargeRoom, type SaleRecord } from '../room-charge';
import { actingStaff, saleCompleted } from '../staff';
import { tableSalePaid } from '../tables';
import {
  billPartOf,
  clearTicket,
  currentTicket,
  keepRestOfTicket,
  payTicket,
  recordedAs,
  type Ticket,
  TicketEndedError,
  ticketChangesHandedOver,
} from '../ticket';
import { isCardMethod, readStandaloneReceipt, STANDALONE_TIP_MAX_CENTS } from './card-payment';
import { type ReceiptData, type ReceiptDiscount, setLastReceipt } from './receipt';

export interface CashPayment {
  paymentMethodId: number;
  templateId: number;
  /** Cash handed over; only for the cash method. */
  tenderedCents?: Cents;
  /** The part of a split being paid, or the discounted ticket; default: the whole ticket. */
  part?: TicketPart;
  /** The sale's id, fixed by sale-plan.ts `approveSale`. */
  saleId?: string;
  /** Managers' approvals asked for this sale (sale-plan.ts `approveSale`), kept on it. */
  approvals?: string[];
  /** A discount on the ticket, for the receipt: what it took off and the total before. */
  discount?: ReceiptDiscount;
  /** Paid by card through the terminal (features/payment/card-payment.ts): its data and tip, kept with the sale. */
  card?: CardPaymentRecord;
  /** The staff's word for a share of an equal split, in the lines of its part ('share', 'Anteil'). */
  shareWord?: string;
  /** Paid by card on a stand-alone terminal the till could not drive: the receipt number staff typed, the tip. */
  standaloneCard?: StandaloneCardRecord;
}

/** Charging the ticket (or a part) to a guest's room from the pay screen. */
export interface RoomPayment {
  stay: RoomReservation;
  confirmedSurname: string;
  part?: TicketPart;
  saleId?: string;
  approvals?: string[];
  shareWord?: string;
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
  const shared = shareOf(payment, ticket);
  // A part of an equal split: the VAT of the part's own lines, the ones the ledger records.
  const totals = shared
    ? {
        ...totalsOf(
          shared.lines.map((line) => ({ ...line, taxClassId: line.taxClassId ?? null })),
          taxClasses(),
        ),
        items: totalsOf(lines, taxClasses()).items,
      }
    : totalsOf(lines, taxClasses());
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
  const standaloneCard = cardTaken(method.name, payment);

  const input: CashSaleInput = {
    staff: staffName,
    ...(staffId ? { staffId } : {}),
    till: tillName,
    ...recordedAs(payment, ticket),
    ...(shared ? { share: shared.share } : {}),
    lines: shared?.lines ?? saleLines(lines),
    payment: { templateId: payment.templateId, paymentMethodId: method.id, sendInvoice: false },
    tender:
      tendered === null || change === null
        ? { method: 'card' }
        : { method: 'cash', tenderedCents: tendered, changeCents: change },
    ...(payment.discount ? { ticketDiscount: { amountCents: payment.discount.cents } } : {}),
    ...(payment.card ? { card: payment.card } : {}),
    ...(standaloneCard ? { standaloneCard } : {}),
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
    lines: (shared?.lines ?? lines).map(({ name, quantity, unitPriceCents, ...line }) => ({
      name,
      quantity,
      unitPriceCents,
      totalCents: unitPriceCents * quantity,
      ...('discount' in line && line.discount ? { discount: line.discount } : {}),
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
    ...(standaloneCard ? { standaloneCard } : {}),
  };
  setLastReceipt(receipt);
  void tableSalePaid(ticket.id, sale.id, lines, closesTicket);
  paid(lines, payment.part, shared?.bill);
  saleCompleted();
  return receipt;
}

/**
 * A card method is paid through the terminal (`card`) or on a stand-alone terminal with its receipt
 * number; never recorded as card money with neither (issue 30). Answers the stand-alone payment, if any.
 * @throws PaymentError 'card-needs-terminal', 'standalone-receipt' or 'standalone-tip' (not whole cents up to 10,000.00)
 */
function cardTaken(methodName: string, payment: CashPayment): StandaloneCardRecord | undefined {
  const byCard = isCardMethod(methodName);
  if (!payment.standaloneCard) {
    if (byCard && !payment.card) throw new PaymentError('card-needs-terminal');
    return undefined;
  }
  const receiptNumber = readStandaloneReceipt(payment.standaloneCard.receiptNumber);
  if (!byCard || payment.card) throw new PaymentError('card-needs-terminal');
  if (!receiptNumber) throw new PaymentError('standalone-receipt');
  const tipCents = payment.standaloneCard.tipCents ?? 0;
  if (!Number.isSafeInteger(tipCents) || tipCents < 0 || tipCents > STANDALONE_TIP_MAX_CENTS)
    throw new PaymentError('standalone-tip');
  return { receiptNumber, ...(tipCents > 0 ? { tipCents } : {}) };
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
  const shared = shareOf(payment, ticket);
  const charge = (closing?: PaidTicket) =>
    chargeRoom(
      payment.stay,
      payment.confirmedSurname,
      shared?.lines ?? saleLines(lines),
      Date.now(),
      { ...recordedAs(payment, ticket), ...(shared ? { share: shared.share } : {}) },
      closing,
    );
  const closesTicket = !payment.part || payment.part.rest.length === 0;
  const sale = await (closesTicket ? payTicket(ticket, charge) : charge());
  void tableSalePaid(ticket.id, sale.id, lines, closesTicket);
  paid(lines, payment.part, shared?.bill);
  return sale;
}

/**
 * For a part of an equal split (sale-plan.ts `billPartOf`): the part's own lines, one per bill line
 * at quantity 1 and the part's gross, named with the share ("Pils · Anteil 1/3"), the share of the
 * bill the ledger gets (rules/equal-share.ts), and the bill the ticket keeps for the next part.
 */
function shareOf(
  payment: { part?: TicketPart; discount?: ReceiptDiscount; shareWord?: string },
  ticket: Ticket,
): (ReturnType<typeof equalShareSale> & { bill: { id: string; lines: TicketLine[] } }) | undefined {
  const of = billPartOf(payment.part, ticket, payment.discount !== undefined, newId);
  if (!of) return undefined;
  const { lines, ...which } = of;
  return {
    ...equalShareSale(saleLines(lines), which, payment.shareWord ?? 'share'),
    bill: { id: of.billId, lines },
  };
}

/**
 * The ticket's lines as the journal keeps them: as shown, with what the sales ledger records of
 * each (the catalogue's price, tax class and VAT rate in basis points, commodity group, discount).
 */
function saleLines(lines: readonly TicketLine[]): SaleLine[] {
  const { products } = catalogue().index;
  const rates = taxClasses();
  const version = catalogueVersion();
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
      ...(version === undefined ? {} : { catalogueVersion: version }),
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
function paid(
  lines: readonly TicketLine[],
  part: TicketPart | undefined,
  bill?: { id: string; lines: TicketLine[] },
): void {
  noteSold(lines);
  if (part && part.rest.length > 0) keepRestOfTicket([...part.rest], part.ofParts, bill);
  else clearTicket();
  requestReplay();
}
