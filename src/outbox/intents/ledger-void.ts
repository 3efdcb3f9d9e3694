// `ledger.void@1`: a voided sale's void reaches the sales ledger (with the approver and the reason), so
// the Z, the TSE and the export see it: after the sale itself when the till server did not know the sale
// yet, alone when it did. The records are built when the void is written (neither changes after) and
// sent in that order; the ledger keeps each once by its id, so a resend after a lost answer is safe. docs/outbox.md.
import type { LedgerRecord, LedgerRecordAnswer } from '../../pms/ledger-wire.ts';
import type { IntentDefinition } from './definition.ts';

export const RECORD_VOID_IN_LEDGER = 'ledger.void@1';

export interface RecordVoidPayload {
  /** The voided sale's own record, as its `ledger.record@1` step would have sent it; absent when that step did. */
  sale?: LedgerRecord;
  /** The void: the sale's lines and payments taken back, naming the sale (`refersTo`). */
  void: LedgerRecord;
}

type Recorded = Pick<LedgerRecordAnswer, 'seq' | 'receiptNumber'>;
export type RecordedVoid = { sale?: Recorded; void: Recorded };

export const recordVoidInLedger: IntentDefinition<RecordVoidPayload, RecordedVoid> = {
  name: RECORD_VOID_IN_LEDGER,
  operation: 'recordLedgerSale',
  title: 'Record the voided sale and its void on the till server',
  async send(pms, payload) {
    const sale = payload.sale ? await pms.recordLedgerSale(payload.sale) : undefined;
    const voided = await pms.recordLedgerSale(payload.void);
    return {
      ...(sale ? { sale: { seq: sale.seq, receiptNumber: sale.receiptNumber } } : {}),
      void: { seq: voided.seq, receiptNumber: voided.receiptNumber },
    };
  },
  async reconcile() {
    return {
      outcome: 'not-applied',
      note: 'The till server keeps each record once by its id: sending both again gets the first answers.',
    };
  },
};
