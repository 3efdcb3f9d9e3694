// How the Austrian register treats a ledger record (docs/fiscal.md, "What is signed"): a receipt of
// the money taken at the till (cash, card, `invoice`), spread over the rate fields, as a standard,
// storno or training receipt; or a transfer to the PMS (room charges, late charges, a void of a room
// charge), unsigned; or nothing. Pure.
import type { FiscalSale } from '../fiscal-sale.ts';
import { bucketsOfRates, spreadShare } from './rate-buckets.ts';
import type { ReceiptKind } from './rksv-core.ts';

/** How a sale is treated: the signed amounts and receipt kind, or a transfer / nothing. */
export function treatmentOf(sale: FiscalSale) {
  const gross = Object.values(sale.grossCentsByRateBp ?? {}).reduce((sum, cents) => sum + cents, 0);
  if (sale.kind === 'room-charge')
    return {
      treatment: 'transfer' as const,
      note: `room charge, reservation ${sale.references?.reservationId ?? ''}`,
      gross,
    };
  if (sale.kind === 'late-charge')
    return {
      treatment: 'transfer' as const,
      note: 'late charge: invoiced, paid later (not at the till)',
      gross,
    };
  const room = sale.payments.roomCents ?? 0;
  const till = sale.payments.cashCents + sale.payments.nonCashCents - room;
  if (till === 0)
    return {
      treatment: room !== 0 || sale.kind === 'void' ? ('transfer' as const) : ('none' as const),
      note: sale.kind === 'void' ? 'reverses a transfer (no money at the till)' : 'no money at the till',
      gross,
    };
  const kind: ReceiptKind = sale.training ? 'training' : sale.kind === 'void' ? 'storno' : 'standard';
  const amounts = spreadShare(bucketsOfRates(sale.grossCentsByRateBp ?? {}), till);
  return {
    treatment: 'receipt' as const,
    note: room !== 0 ? `mixed: ${room} cents to the room` : '',
    gross,
    kind,
    amounts,
    till,
    room,
  };
}
