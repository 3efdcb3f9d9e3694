// Words of the shared number pad, in German (English and the keys: the same file in words/en/).
// Part of src/words/messages-de.ts; the type makes it have exactly the English keys.
import type { en } from '../en/number-pad';

export const de: Record<keyof typeof en, string> = {
  'numberPad.ok': 'OK',
  'numberPad.delete': 'Löschen',
  'numberPad.separator': 'Komma',
  'numberPad.max': 'Höchstens {max}.',
  'numberPad.decimals': 'Höchstens {count} Nachkommastellen.',
  'numberPad.noMoreDecimals': 'Nur ein Komma, und nur bei Beträgen.',
};
