// The ticket feature: the ticket being rung up (lines, note, totals), kept in IndexedDB and shared by every
// tab; parked tabs, open prices, line discounts; and the sale plan: a sale's id, its parts and the managers'
// approvals it needs. Other features and views use it through this file only.
export { giveLineDiscount } from './line-discount';
export { addOpenPrice, openPriceCheck } from './open-price';
export { parkTicket, readParkedTickets, recallTicket, startTicketWith } from './parked';
export type { ApprovedSale, PartSummary, SaleNeed, SaleRefused } from './sale-plan';
export {
  approveSale,
  billPartOf,
  changeQuantity,
  nextSplit,
  openPriceLimitCents,
  planSale,
  recordedAs,
} from './sale-plan';
export type { Ticket, TicketLine } from './ticket';
export {
  addProduct,
  clearTicket,
  currentTicket,
  keepRestOfTicket,
  meetTicketRecord,
  removeLine,
  setNote,
  ticketChangesHandedOver,
  ticketEqualSplit,
  ticketLines,
  ticketNewsHeard,
  ticketTotals,
} from './ticket';
export { payTicket } from './ticket-keeping';
export { ParkError, TicketEndedError } from './ticket-record';
