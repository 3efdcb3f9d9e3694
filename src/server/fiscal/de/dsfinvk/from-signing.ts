// The DSFinV-K records that come from signing rather than from the ledger: a sale's
// transactions_tse row (with TSE_TA_FEHLER for a sale signed late) and the tse.csv master row.
import type { FiscalSaleRow, TseSetup } from '../fiscal-store.ts';
import type { DsfinvkTse, DsfinvkTseTransaction } from './closing.ts';

/** TSE_TA_FEHLER of a sale the TSE signed only after an outage (our wording; docs/fiscal.md). */
export const SIGNED_LATE_ERROR = 'TSE ausgefallen; nachträglich signiert';

/** The sale's TSE record; none for a sale not (yet) signed: DSFinV-K then has no transactions_tse row. */
export function tseTransactionOf(row: FiscalSaleRow, tseId = 1): DsfinvkTseTransaction | undefined {
  const signed = row.signature;
  if (row.status !== 'signed' || !signed) return undefined;
  return {
    tseId,
    txNumber: signed.txNumber,
    start: signed.timeStart,
    end: signed.timeEnd,
    processType: signed.processType,
    signatureCounter: signed.signatureCounter,
    signature: signed.signature,
    processData: signed.processData,
    ...(row.signedLate ? { error: SIGNED_LATE_ERROR } : {}),
  };
}

/** The tse.csv row of the set-up TSE. */
export function tseMasterOf(setup: TseSetup, certificate: string, id = 1): DsfinvkTse {
  return {
    id,
    serial: setup.tseSerial,
    algorithm: 'ecdsa-plain-SHA256',
    timeFormat: 'unixTime',
    encoding: 'UTF-8',
    publicKey: setup.publicKey,
    certificate,
  };
}
