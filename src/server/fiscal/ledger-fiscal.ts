// The bridge from the sales ledger to the fiscal driver (docs/fiscal.md, "The ledger and the
// driver"). Owns: a ledger record as the driver's `FiscalSale` (kind, VAT ids, cash/non-cash,
// references), signing a record after the ledger's own transaction (`settled`, started by the
// first to ask: the receipt printer's hook or the recording route's `afterRecord`, which share one
// signing; a resend gets the first outcome, never a second TSE transaction), and the fiscal block a
// listed sale carries. Shift events are not sales: not signed.

import { serverLog } from '../../node-http/log.ts';
import type { FiscalReceipt } from '../../pms/fiscal-wire.ts';
import type { LedgerRecord, LedgerRecordAnswer } from '../../pms/ledger-wire.ts';
import type { HubDb } from '../hub/hub-db.ts';
import { createLedgerFeed } from './at/ledger-feed.ts';
import type { DsfinvkClosing } from './de/dsfinvk/closing.ts';
import { createLedgerClosings } from './de/dsfinvk/from-ledger.ts';
import type { FiscalControl } from './fiscal-control.ts';
import type { FiscalCountry, FiscalMark } from './fiscal-driver.ts';
import { type FiscalSale, type SaleKind, type VatId, vatIdOfRate } from './fiscal-sale.ts';

/** The ledger record's kind as the fiscal driver knows it (BON_TYP in docs/fiscal.md); null: not a sale. */
export const FISCAL_KIND_OF_LEDGER: Record<LedgerRecord['kind'], SaleKind | null> = {
  sale: 'sale', // Beleg
  'room-charge': 'room-charge', // AVTransfer
  'late-charge': 'late-charge', // AVRechnung
  void: 'void', // AVBelegstorno
  'take-back': 'void', // AVBelegstorno (a part of the room charge)
  refund: 'void', // AVBelegstorno
  'shift-open': null,
  'shift-close': null,
};

/** The record as the fiscal driver's input; null for a shift event. */
export function fiscalSaleOf(record: LedgerRecord, recordedAt: string, seq?: number): FiscalSale | null {
  const kind = FISCAL_KIND_OF_LEDGER[record.kind];
  if (!kind) return null;
  const grossCentsByVatId: Partial<Record<VatId, number>> = {};
  const grossCentsByRateBp: Record<string, number> = {};
  for (const line of record.lines) {
    const id = vatIdOfRate(line.vatRateBp);
    grossCentsByVatId[id] = (grossCentsByVatId[id] ?? 0) + line.unitPriceCents * line.quantity;
    const rate = line.vatRateBp === null ? 'none' : String(line.vatRateBp);
    grossCentsByRateBp[rate] = (grossCentsByRateBp[rate] ?? 0) + line.unitPriceCents * line.quantity;
  }
  let cashCents = 0;
  let nonCashCents = 0;
  let roomCents = 0;
  if (kind === 'sale' || kind === 'void') {
    for (const payment of record.payments) {
      // The tip is signed as the Bon has it (docs/fiscal.md "Tips"): in the payment, and as a line
      // of its own at VAT id 5 (TrinkgeldAN: owed to staff, no VAT), negative when given back.
      const tip = payment.method === 'room' || payment.method === 'invoice' ? 0 : (payment.tipCents ?? 0);
      if (tip !== 0) grossCentsByVatId[5] = (grossCentsByVatId[5] ?? 0) + tip;
      if (payment.method === 'cash') cashCents += payment.amountCents + tip;
      // A sale paid at the till without knowing how (`invoice`) counts as non-cash (Unbar); a
      // void's `room` or `invoice` payment is not money at the till.
      else if (payment.method === 'card' || kind === 'sale') nonCashCents += payment.amountCents + tip;
      if (payment.method === 'room' && kind === 'sale') roomCents += payment.amountCents;
    }
  }
  const references: FiscalSale['references'] = {};
  if (kind === 'room-charge')
    references.reservationId = String(record.room?.roomReservationId ?? record.reference);
  if (record.refersTo) references.originalSaleId = record.refersTo;
  return {
    saleId: record.saleId,
    kind,
    recordedAt,
    madeAt: record.createdAt,
    grossCentsByVatId,
    grossCentsByRateBp,
    payments: { cashCents, nonCashCents, ...(roomCents ? { roomCents } : {}) },
    references,
    ...(seq === undefined ? {} : { seq }),
  };
}

