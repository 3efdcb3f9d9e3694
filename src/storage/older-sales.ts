// Sales queued by an app from before the sales ledger (release 9fad3f1 and older: no step 0) get
// the ledger's step when this app first opens their database (the v3 upgrade), so the gateway, which
// forwards only recorded sales' writes, takes them (issue 34). Only pending and needs-attention
// sales; the kinds as ledgerKindOf (outbox/intents/ledger-body.ts) maps them, which a test checks.
// Pending sales from before v4 get their wake fields (sale-wake.ts), so the replayer finds them.
import type { IntentRecord, SaleRecord } from './records.ts';
import { LEDGER_STEP_NAME, withWake } from './sale-wake.ts';

export { LEDGER_STEP_NAME };

/** The ledger kind of an older entry; undefined: the ledger does not hold it. */
export function olderLedgerKind(sale: Pick<SaleRecord, 'kind' | 'takeBack'>): string | undefined {
  switch (sale.kind) {
    case 'cash-sale':
      return 'sale';
    case 'room-charge':
    case 'late-charge':
      return sale.kind;
    case 'charge-reversal':
      return sale.takeBack ? 'take-back' : 'void';
    case 'cash-cancellation':
      return 'refund';
    default:
      return undefined;
  }
}

/**
 * Adds a queued ledger step (step 0, before the PMS steps) to every pending or needs-attention
 * sale without one, with requests on the upgrade transaction `tx` (plain IndexedDB: it commits
 * once they are done, and opening the database resolves after that).
 */
export function addLedgerSteps(tx: IDBTransaction): void {
  const intents = tx.objectStore('intents');
  const bySale = intents.index('by-sale');
  const giveStep = (sale: SaleRecord) => {
    const kind = olderLedgerKind(sale);
    if (!kind) return;
    const stepZero = bySale.count(IDBKeyRange.only([sale.id, 0]));
    stepZero.onsuccess = () => {
      if (stepZero.result > 0) return;
      const step: IntentRecord = {
        saleId: sale.id,
        step: 0,
        revision: 0,
        name: LEDGER_STEP_NAME,
        payload: { kind },
        state: 'queued',
        attempts: 0,
        notBefore: 0,
        createdAt: Date.now(),
      };
      intents.add(step);
    };
  };
  for (const status of ['pending', 'needs-attention']) {
    const cursor = tx
      .objectStore('sales')
      .index('by-status')
      .openCursor(IDBKeyRange.bound([status, Number.NEGATIVE_INFINITY], [status, Number.POSITIVE_INFINITY]));
    cursor.onsuccess = () => {
      if (!cursor.result) return;
      giveStep(cursor.result.value as SaleRecord);
      cursor.result.continue();
    };
  }
}

/**
 * Gives every pending sale its wake fields (the v4 upgrade), with requests on the upgrade
 * transaction `tx`. `dueNow`: the upgrade also gave them the ledger's step (due at once), maybe
 * after these reads, so each is due now rather than as its intents read here imply.
 */
export function addWakeFields(tx: IDBTransaction, { dueNow }: { dueNow: boolean }): void {
  const sales = tx.objectStore('sales');
  const bySale = tx.objectStore('intents').index('by-sale');
  const cursor = sales
    .index('by-status')
    .openCursor(
      IDBKeyRange.bound(['pending', Number.NEGATIVE_INFINITY], ['pending', Number.POSITIVE_INFINITY]),
    );
  cursor.onsuccess = () => {
    if (!cursor.result) return;
    const sale = cursor.result.value as SaleRecord;
    const intents = bySale.getAll(
      IDBKeyRange.bound([sale.id, Number.NEGATIVE_INFINITY], [sale.id, Number.POSITIVE_INFINITY]),
    );
    intents.onsuccess = () => {
      const woken = withWake(sale, intents.result as IntentRecord[]);
      sales.put(dueNow ? { ...woken, wakeAt: 0, waitingSince: 0 } : woken);
    };
    cursor.result.continue();
  };
}
