// Words of the settings view, in English (German: the same file in words/de/). Part of src/words/messages-en.ts.
// ('settings.title' and 'settings.language' are the shell's own keys.)

export const en = {
  'settings.device': 'This till',
  'settings.gateway': 'Gateway address',
  'settings.gatewayHint': 'Leave empty to use this app’s own address ({origin}).',
  'settings.gatewayChecking': 'Checking the gateway…',
  'settings.gatewayFound': 'The gateway answers. It sends sales to: {upstream}.',
  'settings.gatewayNotGateway':
    'Something answers at {address}, but it is not a Hotel Till gateway. Check the address.',
  'settings.gatewayUnreachable':
    'No gateway answers at {address}. Check the address and that the gateway is running; a gateway on another address must allow this app ({origin}) in its TILL_ORIGINS. Sales stay on this tablet until it answers.',
  'settings.gatewayNotPaired':
    'A Hotel Till gateway answers at {address}, but this tablet is not paired with it. Create a pairing code on that server’s admin page and pair this tablet there too. Sales stay on this tablet until then.',
  'settings.gatewayOffline': 'This tablet is offline: the gateway cannot be checked now.',
  'settings.gatewayCheckAgain': 'Check again',
  'settings.till': 'Till name',
  'settings.outlet': 'Outlet',
  'settings.namedByServer':
    'This tablet is {till} at the {outlet}, as named on the admin page when it was paired.',
  'settings.outletHint': 'e.g. Bar, Restaurant, Terrace',
  'settings.staff': 'Staff name',
  'settings.staffHint': 'Recorded on each sale.',
  'settings.currency': 'Hotel currency',
  'settings.currencyHint': 'ISO code, e.g. EUR or CHF.',
  'settings.cashMethod': 'Payment method for cash',
  'settings.cashMethodAuto': 'Recognise by its name',
  'settings.looks': 'Language and display',
  'settings.theme': 'Theme',
  'settings.theme.system': 'Like the device',
  'settings.theme.light': 'Light',
  'settings.theme.dark': 'Dark',
  'settings.saved': 'Saved.',
  'settings.error.gatewayUrl': 'The gateway address must start with http:// or https://.',
  'settings.error.currency': 'Enter a currency code such as EUR or CHF.',
  'settings.error.other': 'This value cannot be used.',
} as const;
