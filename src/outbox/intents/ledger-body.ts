// The sales ledger's record of a journal entry (pms/ledger-wire.ts), and which kind of record each
// kind of entry is. Pure, and built only from what an entry never changes after it is recorded
// (lines, payment, staff, times, approvals, what it refers to), so every resend carries the same
// body. docs/ledger.md says how the till's kinds map onto the ledger's.
import type {
  LedgerKind,
  LedgerLine,
  LedgerPayment,
  LedgerRecord,
  PaymentMethod,
} from '../../pms/ledger-wire.ts';
import { LEDGER_RECORD_VERSION } from '../../pms/ledger-wire.ts';
import type { CardPaymentRecord, SaleLine, SaleRecord } from '../../storage/records.ts';

/** The fields of a new entry that decide its ledger kind. */
export type LedgerKindSource = Pick<SaleRecord, 'kind' | 'takeBack'>;

/**
 * The ledger kind of a journal entry, or undefined for one the ledger does not hold (a product created).
 * @example ledgerKindOf({ kind: 'charge-reversal', takeBack: { line: 0, quantity: 1 } }) === 'take-back'
 */
export function ledgerKindOf(entry: LedgerKindSource): LedgerKind | undefined {
  switch (entry.kind) {
    case 'cash-sale':
      return 'sale';
    case 'room-charge':
      return 'room-charge';
    case 'late-charge':
      return 'late-charge';
    case 'charge-reversal':
      return entry.takeBack ? 'take-back' : 'void';
    case 'cash-cancellation':
      return 'refund';
    case 'shift-close':
      return 'shift-close';
    case 'shift-open':
      return 'shift-open';
    case 'product-creation':
      return undefined;
  }
}

/** Kinds whose lines go out of the till: their quantities are negative on the ledger. */
const TAKES_BACK: readonly LedgerKind[] = ['void', 'take-back', 'refund'];

/**
 * The record of `sale` as the ledger takes it (`POST /till/sales`).
 * @example await pms.recordLedgerSale(ledgerRecordOf(sale, 'sale'));
 */
export function ledgerRecordOf(sale: SaleRecord, kind: LedgerKind): LedgerRecord {
  const sign = TAKES_BACK.includes(kind) ? -1 : 1;
  const ownLines = sale.lines.map((line) => ledgerLine(line, sign));
  const totalCents = ownLines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  // A part of an equal split: the ledger gets the whole bill's lines and works out the part's.
  const share = kind === 'sale' || kind === 'room-charge' ? sale.share : undefined;
  const lines = share ? share.billLines.map((line) => ledgerLine(line, 1)) : ownLines;
  const refersTo = sale.reverses ?? sale.lateChargeOf ?? sale.cancels?.saleId;
  return {
    v: LEDGER_RECORD_VERSION,
    saleId: sale.id,
    reference: sale.reference,
    kind,
    createdAt: new Date(sale.createdAt).toISOString(),
    staffId: sale.staffId ?? null,
    lines,
    payments: paymentsOf(sale, kind, totalCents),
    totalCents,
    ...catalogueVersionOf(sale),
    ...(sale.ticketDiscount ? { ticketDiscount: { ...sale.ticketDiscount } } : {}),
    ...(sale.room
      ? {
          room: {
            roomReservationId: sale.room.roomReservationId,
            ...(sale.room.roomNumber ? { roomNumber: sale.room.roomNumber } : {}),
            ...(sale.room.guestName ? { guestName: sale.room.guestName } : {}),
          },
        }
      : {}),
    ...(refersTo ? { refersTo } : {}),
    ...(sale.takeBack ? { takeBack: { ...sale.takeBack } } : {}),
    ...(sale.split ? { split: true as const } : {}),
    ...(share
      ? {
          share: {
            billId: share.billId,
            part: share.part,
            parts: share.parts,
            billCents: lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0),
          },
        }
      : {}),
    ...(sale.reason ? { reason: sale.reason.slice(0, 300) } : {}),
    approvals: [...(sale.approvals ?? [])],
    ...(sale.shift ? { shift: { ...sale.shift } } : {}),
  };
}

