// Completing a cash sale from the current ticket. Owns: checking the payment (a method and a
// template chosen; for cash, enough tendered), recording the sale in the journal and outbox
// (`recordCashSale`: instant, online or offline; the page replayer sends it, see pms.ts), the
// receipt, and only then clearing the ticket. Invariant: if recording fails, whatever the cause
// (IndexedDB, storage full, a missing browser API), the ticket is untouched and the view gets a
// `SaleNotSavedError` to put in words; it never fails silently.
import { recordCashSale } from '../outbox/journal';
import type { Cents } from '../pms/money';
import { cashMethodId, changeDue, PaymentError, SaleNotSavedError } from '../rules/payment';
import { reportSale } from './audit-later';
import { catalogue } from './catalogue';
import { requestReplay } from './pms';
import { noteSold } from './quick-keys';
import { type ReceiptData, setLastReceipt } from './receipt';
import { settings } from './settings';
import { actingStaff, saleCompleted } from './staff-session';
import { clearTicket, currentTicket, ticketTotals } from './ticket';

export interface CashPayment {
  paymentMethodId: number;
  templateId: number;
  /** Cash handed over; only for the cash method. */
  tenderedCents?: Cents;
}

export { PaymentError, SaleNotSavedError };

/**
 * Records the current ticket as a cash-register sale and returns its receipt; the ticket is then
 * cleared. Resolves as soon as the sale is safely in IndexedDB, whether or not the PMS is reachable.
 * @example const receipt = await completeCashSale({ paymentMethodId: 1, templateId: 3, tenderedCents: 2000 });
 */
export async function completeCashSale(payment: CashPayment): Promise<ReceiptData> {
  const ticket = currentTicket();
  const totals = ticketTotals();
  const { payment_methods: methods, invoice_templates: templates } = catalogue().paymentOptions;
  const { tillName, outletName, currency, cashPaymentMethodId } = settings();
  const { staff: staffName, staffId } = actingStaff();
  const method = methods.find((m) => m.id === payment.paymentMethodId);
  if (ticket.lines.length === 0) throw new PaymentError('empty-ticket');
  if (!method) throw new PaymentError('no-method');
  if (!templates.some((t) => t.id === payment.templateId)) throw new PaymentError('no-template');
  const isCash = cashMethodId(methods, cashPaymentMethodId) === method.id;
  const tendered = isCash ? (payment.tenderedCents ?? totals.grossCents) : null;
  const change = tendered === null ? null : changeDue(totals.grossCents, tendered);
  if (tendered !== null && change === null) throw new PaymentError('tendered-too-little');

  const sale = await recordCashSale({
    staff: staffName,
    ...(staffId ? { staffId } : {}),
    till: tillName,
    lines: ticket.lines.map(({ productId, name, quantity, unitPriceCents }) => ({
      productId,
      name,
      quantity,
      unitPriceCents,
    })),
    payment: { templateId: payment.templateId, paymentMethodId: method.id, sendInvoice: false },
  }).catch((error: unknown) => {
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
    lines: ticket.lines.map(({ name, quantity, unitPriceCents }) => ({
      name,
      quantity,
      unitPriceCents,
      totalCents: unitPriceCents * quantity,
    })),
    note: ticket.note,
    totals,
    paymentMethodName: method.name,
    isCash,
    tenderedCents: tendered,
    changeCents: change,
    currency,
  };
  setLastReceipt(receipt);
  noteSold(ticket.lines);
  clearTicket();
  requestReplay();
  reportSale('sale', sale);
  saleCompleted();
  return receipt;
}
