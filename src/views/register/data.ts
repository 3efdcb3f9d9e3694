// The register's reads and writes as router primitives: parked tickets as a `query` (read with
// `createAsync`), and parking, recalling, completing a sale and charging it to a room as `action`s,
// whose pending state and errors the views take from `useSubmission`. A finished action revalidates
// the queries, so the list of tabs follows. The work itself is in src/features (ticket/parked.ts, payment/sale.ts).
import { action, query } from '@solidjs/router';
import { chargeTicketToRoom, completeCashSale } from '../../features/payment';
import { parkTicket, readParkedTickets, recallTicket } from '../../features/ticket';

/**
 * Parked tickets, most recently changed first.
 * @example const tabs = createAsync(() => getParkedTickets());
 */
export const getParkedTickets = query(readParkedTickets, 'parked-tickets');

export const parkTicketAction = action(parkTicket, 'park-ticket');
export const recallTicketAction = action(recallTicket, 'recall-ticket');
export const completeSaleAction = action(completeCashSale, 'complete-cash-sale');
export const chargeToRoomAction = action(chargeTicketToRoom, 'charge-ticket-to-room');
