// Texts of the till's shared state: what staff are told when something fails, in English (the
// German ones are words/de/errors.ts). Part of src/words/messages-en.ts. `{detail}` is filled in by `errorText`.

export const en = {
  'error.offline':
    'The till is offline. This needs a connection to the PMS — try again when the till is online.',
  'error.network': 'The PMS could not be reached. Check the network and try again.',
  'error.timeout': 'The PMS did not answer in time. Try again.',
  'error.rejected': 'The PMS refused this: {detail}',
  'error.pmsDown': 'The PMS is not reachable right now. Try again in a few minutes.',
  'error.server': 'The PMS had a problem. Try again in a few minutes.',
  'error.invalidResponse':
    'The PMS sent an answer the till does not understand. If this keeps happening, tell the manager.',
  'error.invalidInput': 'Please check your input: {detail}',
  'error.deviceNotPaired':
    'Waiting for pairing: this tablet is not paired with the till server, so nothing reaches the PMS. Its sales are kept.',
  'error.deviceRevoked':
    'Waiting for pairing: a manager unpaired this tablet, so nothing reaches the PMS. Its sales are kept.',
  'error.storage': 'This could not be saved on the tablet. Nothing was lost — try again.',
  'error.unknown': 'Something went wrong ({detail}). Nothing was lost — try again.',
} as const;
