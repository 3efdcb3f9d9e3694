// Texte der Bezahlung (Zahlungsart, aufs Zimmer, Teilen, Rabatte) und des Ziffernblocks, deutsch
// (englisch: dieselbe Datei in words/en/). Teil von src/words/messages-de.ts.
import type { en } from '../en/pay';

export const de: Record<keyof typeof en, string> = {
  'numberPad.ok': 'OK',
  'numberPad.delete': 'Löschen',
  'numberPad.separator': 'Komma',
  'numberPad.max': 'Höchstens {max}.',
  'numberPad.decimals': 'Höchstens {count} Nachkommastellen.',
  'numberPad.noMoreDecimals': 'Nur ein Komma, und nur bei Beträgen.',
  'pay.quickCash': 'Schnell bar',
  'pay.tenderedPad': 'Ziffernblock für den gegebenen Betrag',
  'pay.tenderedMax': 'Gegeben: höchstens {max}.',
  'pay.toRoom': 'Aufs Zimmer buchen',
  'pay.room.title': 'Auf welches Zimmer?',
  'pay.room.complete': '{amount} auf Zimmer {room} buchen',
  'pay.room.chooseGuest': 'Zuerst den Gast wählen und den Nachnamen bestätigen.',
};
