// Signs sales with the TSE (fiskaly SIGN DE v2 or the embedded test TSE). Owns: the transaction id
// from the sale id (a resend or restart never starts a second transaction), start + finish within
// the sale's 3 s budget, and what happens when that fails: the sale is marked unsigned at once, an
// outage is journaled (start, cause; its end when the TSE answers again), and the late-signing queue
// signs each unsigned sale once when the TSE is back (marked signed late: DSFinV-K TSE_TA_FEHLER).
import { createHash } from 'node:crypto';
import { FISCAL_ANSWER_WAIT_MS } from '../../../pms/fiscal-wire.ts';
import { checkFiscalSale, type FiscalSale, type VatId } from '../fiscal-sale.ts';
import type { FiscalSaleRow, FiscalStore, OutageRow, TseSignature } from './fiscal-store.ts';
import { type FiskalyClient, FiskalyError, type TxAnswer } from './fiskaly-client.ts';
import {
  checkFiscalOrder,
  type FiscalOrder,
  ORDER_PROCESS_TYPE,
  orderProcessDataOf,
  standardOrderOf,
} from './order-data.ts';
import { amountString, type ReceiptType, type StandardReceipt, VAT_RATES } from './process-data.ts';
import { parseQrCode } from './qr-code.ts';

/** No sale waits longer for the TSE (issue 23). */
export const SALE_BUDGET_MS = 3000;
/** How often the service asks whether the TSE is back during an outage. */
export const PROBE_MS = 15_000;

/** The outage journal's cause for sales a tablet made while cut off from the server (ours). */
export const TABLET_CUT_OFF = 'Kasse ohne Verbindung zum Server / till cut off from the server';

/** Whether the sale reached the server later than its tablet's receipt waited for a signature. */
export function tabletWasCutOff(sale: Pick<FiscalSale, 'madeAt' | 'recordedAt'>): boolean {
  if (!sale.madeAt) return false;
  return Date.parse(sale.recordedAt) - Date.parse(sale.madeAt) > FISCAL_ANSWER_WAIT_MS;
}

const RECEIPT_TYPES: Record<FiscalSale['kind'], ReceiptType> = {
  sale: 'RECEIPT',
  'room-charge': 'TRANSFER',
  void: 'ANNULATION',
  'late-charge': 'INVOICE',
};

export type FiscalOutcome =
  | { saleId: string; status: 'signed'; signedLate: boolean; signature: TseSignature }
  | {
      saleId: string;
      status: 'unsigned';
      recordedAt: string;
      outage: Pick<OutageRow, 'startedAt' | 'cause'>;
    };

export interface SigningOptions {
  client: FiskalyClient;
  store: FiscalStore;
  now?: () => Date;
  budgetMs?: number;
}

export interface SigningService {
  /** Signs the sale, or marks it unsigned within the budget; a repeat returns the first outcome. */
  sign(sale: Signable): Promise<FiscalOutcome>;
  /** The outcome recorded for a sale (reprints). */
  outcome(saleId: string): FiscalOutcome | undefined;
  /** Asks the TSE whether it is back; if so ends the outage and signs the waiting sales. */
  recover(): Promise<boolean>;
  /** Signs the waiting sales once each, oldest first; stops at the first failure. */
  signLate(): Promise<{ signed: number; left: number }>;
  /** Probes every PROBE_MS while an outage is open (unref'd timer). */
  startProbing(intervalMs?: number): void;
  stop(): void;
}

/**
 * The TSE transaction id of a sale: SHA-256 of a fixed namespace and the sale id, shaped as a
 * version-4 UUID (fiskaly announces it will enforce the v4 format; name-based v5 would fail that).
 */
