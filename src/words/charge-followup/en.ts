// Words for following up a room charge, in English (German: de.ts): the header's needs-attention
// count, taking back part of a line (room-charge view), and moving a charge refused because the
// guest left to a late charge (sync view). They load with that code, not with the first screen.

export const en = {
  attentionCount: 'Needs attention: {count}',
  attentionOpen: 'Open the sales that need attention',
  takeBackTitle: 'Take back {item} (sale {reference})',
  takeBackQuantity: 'How many? (1 to {max})',
  takeBackFewer: 'One fewer',
  takeBackMore: 'One more',
  takeBackLimit: 'At most {max}: that is what is still on the room.',
  takeBackApproval: 'Take back {quantity} × {item} of sale {reference}',
  takeBackCancelled: 'No manager approved it: nothing was taken back.',
  movedTo: 'Moved to late charge {reference}',
  movedToInvoice: 'Moved to invoice {invoice} (late charge {reference})',
  lateCharge: 'Made out to the guest at their own address; the invoice stays open for the front desk.',
  lateInvoice: 'Cash invoice {invoice}',
  lateChargeAction: 'Late charge to the guest',
  lateChargeNote:
    'The guest has left. A late charge puts these items on a cash invoice made out to {guest} at their own address; it stays open for the front desk.',
} as const;

export type ChargeFollowUpWord = keyof typeof en;
