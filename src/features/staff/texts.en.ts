// The English texts of signing in (the lock screen) and a manager's approval.
// Keys and English here, German in texts.de.ts with exactly these keys; read through `t()`
// (src/words/i18n.ts), loaded with the feature (docs/texts.md).

export const texts = {
  'staff.lock': 'Lock',
  'staff.signedIn': 'Signed in: {name}. Tap to lock the till.',
  'lock.title': 'Who is working?',
  'lock.lead': 'Tap your name, then type your PIN.',
  'lock.pinFor': 'PIN for {name}',
  'lock.manager': 'Manager',
  'lock.waiter': 'Waiter',
  'lock.back': 'Back',
  'lock.delete': 'Delete',
  'lock.wrong': 'Wrong PIN. Try again.',
  'lock.wait': 'Too many wrong PINs. Wait {time}, then try again.',
  'lock.checking': 'Checking…',
  'lock.offline': 'Offline: your PIN is checked on this tablet.',
  'lock.approval.title': 'Manager approval',
  'lock.approval.lead': 'A manager approves this with their PIN.',
  'lock.approval.void_sale': 'Void sale {subject} ({amount})',
  'lock.approval.take_back': 'Take back {amount} from the room',
  'lock.approval.open_price': 'Open price {amount}, above the outlet limit',
  'lock.approval.discount': 'Discount {amount}, above the outlet limit',
  'lock.approval.close_shift': 'Close the shift with sales not yet in the PMS',
  'lock.approval.close_day': 'Day closing: read the X report, count drawers, close the day (Z)',
  'lock.approval.catalogue_change.product': 'New product “{name}” at {amount}',
  'lock.approval.catalogue_change.group': 'New commodity group “{name}”',
  'lock.approval.cancel': 'Cancel',
  'lock.approval.noManager': 'No manager is set up for this till. Ask hotel IT to add one on the admin page.',
} as const;
