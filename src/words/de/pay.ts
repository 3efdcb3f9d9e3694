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
  'pay.tenderedPad': 'Ziffernblock',
  'pay.tenderedMax': 'Gegeben: höchstens {max}.',
  'pay.toRoom': 'Aufs Zimmer buchen',
  'pay.room.title': 'Auf welches Zimmer?',
  'pay.room.complete': '{amount} auf Zimmer {room} buchen',
  'pay.room.chooseGuest': 'Zuerst den Gast wählen und den Nachnamen bestätigen.',
  'split.label': 'Rechnung teilen',
  'split.whole': 'Ganzer Bon',
  'split.lines': 'Nach Positionen',
  'split.equal': 'Gleiche Teile',
  'split.fewer': 'Ein Teil weniger',
  'split.more': 'Ein Teil mehr',
  'split.parts': '{count} Teile',
  'split.partOf': 'Dieser Teil: {amount} (1 von {count}); {rest} bleiben offen.',
  'split.take': 'Wie viele {name} in diesem Teil',
  'split.less': 'Ein {name} weniger in diesem Teil',
  'split.oneMore': 'Ein {name} mehr in diesem Teil',
  'split.pickLines': 'Die Positionen antippen, die dieser Gast zahlt.',
  'split.restOpen': 'Dieser Teil: {amount}; {rest} bleiben offen.',
  'pay.done.newSale': 'Neuer Verkauf',
  'pay.done.rest': 'Zurück zum Rest des Bons',
};
