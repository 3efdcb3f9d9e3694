// Words of the pay screen (method, room charge, split, discounts), the shared number pad and the
// receipt's discount, in English (German: de.ts). They come with that code, not with the first
// screen's dictionary (words/messages-en.ts), read through `w()` (index.ts).

export const en = {
  'pay.quickCash': 'Quick cash',
  'pay.tenderedPad': 'Number pad',
  'pay.tenderedMax': 'Cash tendered: at most {max}.',
  'pay.toRoom': 'Charge to room',
  'pay.room.title': 'Charge to which room?',
  'pay.room.complete': 'Charge {amount} to room {room}',
  'pay.room.chooseGuest': 'Choose the guest and confirm the surname first.',
  'split.label': 'Split the bill',
  'split.whole': 'Whole ticket',
  'split.lines': 'By lines',
  'split.equal': 'Equal parts',
  'split.fewer': 'One part fewer',
  'split.more': 'One part more',
  'split.parts': '{count} parts',
  'split.partOf': 'This part: {amount} (1 of {count}); {rest} stays open.',
  'split.take': 'How many {name} in this part',
  'split.less': 'One less {name} in this part',
  'split.oneMore': 'One more {name} in this part',
  'split.pickLines': 'Tap the lines this guest pays.',
  'split.restOpen': 'This part: {amount}; {rest} stays open.',
  'pay.done.newSale': 'New sale',
  'pay.done.rest': 'Back to the rest of the ticket',
  'discount.title': 'Discount',
  'discount.before': 'Before discount',
  'discount.percent': 'Percent',
  'discount.amount': 'Amount',
  'discount.value': 'Discount on the ticket',
  'discount.none': 'No discount',
  'discount.what': 'Discount of {amount} ({percent}) on a sale of {total}',
  'discount.error.bad-percent': 'A discount is a percentage from 0 to 100.',
  'discount.error.more-than-total': 'A discount can be at most the total, {total}.',
  'discount.error.bad-amount': 'Enter the discount as an amount with at most two decimals, e.g. 2.50.',
  'discount.error.full-needs-manager': 'A 100 % discount needs a manager’s approval.',
  'discount.error.cancelled': 'The discount was not approved: nothing was recorded.',
} as const;

export type PayWord = keyof typeof en;
