// Texts about amounts of money staff type (open price, cash tendered, product price): the money
// rule's refusal codes (pms/money.ts `MoneyProblem`) and the open-price check, in English (German:
// words/de/money.ts). Part of src/words/messages-en.ts; `{limit}` and `{amount}` are formatted money.

export const en = {
  'money.error.not-an-amount': 'Enter an amount such as 12.50.',
  'money.error.too-many-decimals': 'An amount has at most two decimals, e.g. 12.50.',
  'money.error.not-above': 'The amount must be more than {limit}.',
  'money.error.below': 'The amount must be at least {limit}.',
  'money.error.above': 'The amount can be at most {limit}.',
  'openPrice.confirm': '{amount} — is that right?',
  'openPrice.confirmNote': 'That is above the usual limit for an open price ({limit}).',
  'openPrice.confirmYes': 'Yes, add {amount}',
  'openPrice.change': 'Change the amount',
  'openPrice.approval': 'Open price {amount}: {name}',
  'openPrice.approvalCancelled': 'Not added: an open price above {limit} needs a manager’s approval.',
} as const;
