// A sale's fiscal mark from the Austrian register's records (docs/fiscal.md, "Austria"): signed or
// failed with its QR code and lines, waiting for fiskaly (no QR), or not signed at all (a transfer
// to the PMS: the receipt says so). Reprints read the same records: a printed receipt never changes.
import type { FiscalMark } from '../fiscal-driver.ts';
import type { DepStore } from './dep-store.ts';
import { ROOM_CHARGE_LINE, rksvReceiptLines } from './receipt-lines.ts';
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
