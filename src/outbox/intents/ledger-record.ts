// The first step of every sale: record it on the till server's sales ledger (`POST /till/sales`) before
// any PMS step runs, with a body built at replay time from the journal's SaleRecord (ledger-body.ts).
// Unknown outcome: sent again, and the server answers a resend with the first answer; a refusal (409
// `sale_conflict`, 403) makes the sale need attention. docs/ledger.md; docs/outbox.md, "Unknown outcomes".
import {
  type FiscalCountryCode,
  type FiscalReceipt,
  fiscalCountryOf,
  fiscalReceiptOf,
} from '../../pms/fiscal-wire.ts';
import type { LedgerKind, LedgerRecordAnswer } from '../../pms/ledger-wire.ts';
import type { IntentDefinition } from './definition.ts';
import { ledgerRecordOf } from './ledger-body.ts';

export const RECORD_IN_LEDGER = 'ledger.record@1';

/** What the journal entry does not say: which kind of ledger record the sale is. */
export interface RecordInLedgerPayload {
  kind: LedgerKind;
}

/** The ledger's answer: its order, the outlet's receipt number, and the fiscal block where the
 * hotel has a fiscal country (the TSE's data or the outage mark, for the receipt). */
export type RecordedInLedger = Pick<LedgerRecordAnswer, 'seq' | 'receiptNumber' | 'recordedAt'> & {
  fiscal?: FiscalReceipt;
  /** The hub's fiscal country, as it said (older servers do not). */
  fiscalCountry?: FiscalCountryCode;
};

export const recordInLedger: IntentDefinition<RecordInLedgerPayload, RecordedInLedger> = {
  name: RECORD_IN_LEDGER,
  operation: 'recordLedgerSale',
  title: 'Record the sale on the till server',
  async send(pms, payload, context) {
    const answer = await pms.recordLedgerSale(ledgerRecordOf(context.sale, payload.kind));
    const fiscal = fiscalReceiptOf(answer);
    const fiscalCountry = fiscalCountryOf(answer);
    return {
      seq: answer.seq,
      receiptNumber: answer.receiptNumber,
      recordedAt: answer.recordedAt,
      ...(fiscal ? { fiscal } : {}),
      ...(fiscalCountry ? { fiscalCountry } : {}),
    };
  },
  async reconcile() {
    return {
      outcome: 'not-applied',
      note: 'The till server keeps a sale once by its id: recording it again gets the first answer.',
    };
  },
};