export function txIdForSale(saleId: string): string {
  const hash = createHash('sha256').update(`hotel-till/tse-tx/${saleId}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x40;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The finish request's receipt for a sale. */
export function receiptOf(sale: FiscalSale): StandardReceipt {
  const vat = ([1, 2, 3, 4, 5] as VatId[])
    .filter((id) => (sale.grossCentsByVatId[id] ?? 0) !== 0)
    .map((id) => ({ vat_rate: VAT_RATES[id - 1]!, amount: amountString(sale.grossCentsByVatId[id]!) }));
  const payments: StandardReceipt['amounts_per_payment_type'] = [];
  if (sale.payments.cashCents !== 0)
    payments.push({
      payment_type: 'CASH',
      amount: amountString(sale.payments.cashCents),
      currency_code: 'EUR',
    });
  if (sale.payments.nonCashCents !== 0)
    payments.push({
      payment_type: 'NON_CASH',
      amount: amountString(sale.payments.nonCashCents),
      currency_code: 'EUR',
    });
  return {
    receipt_type: RECEIPT_TYPES[sale.kind],
    amounts_per_vat_rate: vat,
    amounts_per_payment_type: payments,
  };
}

/** What the TSE signs: a sale (Kassenbeleg-V1) or a table's order (Bestellung-V1, order-data.ts). */
export type Signable = FiscalSale | FiscalOrder;

/** The references a transaction carries as fiskaly metadata (strings only). */
function metadataOf(sale: Signable): Record<string, string> {
  if (sale.kind === 'order')
    return {
      sale_id: sale.saleId,
      table_id: sale.references.tableId,
      ...(sale.references.roundId ? { round_id: sale.references.roundId } : {}),
    };
  const refs = sale.references ?? {};
  return {
    sale_id: sale.saleId,
    ...(refs.reservationId ? { reservation_id: refs.reservationId } : {}),
    ...(refs.originalSaleId ? { original_sale_id: refs.originalSaleId } : {}),
    ...(refs.invoiceId ? { invoice_id: refs.invoiceId } : {}),
  };
}

/** The finish request of a sale's (or order's) transaction (revision 2, or the one after the latest). */
export function finishRequest(sale: Signable, clientId: string) {
  return {
    state: 'FINISHED',
    client_id: clientId,
    schema: {
      standard_v1: sale.kind === 'order' ? { order: standardOrderOf(sale) } : { receipt: receiptOf(sale) },
    },
    metadata: metadataOf(sale),
  };
}

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

function signatureOf(tx: TxAnswer, input: Signable): TseSignature {
  const qr = tx.qr_code_data ?? '';
  // An order's processData holds `;` and line breaks: what was signed is taken from the order itself.
  const fields =
    input.kind === 'order'
      ? {
          processType: ORDER_PROCESS_TYPE,
          processData: orderProcessDataOf(standardOrderOf(input)),
        }
      : parseQrCode(qr);
  return {
    txNumber: tx.number,
    signatureCounter: Number(tx.signature.counter),
    timeStart: iso(tx.time_start),
    timeEnd: iso(tx.time_end ?? tx.log.timestamp),
    signature: tx.signature.value,
    algorithm: tx.signature.algorithm,
    publicKey: tx.signature.public_key,
    tseSerial: tx.tss_serial_number,
    clientSerial: tx.client_serial_number,
    processType: fields?.processType ?? 'Kassenbeleg-V1',
    processData: fields?.processData ?? '',
    qrCode: qr,
    logTime: tx.log.timestamp,
  };
}

export function createSigningService(options: SigningOptions): SigningService {
  const { client, store } = options;
  const now = options.now ?? (() => new Date());
  const budget = options.budgetMs ?? SALE_BUDGET_MS;
  const inFlight = new Map<string, Promise<FiscalOutcome>>();
  let lateRun: Promise<{ signed: number; left: number }> | null = null;
  let probe: NodeJS.Timeout | undefined;

  const toOutcome = (row: FiscalSaleRow): FiscalOutcome | undefined => {
    if (row.status === 'signed' && row.signature)
      return { saleId: row.saleId, status: 'signed', signedLate: row.signedLate, signature: row.signature };
    if (row.status === 'unsigned') {
      const outage = store.outages().find((entry) => entry.id === row.outageId);
      return {
        saleId: row.saleId,
        status: 'unsigned',
        recordedAt: row.recordedAt,
        outage: {
          startedAt: outage?.startedAt ?? row.recordedAt,
          cause: row.refused ?? outage?.cause ?? 'unknown',
        },
      };
    }
    return undefined;
  };

  /** Start and finish of the sale's transaction, idempotent: repeats return the TSE's stored answers. */
  async function transact(sale: Signable, txId: string, deadline: number): Promise<TxAnswer> {
    const setup = store.setup();
    if (!setup)
      throw new FiskalyError('refused', 0, 'E_NO_TSE_SETUP', 'no TSE is set up (admin page, Fiscal)');
    const { tssId, clientId } = setup;
    const finish = finishRequest(sale, clientId);
    const recoverable = (error: unknown) =>
      error instanceof FiskalyError && ['E_TX_REVISION_NOT_FOUND', 'E_TX_UPSERT'].includes(error.code);
    try {
      await client.upsertTx(tssId, txId, 1, { state: 'ACTIVE', client_id: clientId }, { deadline });
      return await client.upsertTx(tssId, txId, 2, finish, { deadline });
    } catch (error) {
      if (!recoverable(error)) throw error;
      // The transaction moved on elsewhere (a lost answer): read where it is and finish from there.
      const current = await client.getTx(tssId, txId, { deadline });
      if (current.state === 'FINISHED') return current;
      if (current.state !== 'ACTIVE') throw error;
      return client.upsertTx(tssId, txId, current.latest_revision + 1, finish, { deadline });
    }
  }

  /** A refusal of this sale's own data (not of the TSS, the client or the credentials). */
  const refusesTheSale = (error: unknown) =>
    error instanceof FiskalyError &&
    error.kind === 'refused' &&
    [400, 409, 422].includes(error.status) &&
    !/^E_(TSS|CLIENT|NO_TSE|TX_LIMIT|ADMIN)/.test(error.code);

  const causeOf = (error: unknown) =>
    error instanceof FiskalyError
      ? `${error.kind === 'unreachable' ? 'TSE unreachable' : 'TSE refused'}: ${error.code} ${error.message}`.slice(
          0,
          300,
        )
      : `TSE error: ${(error as Error).message}`.slice(0, 300);

  function noteOutage(cause: string): OutageRow {
    return store.openOutage() ?? store.startOutage(cause, now().toISOString());
  }

  function endOutage() {
    const open = store.openOutage();
    if (open) store.endOutage(open.id, now().toISOString());
  }

  /**
   * A sale of a tablet cut off from the server is an outage of that till (its receipt said "TSE
   * ausgefallen"): it is signed on arrival but as late (TSE_TA_FEHLER), and the journal gets one
   * closed row per arrival of such sales (not one per sale).
   */
  function noteTabletOutage(sale: FiscalSale): void {
    const at = now().toISOString();
    const latest = store.outages()[0];
    const recent =
      latest?.cause.startsWith(TABLET_CUT_OFF) &&
      latest.endedAt !== null &&
      now().getTime() - Date.parse(latest.endedAt) < 60_000;
    if (recent) return;
    const row = store.startOutage(`${TABLET_CUT_OFF} (${sale.madeAt})`, sale.madeAt ?? at);
    store.endOutage(row.id, at);
  }

  async function signNow(sale: Signable): Promise<FiscalOutcome> {
    const txId = txIdForSale(sale.saleId);
    const row = store.begin(sale, txId);
    const known = toOutcome(row);
    if (known) return known;
    // During an outage a sale does not wait: it is marked at once, and signed late.
    const open = store.openOutage();
    if (open) {
      store.markUnsigned(sale.saleId, open.id);
      return toOutcome(store.get(sale.saleId)!)!;
    }
    // Made while its tablet was cut off from the server: its receipt said the TSE was out.
    const cutOff = sale.kind !== 'order' && tabletWasCutOff(sale);
    try {
      const tx = await transact(sale, txId, now().getTime() + budget);
      if (cutOff) noteTabletOutage(sale);
      store.markSigned(sale.saleId, signatureOf(tx, sale), cutOff, now().toISOString());
      return toOutcome(store.get(sale.saleId)!)!;
    } catch (error) {
      if (refusesTheSale(error)) {
        // Not an outage: the TSE works but will never take this sale. Others go on being signed.
        store.markRefused(sale.saleId, causeOf(error));
        return toOutcome(store.get(sale.saleId)!)!;
      }
      const outage = noteOutage(causeOf(error));
      store.markUnsigned(sale.saleId, outage.id);
      return toOutcome(store.get(sale.saleId)!)!;
    }
  }

  const service: SigningService = {
    sign(sale) {
      if (sale.kind === 'order') checkFiscalOrder(sale);
      else checkFiscalSale(sale);
      const running = inFlight.get(sale.saleId);
      if (running) return running;
      const started = signNow(sale).finally(() => inFlight.delete(sale.saleId));
      inFlight.set(sale.saleId, started);
      return started;
    },
    outcome(saleId) {
      const row = store.get(saleId);
      return row ? toOutcome(row) : undefined;
    },
    async recover() {
      const setup = store.setup();
      if (!setup) return false;
      try {
        await client.getTss(setup.tssId, { deadline: now().getTime() + budget });
      } catch {
        return false;
      }
      const { left } = await service.signLate();
      if (left === 0) endOutage();
      return left === 0;
    },
    signLate() {
      lateRun ??= (async () => {
        let signed = 0;
        const waiting = store.waiting();
        for (const row of waiting) {
          if (inFlight.has(row.saleId)) continue;
          try {
            const tx = await transact(row.input, row.txId, now().getTime() + budget);
            // A pending row (a crash mid-sign) that signs now was never shown unsigned: not late.
            store.markSigned(
              row.saleId,
              signatureOf(tx, row.input),
              row.status === 'unsigned',
              now().toISOString(),
            );
            signed += 1;
          } catch (error) {
            if (refusesTheSale(error)) {
              store.markRefused(row.saleId, causeOf(error));
              continue; // one sale the TSE refuses must not hold up the others
            }
            noteOutage(causeOf(error));
            break;
          }
        }
        return { signed, left: store.waiting().length };
      })().finally(() => {
        lateRun = null;
      });
      return lateRun;
    },
    startProbing(intervalMs = PROBE_MS) {
      clearInterval(probe);
      probe = setInterval(() => {
        if (store.openOutage() || store.waiting().length > 0) void service.recover();
      }, intervalMs);
      probe.unref();
    },
    stop() {
      clearInterval(probe);
    },
  };
  return service;
}
