// The DSFinV-K input of a range of the hotel's Z closings: the ledger's part (ledgerDsfinvkClosings,
// src/server/ledger/closing/dsfinvk-source.ts: closings, terminals, VAT rates, transactions with
// lines, payments and references read by each Z's seq range) completed with the fiscal side's part:
// the business (company and location), the cash register, the TSE and each sale's TSE transaction
// from the fiscal store. docs/fiscal.md "DSFinV-K from the ledger" marks our choices.
import type { HubDb } from '../../../hub/hub-db.ts';
import { ledgerDsfinvkClosings } from '../../../ledger/closing/dsfinvk-source.ts';
import { ordersOfSale } from '../../../tables/table-order-records.ts';
import type { FiscalStore } from '../fiscal-store.ts';
import type { DsfinvkAddress, DsfinvkClosing, DsfinvkTransaction } from './closing.ts';
import { tseMasterOf, tseTransactionOf } from './from-signing.ts';
import { withOrders } from './orders.ts';

/** The business as the tax office knows it (the fiscal settings on the admin page). */
export type DsfinvkBusiness = DsfinvkAddress & { taxNumber?: string };

export interface LedgerClosingsOptions {
  db: HubDb;
  store: FiscalStore;
  business: () => DsfinvkBusiness;
  softwareVersion: string;
}

export function createLedgerClosings(options: LedgerClosingsOptions) {
  const { db, store } = options;
  /**
   * The hotel's Z closings fromZ..toZ as DSFinV-K input (none for numbers not closed), with the
   * TSE's certificate (base64) for tse.csv.
   */
  return function closings(fromZ: number, toZ: number, certificate = ''): DsfinvkClosing[] {
    const setup = store.setup();
    const cashRegisterId = setup?.clientSerial ?? 'HOTEL-TILL';
    const business = options.business();
    return ledgerDsfinvkClosings(db, fromZ, toZ, options.softwareVersion).map((ledgerPart) => {
      const part = withOrders(db, store, ledgerPart);
      return {
        ...part,
        cashRegisterId,
        company: business,
        location: business,
        cashRegister: {
          brand: 'Hotel Till',
          model: 'Hotel Till server',
          serial: cashRegisterId,
          softwareBrand: 'Hotel Till',
          softwareVersion: options.softwareVersion,
          baseCurrency: 'EUR',
        },
        tse: setup ? [tseMasterOf(setup, certificate)] : [],
        transactions: part.transactions.map((tx): DsfinvkTransaction => {
          const signed = store.get(tx.bonId);
          const tse = signed ? tseTransactionOf(signed) : undefined;
          return {
            ...tx,
            // A late charge carries its room charge's goods, counted as revenue with that charge (as
            // in the Z report): here it is the receivable that arises, not revenue again (ours ⚖).
            lines:
              tx.bonType === 'AVRechnung'
                ? tx.lines.map((line) =>
                    line.businessCase === 'Umsatz' ? { ...line, businessCase: 'Forderungsentstehung' } : line,
                  )
                : tx.lines,
            references: [
              ...tx.references,
              // A table's receipt refers to the orders it pays (table-orders.ts).
              ...ordersOfSale(db, tx.bonId).map((order) => ({
                type: 'Transaktion' as const,
                bonId: order.orderId,
                date: order.recordedAt,
                closingNumber: order.zNumber ?? part.closingNumber,
              })),
            ].map((ref) =>
              ref.type === 'Transaktion' ? { ...ref, closingCashRegisterId: cashRegisterId } : ref,
            ),
            ...(tse ? { tse } : {}),
          };
        }),
      };
    });
  };
}