/** The wire block of a driver's mark; undefined where no fiscal law applies. */
export function fiscalReceiptOfMark(mark: FiscalMark | undefined): FiscalReceipt | undefined {
  if (!mark || mark.status === 'not-required') return undefined;
  return {
    status: mark.status,
    lines: mark.lines,
    qrCode: mark.qrCode,
    ...(mark.tse ? { tse: mark.tse } : {}),
    ...(mark.outage ? { outage: mark.outage } : {}),
  };
}

/** What the recording route needs: a stored record's body by sale id. */
export interface LedgerFiscalOptions {
  fiscal: FiscalControl;
  storedBody: (saleId: string) => string | undefined;
  /** The stored record's ledger position (Austria signs in the ledger's order). */
  storedSeq?: (saleId: string) => number | undefined;
  /** The ledger's database: Austria signs records left unsigned (a crash) in their place. */
  db?: HubDb;
}

export interface LedgerFiscal {
  /**
   * The committed record's fiscal block once its signing settled (signed, or marked as an outage:
   * within the driver's 3 s); undefined where no fiscal law applies or for a shift event. Never
   * rejects. Callers at the same time share one signing.
   */
  settled(record: { saleId: string; recordedAt: string }): Promise<FiscalReceipt | undefined>;
  /** Signs the committed record (within the driver's 3 s); the answer's extra fields. */
  afterRecord(answer: LedgerRecordAnswer): Promise<{ fiscalCountry: FiscalCountry; fiscal?: FiscalReceipt }>;
  /** The fiscal block of an earlier record (a listed sale); marked "signed later" where it was. */
  listed(saleId: string): { fiscal?: FiscalReceipt };
}

export function createLedgerFiscal({ fiscal, storedBody, storedSeq, db }: LedgerFiscalOptions): LedgerFiscal {
  if (db) fiscal.attachLedger(createLedgerFeed(db, fiscalSaleOf));
  // Signings under way, by sale id (a settled one is dropped: the driver answers a repeat itself).
  const underWay = new Map<string, Promise<FiscalReceipt | undefined>>();

  const sign = async (saleId: string, recordedAt: string): Promise<FiscalReceipt | undefined> => {
    if (fiscal.country() === 'none') return undefined;
    const body = storedBody(saleId);
    if (!body) return undefined;
    const sale = fiscalSaleOf(JSON.parse(body) as LedgerRecord, recordedAt, storedSeq?.(saleId));
    if (!sale) return undefined;
    try {
      return fiscalReceiptOfMark(await fiscal.driver().sign(sale));
    } catch (error) {
      // The record is stored: a sale the driver cannot take must not turn into a failed recording.
      serverLog().error(
        { component: 'fiscal', saleId, err: error },
        'the fiscal driver could not take a recorded sale',
      );
      return undefined;
    }
  };

  const settled: LedgerFiscal['settled'] = ({ saleId, recordedAt }) => {
    const running = underWay.get(saleId);
    if (running) return running;
    const signing = sign(saleId, recordedAt).finally(() => underWay.delete(saleId));
    underWay.set(saleId, signing);
    return signing;
  };

  return {
    settled,
    async afterRecord(answer) {
      const block = await settled(answer);
      // The country on every answer: the tablet's own outage receipt follows its law (a room
      // charge has no block, so the block alone would not tell it).
      return { fiscalCountry: fiscal.country(), ...(block ? { fiscal: block } : {}) };
    },
    listed(saleId) {
      if (fiscal.country() === 'none') return {};
      const block = fiscalReceiptOfMark(fiscal.driver().reprint(saleId));
      return block ? { fiscal: block } : {};
    },
  };
}

/** The till software's version in the export (package.json's). */
const TILL_SOFTWARE_VERSION = '0.1.0';

/**
 * The DSFinV-K input of the hotel's Z closings fromZ..toZ, read from the ledger's tables
 * (dsfinvk/from-ledger.ts) with the German driver's TSE data; none while Germany is not chosen.
 */
export function ledgerClosings(hub: { db: HubDb }, fiscal: FiscalControl) {
  return (fromZ: number, toZ: number, certificate: string): DsfinvkClosing[] => {
    const german = fiscal.german();
    if (!german) return [];
    return createLedgerClosings({
      db: hub.db,
      store: german.store,
      business: () => fiscal.business(),
      softwareVersion: TILL_SOFTWARE_VERSION,
    })(fromZ, toZ, certificate);
  };
}
