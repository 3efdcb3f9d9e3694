// Words of the shared number pad (quantity on the register, cash tendered), in English (German:
// the same file in words/de/). Part of src/words/messages-en.ts: the register's quantity pad is on
// the first screen.

export const en = {
  'numberPad.ok': 'OK',
  'numberPad.delete': 'Delete',
  'numberPad.separator': 'Decimal point',
  'numberPad.max': 'At most {max}.',
  'numberPad.decimals': 'At most {count} decimal places.',
  'numberPad.noMoreDecimals': 'Only one decimal point, and only for amounts.',
} as const;
