// Words of the lock screen and the manager-approval dialog, in English (German: de.ts). They load
// with that view's code, which every till with staff shows first (index.ts picks the language).

export const en = {
  title: 'Who is working?',
  lead: 'Tap your name, then type your PIN.',
  pinFor: 'PIN for {name}',
  manager: 'Manager',
  waiter: 'Waiter',
  back: 'Back',
  delete: 'Delete',
  wrong: 'Wrong PIN. Try again.',
  wait: 'Too many wrong PINs. Wait {time}, then try again.',
  checking: 'Checking…',
  offline: 'Offline: your PIN is checked on this tablet.',
  'approval.title': 'Manager approval',
  'approval.lead': 'A manager approves this with their PIN.',
  'approval.void_sale': 'Void sale {subject} ({amount})',
  'approval.take_back': 'Take back {amount} from the room',
  'approval.open_price': 'Open price {amount}, above the outlet limit',
  'approval.discount': 'Discount {amount}, above the outlet limit',
  'approval.close_shift': 'Close the shift with sales not yet in the PMS',
  'approval.close_day': 'Day closing: read the X report, count drawers, close the day (Z)',
  'approval.catalogue_change.product': 'New product “{name}” at {amount}',
  'approval.catalogue_change.group': 'New commodity group “{name}”',
  'approval.cancel': 'Cancel',
  'approval.noManager': 'No manager is set up for this till. Ask hotel IT to add one on the admin page.',
};

export type LockWord = keyof typeof en;
