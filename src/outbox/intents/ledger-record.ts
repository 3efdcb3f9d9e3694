// The first step of every sale: record it on the till server's sales ledger (`POST /till/sales`,
// docs/ledger.md) before any PMS step runs. The body is built at replay time from the journal's
// SaleRecord (ledger-body.ts), the same every time, so a resend is answered with the stored answer.
//
// Unknown outcome: sent again. The server keeps each sale once by its id, so a resend after a lost
// answer gets the first answer, never a second record. A refusal (409 `sale_conflict`: another body
// under this id; 403: an approval the server does not take) makes the sale need attention, its
// later steps held; sync-problems.ts says it in staff words by the refusal's code.
import type { LedgerKind, LedgerRecordAnswer } from '../../pms/ledger-wire.ts';
import type { IntentDefinition } from './definition.ts';
import { ledgerRecordOf } from './ledger-body.ts';

export const RECORD_IN_LEDGER = 'ledger.record@1';

/** What the journal entry does not say: which kind of ledger record the sale is. */
export interface RecordInLedgerPayload {
  kind: LedgerKind;
}

/** The ledger's answer: its order and the outlet's receipt number. */
export type RecordedInLedger = Pick<LedgerRecordAnswer, 'seq' | 'receiptNumber' | 'recordedAt'>;

export const recordInLedger: IntentDefinition<RecordInLedgerPayload, RecordedInLedger> = {
  name: RECORD_IN_LEDGER,
  operation: 'recordLedgerSale',
  title: 'Record the sale on the till server',
  async send(pms, payload, context) {
    const answer = await pms.recordLedgerSale(ledgerRecordOf(context.sale, payload.kind));
    return { seq: answer.seq, receiptNumber: answer.receiptNumber, recordedAt: answer.recordedAt };
  },
  async reconcile() {
    return {
      outcome: 'not-applied',
      note: 'The till server keeps a sale once by its id: recording it again gets the first answer.',
    };
  },
};
