// The intent that makes a late charge's cash invoice out to the guest: it reads the stay for the
// guest's contact at replay time and sets that contact as the invoice's recipient, so the invoice
// carries the guest's own address (docs/outbox.md, "Late charges"). Setting the same recipient
// twice changes nothing, so an unknown outcome is settled by sending it again.
import { CREATE_CASH_INVOICE, type CreatedCashInvoice } from './cash-invoice.ts';
import { type IntentDefinition, resultOf } from './definition.ts';

export const ADDRESS_TO_GUEST = 'cash-invoice.address-to-guest@1';

export interface AddressToGuestPayload {
  /** The stay whose guest the invoice is made out to. */
  roomReservationId: number;
}
export interface AddressedToGuest {
  guestId: number;
  recipientName: string;
}

export const addressToGuest: IntentDefinition<AddressToGuestPayload, AddressedToGuest> = {
  name: ADDRESS_TO_GUEST,
  operation: 'setInvoiceRecipient',
  title: 'Make the invoice out to the guest',
  async send(pms, payload, context) {
    const { invoiceId } = resultOf<CreatedCashInvoice>(context, CREATE_CASH_INVOICE);
    const stay = await pms.getRoomReservation(payload.roomReservationId);
    const guestId = stay.guest_id;
    const set = await pms.setInvoiceRecipient({ invoice_id: invoiceId, recipient: { id: guestId } });
    return { guestId, recipientName: set.recipient_name };
  },
  async reconcile() {
    return { outcome: 'not-applied', note: 'Making the invoice out to the guest again changes nothing.' };
  },
};
