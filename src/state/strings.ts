// Texts of the till's shared state: what staff are told when something fails, in English and
// German. Merged into src/app/i18n.ts's dictionaries. `{detail}` is filled in by `errorText`.
const en = {
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
  'error.storage': 'This could not be saved on the tablet. Nothing was lost — try again.',
  'error.unknown': 'Something went wrong ({detail}). Nothing was lost — try again.',
} as const;

const de: Record<keyof typeof en, string> = {
  'error.offline':
    'Die Kasse ist offline. Dafür braucht es eine Verbindung zum PMS – bitte erneut versuchen, sobald die Kasse online ist.',
  'error.network': 'Das PMS ist nicht erreichbar. Bitte Netzwerk prüfen und erneut versuchen.',
  'error.timeout': 'Das PMS hat nicht rechtzeitig geantwortet. Bitte erneut versuchen.',
  'error.rejected': 'Das PMS hat abgelehnt: {detail}',
  'error.pmsDown': 'Das PMS ist gerade nicht erreichbar. Bitte in ein paar Minuten erneut versuchen.',
  'error.server': 'Im PMS ist ein Fehler aufgetreten. Bitte in ein paar Minuten erneut versuchen.',
  'error.invalidResponse':
    'Das PMS hat unverständlich geantwortet. Wenn das öfter passiert, bitte die Leitung informieren.',
  'error.invalidInput': 'Bitte Eingabe prüfen: {detail}',
  'error.storage':
    'Auf dem Tablet konnte nichts gespeichert werden. Es ist nichts verloren – bitte erneut versuchen.',
  'error.unknown': 'Etwas ist schiefgelaufen ({detail}). Es ist nichts verloren – bitte erneut versuchen.',
};

export const stateStrings = { en, de };