/** The catalogue version the sale was made from (the server judges its prices by it), where known. */
function catalogueVersionOf(sale: SaleRecord): { catalogueVersion?: number } {
  const version = sale.lines.find((line) => line.catalogueVersion !== undefined)?.catalogueVersion;
  return version === undefined ? {} : { catalogueVersion: version };
}

function ledgerLine(line: SaleLine, sign: 1 | -1): LedgerLine {
  const percent = line.lineDiscount?.percent;
  const amountOff = line.lineDiscount?.amountOffEachCents;
  return {
    productId: line.productId,
    name: line.name,
    quantity: sign * Math.abs(line.quantity),
    unitPriceCents: line.unitPriceCents,
    cataloguePriceCents: line.cataloguePriceCents ?? null,
    vatRateBp: line.vatRateBp ?? null,
    taxClassId: line.taxClassId ?? null,
    commodityGroupId: line.commodityGroupId ?? null,
    commodityGroupName: (line.commodityGroupName ?? '').slice(0, 120),
    ...(percent !== undefined || amountOff !== undefined
      ? {
          discount: {
            ...(percent !== undefined ? { percent } : {}),
            ...(amountOff !== undefined ? { amountOffEachCents: amountOff } : {}),
          },
        }
      : {}),
  };
}

/**
 * The payments of a record. A sale paid at the till says cash (handed over, change) or card; one
 * recorded without that (an older caller) says `invoice`: paid on the PMS invoice by its method.
 */
function paymentsOf(sale: SaleRecord, kind: LedgerKind, totalCents: number): LedgerPayment[] {
  const method: PaymentMethod | undefined =
    kind === 'sale' || kind === 'refund'
      ? (sale.tender?.method ?? 'invoice')
      : kind === 'room-charge' || kind === 'void' || kind === 'take-back'
        ? 'room'
        : kind === 'late-charge'
          ? 'invoice'
          : undefined;
  if (!method) return [];
  const tender = kind === 'sale' && sale.tender?.method === 'cash' ? sale.tender : undefined;
  const pmsMethod = kind === 'sale' || kind === 'refund' ? sale.payment?.paymentMethodId : undefined;
  // Paid (or given back) through the terminal: the card's data and the tip, the tip apart from the amount.
  const card = (kind === 'sale' || kind === 'refund') && sale.card ? sale.card : undefined;
  const sign = kind === 'refund' ? -1 : 1;
  // Taken (or given back) on a stand-alone terminal the till could not drive: its receipt number, the tip.
  const standalone = (kind === 'sale' || kind === 'refund') && !card ? sale.standaloneCard : undefined;
  const standaloneTip = standalone?.tipCents ?? 0;
  return [
    {
      method: card || standalone ? 'card' : method,
      ...(standalone ? { standalone: { receiptNumber: standalone.receiptNumber } } : {}),
      amountCents: totalCents,
      ...(pmsMethod !== undefined ? { pmsPaymentMethodId: pmsMethod } : {}),
      ...(tender?.tenderedCents !== undefined ? { tenderedCents: tender.tenderedCents } : {}),
      ...(tender?.changeCents !== undefined ? { changeCents: tender.changeCents } : {}),
      ...(card ? { tipCents: sign * card.tipCents, card: terminalDataOf(card) } : {}),
      ...(standaloneTip > 0 ? { tipCents: sign * standaloneTip } : {}),
    },
  ];
}

/** The terminal's data of a card payment as the ledger keeps it (docs/ledger.md "Card payments"). */
function terminalDataOf(card: CardPaymentRecord): Record<string, string | number> {
  return {
    paymentNo: card.paymentNo,
    brand: card.brand,
    maskedPan: card.maskedPan,
    terminalId: card.terminalId,
    traceNumber: card.traceNumber,
    receiptNumber: card.receiptNumber,
    ...(card.tipFrom ? { tipFrom: card.tipFrom } : {}),
  };
}
