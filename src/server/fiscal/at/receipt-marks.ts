// A sale's fiscal mark from the Austrian register's records (docs/fiscal.md, "Austria"): signed or
// failed with its QR code and lines, waiting for fiskaly (no QR), or not signed at all (a transfer
// to the PMS: the receipt says so). Reprints read the same records: a printed receipt never changes.
// A special receipt's printout (title, BAO lines, QR code) from its DEP row.
import type { FiscalMark } from '../fiscal-driver.ts';
import type { DepStore, ReceiptRow } from './dep-store.ts';
import { ROOM_CHARGE_LINE, rksvReceiptLines, TITLES } from './receipt-lines.ts';
import { qrOfJws } from './rksv-core.ts';

/** The mark of a treated sale; undefined before its treatment. */
export function markOfSale(store: DepStore, saleId: string, test: boolean): FiscalMark | undefined {
  const treatment = store.treatment(saleId);
  if (!treatment) return undefined;
  const register = store.register();
  if (treatment.treatment !== 'receipt' || !register)
    return {
      saleId,
      status: 'not-required',
      lines: treatment.treatment === 'transfer' ? [ROOM_CHARGE_LINE] : [],
      qrCode: null,
    };
  const receipt = store.receiptsOfSale(saleId).at(-1);
  const split =
    treatment.signedCents !== treatment.grossCents
      ? {
          split: {
            signedCents: treatment.signedCents,
            roomCents: treatment.grossCents - treatment.signedCents,
          },
        }
      : {};
  if (!receipt?.jws) {
    // fiskaly could not be reached: the request waits, the receipt says the unit is out.
    const outage = store.openOutage();
    return {
      saleId,
      status: 'unsigned',
      lines: rksvReceiptLines({ register, jws: null, signed: false, test, ...split }),
      qrCode: null,
      outage: { recordedAt: treatment.recordedAt, since: outage?.startedAt ?? treatment.recordedAt },
    };
  }
  const outage = receipt.outageId ? store.outages().find((o) => o.id === receipt.outageId) : undefined;
  return {
    saleId,
    status: receipt.signed ? 'signed' : 'unsigned',
    lines: rksvReceiptLines({
      register,
      jws: receipt.jws,
      signed: receipt.signed,
      test,
      ...split,
    }),
    qrCode: qrOfJws(receipt.jws),
    ...(receipt.signed
      ? {}
      : { outage: { recordedAt: treatment.recordedAt, since: outage?.startedAt ?? receipt.createdAt } }),
  };
}

/** A special receipt as the hub prints it: its title, the BAO lines and its QR code. */
export interface SpecialReceiptPrint {
  receiptNumber: string;
  title: string;
  /** When it was stored (ms). */
  createdAt: number;
  lines: string[];
  qrCode: string | null;
}

/** Prints a special receipt (a `copyId`: printed again); throws where the hub has no receipt printer. */
export type SpecialReceiptPrinter = (receipt: SpecialReceiptPrint, copyId?: string) => unknown;

/** What the hub prints of the special receipt `row` (Start-, Monats-, Jahres-, Null-, Sammel-, Schlussbeleg). */
export function markOfSpecial(store: DepStore, row: ReceiptRow, test: boolean): SpecialReceiptPrint {
  const title = TITLES[row.purpose] ?? row.purpose;
  const register = store.register();
  return {
    receiptNumber: row.receiptNumber,
    title,
    createdAt: Date.parse(row.createdAt),
    lines: register
      ? rksvReceiptLines({ register, jws: row.jws || null, signed: row.signed, test, title })
      : [title],
    qrCode: row.jws ? qrOfJws(row.jws) : null,
  };
}
