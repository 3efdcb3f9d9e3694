// What the ledger hands the fiscal driver for one sale (docs/fiscal.md, "Input"), and what comes
// back. Plain data, integer cents; the VAT slots are the DSFinV-K VAT ids 1-5 (1 normal 19 %,
// 2 reduced 7 %, 3 and 4 the average rates, 5 zero). checkFiscalSale refuses a malformed sale with
// the field named, before anything is written.

export const SALE_KINDS = ['sale', 'room-charge', 'void', 'late-charge'] as const;
/** sale: paid at the till (Beleg); room-charge: to the PMS folio (AVTransfer); void: a void or
 * refund of an earlier sale (AVBelegstorno); late-charge: invoiced to the guest (AVRechnung). */
export type SaleKind = (typeof SALE_KINDS)[number];

export type VatId = 1 | 2 | 3 | 4 | 5;

export interface FiscalSale {
  /** The ledger's sale id: the same sale always has the same id (resends, restarts). */
  saleId: string;
  kind: SaleKind;
  /** When the till recorded the sale (ISO 8601); the receipt's time in an outage. */
  recordedAt: string;
  /** When the tablet made it (its clock, ISO 8601): one that reached the server more than
   * FISCAL_ANSWER_WAIT_MS later had a receipt that said the TSE was out. */
  madeAt?: string;
  /** Gross cents per DSFinV-K VAT id; missing ids are 0. Negative for a void. */
  grossCentsByVatId: Partial<Record<VatId, number>>;
  /** Paid at the till, in cents (negative for a refund). Both 0 for a room charge or late charge,
   * and for a void of a room charge (nothing is paid back at the till). `roomCents`: of nonCashCents,
   * what a sale put on a room (Austria signs only the rest). */
  payments: { cashCents: number; nonCashCents: number; roomCents?: number };
  /** Gross cents per VAT rate in basis points ('none': no tax class): Austria's rate fields. */
  grossCentsByRateBp?: Record<string, number>;
  /** The ledger's position of the record (Austria signs in this order). */
  seq?: number;
  /** A training sale (Austria: a training receipt, no turnover). */
  training?: boolean;
  references?: {
    /** The PMS reservation a room charge goes to (required for room-charge). */
    reservationId?: string;
    /** The sale a void reverses (required for void). */
    originalSaleId?: string;
    /** The PMS invoice, where one exists. */
    invoiceId?: string;
  };
}

export class FiscalInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'FiscalInputError';
  }
}

/** The sale's total gross in cents. */
export const grossTotal = (sale: FiscalSale) =>
  Object.values(sale.grossCentsByVatId).reduce((sum, cents) => sum + (cents ?? 0), 0);

/** Throws FiscalInputError naming the first wrong field. */
export function checkFiscalSale(sale: FiscalSale): void {
  const cents = (value: unknown, field: string) => {
    if (!Number.isSafeInteger(value)) throw new FiscalInputError(field, `${field} must be whole cents`);
  };
  if (typeof sale.saleId !== 'string' || sale.saleId.length < 1 || sale.saleId.length > 100)
    throw new FiscalInputError('saleId', 'saleId must be 1 to 100 characters');
  if (!SALE_KINDS.includes(sale.kind))
    throw new FiscalInputError('kind', `kind must be one of ${SALE_KINDS.join(', ')}`);
  if (typeof sale.recordedAt !== 'string' || Number.isNaN(Date.parse(sale.recordedAt)))
    throw new FiscalInputError('recordedAt', 'recordedAt must be an ISO time');
  for (const [id, value] of Object.entries(sale.grossCentsByVatId ?? {})) {
    if (!['1', '2', '3', '4', '5'].includes(id))
      throw new FiscalInputError('grossCentsByVatId', `VAT id ${id} is not a DSFinV-K id 1-5`);
    cents(value, `grossCentsByVatId.${id}`);
  }
  cents(sale.payments?.cashCents, 'payments.cashCents');
  cents(sale.payments?.nonCashCents, 'payments.nonCashCents');
  const paid = sale.payments.cashCents + sale.payments.nonCashCents;
  const paidAtTill = sale.kind === 'sale' || sale.kind === 'void';
  // A void of a room charge (or a take-back from one) gives nothing back at the till: no payments.
  const voidOfTransfer =
    sale.kind === 'void' && sale.payments.cashCents === 0 && sale.payments.nonCashCents === 0;
  if (paidAtTill && paid !== grossTotal(sale) && !voidOfTransfer)
    throw new FiscalInputError('payments', 'payments must add up to the gross total');
  if (!paidAtTill && paid !== 0)
    throw new FiscalInputError('payments', `a ${sale.kind} is not paid at the till: payments must be 0`);
  if (sale.kind === 'room-charge' && !sale.references?.reservationId)
    throw new FiscalInputError('references.reservationId', 'a room charge names its reservation');
  if (sale.kind === 'void' && !sale.references?.originalSaleId)
    throw new FiscalInputError('references.originalSaleId', 'a void names the sale it reverses');
}

/** VAT rate in basis points -> DSFinV-K VAT id (UST_SCHLUESSEL). */
const VAT_IDS: Record<number, VatId> = { 1900: 1, 700: 2, 1070: 3, 550: 4, 0: 5 };

/**
 * The DSFinV-K VAT id of a rate in basis points. A rate that is not a German one, or none (a product
 * without a tax class), goes as id 5, as the ledger's DSFinV-K source has it
 * (src/server/ledger/closing/dsfinvk-source.ts), so the TSE's processData and the export agree ⚖:
 * every product sold in Germany needs a German tax class (docs/fiscal.md).
 */
export function vatIdOfRate(rateBp: number | null): VatId {
  return rateBp === null ? 5 : (VAT_IDS[rateBp] ?? 5);
}
