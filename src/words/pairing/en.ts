// Words of the pairing screen, in English (German: de.ts). Not part of the till's
// dictionaries (src/app/messages-*.ts): only a tablet that is not paired ever shows them, so they
// load with this view instead of with every till's first screen (words.ts picks the language).

export const en = {
  title: 'Pair this tablet',
  lead: 'This tablet is not paired with the till server yet. Ask a manager for a pairing code: the server’s admin page shows one, also as a QR code you can scan with this tablet’s camera.',
  revokedTitle: 'This tablet was unpaired',
  revokedLead:
    'This tablet was unpaired by a manager, so it cannot send anything to the PMS. Its sales are kept on the tablet. Pair it again with a new code to send them.',
  pairedLead:
    'This tablet is paired as “{name}”. A new code from a manager pairs it again (for example for another outlet); its sales are kept.',
  code: 'Pairing code',
  codeHint: '8 letters and digits, e.g. ABCD-2345',
  name: 'Name of this tablet (optional)',
  namePlaceholder: 'e.g. Bar tablet 2',
  pair: 'Pair',
  pairing: 'Pairing…',
  'error.code_format':
    'A pairing code has 8 characters: letters and digits without I, L, O, U, 0 or 1. Check what you typed.',
  'error.pairing_code_invalid':
    'This code is not valid. Check it against the manager’s screen and try again.',
  'error.pairing_code_expired': 'This code has expired. Ask the manager for a new one.',
  'error.pairing_code_used':
    'This code was already used. Each code pairs one tablet: ask the manager for a new one.',
  'error.too_many_attempts': 'Too many wrong codes. Wait {minutes} min, then try again.',
  'error.unreachable': 'The till server cannot be reached. Check the tablet’s Wi-Fi and try again.',
  'error.unexpected': 'The till server gave an unexpected answer ({status}). Try again, or tell the manager.',
  'unsent.none': 'No sales are waiting on this tablet.',
  'unsent.waiting.one': '{count} sale is waiting on this tablet.',
  'unsent.waiting.other': '{count} sales are waiting on this tablet.',
  'unsent.kept':
    'Nothing is lost: they are sent to the PMS as soon as the tablet is paired. To keep a copy, export them as a file.',
  'unsent.export': 'Export waiting sales',
  'unsent.exporting': 'Exporting…',
  'unsent.exported': 'Saved as {file}.',
  'unsent.failed':
    'The waiting sales could not be read from the tablet just now. Try again: they are still kept.',
} as const;

export type PairingWord = keyof typeof en;
