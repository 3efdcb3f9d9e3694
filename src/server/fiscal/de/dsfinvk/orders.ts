// The orders of tables in a DSFinV-K closing (issue 31, item 7): each order or cancellation a Bon of
// its own (BON_TYP AVBestellung) with its lines (a cancellation's negative and P_STORNO), no payment,
// and its TSE transaction (Bestellung-V1); the tablet that sent it among the terminals, its VAT ids
// among the rates. Its revenue is the paying receipt's: closing-records.ts leaves AVBestellung out
// of the closing's totals (docs/fiscal.md, "Orders of a table").
import { createCatalogueVersions } from '../../../catalogue/catalogue-versions.ts';
import type { HubDb } from '../../../hub/hub-db.ts';
import {
  DSFINVK_VAT_IDS,
  type LedgerDsfinvkClosing,
  type LedgerDsfinvkTransaction,
} from '../../../ledger/closing/dsfinvk-source.ts';
import { ordersOfClosing } from '../../../tables/table-order-records.ts';
import type { FiscalStore } from '../fiscal-store.ts';
import { orderKey } from '../order-data.ts';
import type { DsfinvkTseTransaction } from './closing.ts';
import { tseTransactionOf } from './from-signing.ts';

export const ORDER_BON_TYPE = 'AVBestellung';

type WithTse = LedgerDsfinvkTransaction & { tse?: DsfinvkTseTransaction };

/** The ledger's part of a closing with the closing's orders merged in, in time order. */
export function withOrders(
  db: HubDb,
  store: FiscalStore,
  part: LedgerDsfinvkClosing,
): Omit<LedgerDsfinvkClosing, 'transactions'> & { transactions: WithTse[] } {
  const orders = ordersOfClosing(db, part.closingNumber);
  if (orders.length === 0) return part;
  // A line recorded before the server had read its catalogue: the rate of the version then in force.
  const versions = createCatalogueVersions(db, () => new Date());
  const catalogueRate = (productId: string, at: string) =>
    (versions.inForceAt(at) ?? versions.latest())?.items.get(Number(productId))?.vatRateBp ?? null;
  const terminals = [...part.terminals];
  const rates = new Map(part.vatRates.map((rate) => [rate.id, rate]));
  const bons = orders.map((order): WithTse => {
    if (!terminals.some((terminal) => terminal.id === order.deviceId))
      terminals.push({
        ...(terminals[0] ?? defaultTerminal(part)),
        id: order.deviceId,
        serial: order.deviceId,
        model: 'tablet',
      });
    const signed = store.get(orderKey(order.orderId));
    const signedTx = signed ? tseTransactionOf(signed) : undefined;
    // Its processData has a line break between items, which no CSV field here may hold: the optional
    // TSE_VORGANGSDATEN stays empty; lines.csv has the items and the TSE export the signed data (⚖).
    const tse = signedTx ? { ...signedTx, processData: '' } : undefined;
    return {
      bonId: order.orderId,
      bonNumber: order.seq,
      bonType: ORDER_BON_TYPE,
      terminalId: order.deviceId,
      voided: false,
      start: signed?.signature?.timeStart ?? order.recordedAt,
      end: signed?.signature?.timeEnd ?? order.recordedAt,
      ...(order.staffName ? { operatorName: order.staffName } : {}),
      note: `${order.kind === 'cancel' ? 'Storno ' : ''}${order.tableId}${order.roundId ? ` ${order.roundId}` : ''}`.slice(
        0,
        250,
      ),
      allocationGroup: order.outlet,
      lines: order.lines.map((line, index) => {
        const bp = line.vatRateBp ?? catalogueRate(line.productId, order.recordedAt) ?? 0;
        const vatId = DSFINVK_VAT_IDS.get(bp) ?? 5;
        if (!rates.has(vatId))
          rates.set(vatId, { id: vatId, rateHundredths: bp, description: `${bp / 100} %` });
        const grossCents = line.quantity * line.unitCents;
        return {
          lineId: String(index + 1),
          text: line.text,
          businessCase: 'Umsatz',
          voided: line.quantity < 0,
          articleNumber: line.productId,
          quantityThousandths: line.quantity * 1000,
          unitGrossCents: line.unitCents,
          vatId,
          grossCents,
          netCents: Math.round((grossCents * 10_000) / (10_000 + bp)),
        };
      }),
      payments: [],
      references: [],
      ...(tse ? { tse } : {}),
    };
  });
  // Each order before the first sale that came after it; the sales keep the ledger's order.
  const transactions: WithTse[] = [];
  let next = 0;
  for (const sale of part.transactions) {
    while (next < bons.length && bons[next]!.start <= sale.start) transactions.push(bons[next++]!);
    transactions.push(sale);
  }
  transactions.push(...bons.slice(next));
  return { ...part, terminals, vatRates: [...rates.values()], transactions };
}

const defaultTerminal = (part: LedgerDsfinvkClosing) => ({
  id: '',
  brand: 'Hotel Till',
  model: 'tablet',
  serial: '',
  softwareBrand: 'Hotel Till',
  softwareVersion: part.terminals[0]?.softwareVersion ?? '0.1.0',
});
