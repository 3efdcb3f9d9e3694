// The registry of every intent name the till has ever queued. Owns: looking a stored intent's
// definition up by name. Invariant: names are never removed or reused — a queued row written by an
// older version of the app must still find its definition after an update.
import { addCashInvoiceProducts, closeCashInvoice, createCashInvoice } from './cash-invoice.ts';
import type { IntentDefinition } from './definition.ts';
import { addressToGuest } from './late-charge.ts';
import { recordInLedger } from './ledger-record.ts';
import { recordVoidInLedger } from './ledger-void.ts';
import { createProduct } from './product.ts';
import { addRoomProducts, removeRoomProducts, takeBackRoomLine } from './room.ts';

const DEFINITIONS: readonly IntentDefinition<never, unknown>[] = [
  createCashInvoice,
  addCashInvoiceProducts,
  closeCashInvoice,
  addRoomProducts,
  removeRoomProducts,
  takeBackRoomLine,
  createProduct,
  addressToGuest,
  recordInLedger,
  recordVoidInLedger,
];

const BY_NAME = new Map<string, IntentDefinition>(
  DEFINITIONS.map((definition) => [definition.name, definition as unknown as IntentDefinition]),
);

/**
 * The definition of a stored intent, or undefined for a name this version does not know.
 * @example definitionOf('cash-invoice.close@1')?.title === 'Close the invoice with the payment'
 */
export function definitionOf(name: string): IntentDefinition | undefined {
  return BY_NAME.get(name);
}

export { isLedgerStep } from '../../storage/sale-wake.ts';
export * from './cash-invoice.ts';
export * from './definition.ts';
export * from './late-charge.ts';
export * from './ledger-body.ts';
export * from './ledger-record.ts';
export * from './ledger-void.ts';
export * from './product.ts';
export * from './room.ts';
