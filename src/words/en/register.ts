// Texts of the register's first screen (the ticket's title and count) and the refusals errorText says
// there, in English (German: the same file in words/de/); the rest of the register: ticket-side.ts.
// Part of src/words/messages-en.ts; `{detail}` is filled in by `t(key, { detail })`.

export const en = {
  'ticket.title': 'Ticket',
  'ticket.items.one': '{count} item',
  'ticket.items.other': '{count} items',
  'ticket.error.too-many-items': 'A line takes at most 999 items (the PMS’s limit).',
  'ticket.ended.paid': 'This ticket was already paid at {time}.',
  'ticket.ended.parked': 'This ticket was parked on another screen.',
  'ticket.ended.changed': 'This ticket was changed on another screen. Check it and pay again.',
  'ticket.ended.taken': 'This tab is already open on another screen.',
  'ticket.show': 'Ticket',
  'ticket.error.too-many-lines': 'A ticket can have at most 200 lines. Pay or park this one first.',
  'ticket.error.open-price-needs-amount': 'This item has an open price: type in the amount.',
  'ticket.error.bad-name': 'The description is too long (at most 200 characters).',
  'ticket.error.quantity-not-approved':
    'Quantity not changed: an open price above {limit} needs a manager’s approval.',
  'park.error.empty-ticket': 'There is nothing on the ticket to park.',
  'park.error.missing-name': 'Give the ticket a name, e.g. the table or the guest.',
  'park.error.not-found': 'This tab is no longer there (recalled on another till?).',
  'pay.error.empty-ticket': 'The ticket is empty.',
  'pay.error.no-method': 'Choose a payment method.',
  'pay.error.no-template': 'Choose an invoice template.',
  'pay.error.tendered-too-little': 'The cash tendered does not cover the total.',
  'pay.error.not-saved':
    'The sale was NOT saved on this tablet: it is not recorded. The ticket is still here — tap “Complete sale” again. If it fails again, write the sale down and tell the manager.',
  'pay.error.storage-full':
    'The sale was NOT saved: this tablet’s storage is full. The ticket is still here. Write the sale down and tell the manager.',
} as const;
