// Texts of the pay screen (method, room charge, split, discounts) and the shared number pad, in
// English (German: the same file in words/de/). Part of src/words/messages-en.ts.

export const en = {
  'numberPad.ok': 'OK',
  'numberPad.delete': 'Delete',
  'numberPad.separator': 'Decimal point',
  'numberPad.max': 'At most {max}.',
  'numberPad.decimals': 'At most {count} decimal places.',
  'numberPad.noMoreDecimals': 'Only one decimal point, and only for amounts.',
  'pay.quickCash': 'Quick cash',
  'pay.tenderedPad': 'Number pad for cash tendered',
  'pay.tenderedMax': 'Cash tendered: at most {max}.',
  'pay.toRoom': 'Charge to room',
  'pay.room.title': 'Charge to which room?',
  'pay.room.complete': 'Charge {amount} to room {room}',
  'pay.room.chooseGuest': 'Choose the guest and confirm the surname first.',
} as const;
