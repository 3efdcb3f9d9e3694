// German texts about typed amounts of money (English and the keys: the same file in words/en/).
// Part of src/words/messages-de.ts; the type makes it have exactly the English keys.
import type { en } from '../en/money';

export const de: Record<keyof typeof en, string> = {
  'money.error.not-an-amount': 'Bitte einen Betrag eingeben, z. B. 12,50.',
  'money.error.too-many-decimals': 'Ein Betrag hat höchstens zwei Nachkommastellen, z. B. 12,50.',
  'money.error.not-above': 'Der Betrag muss größer als {limit} sein.',
  'money.error.below': 'Der Betrag muss mindestens {limit} sein.',
  'money.error.above': 'Der Betrag darf höchstens {limit} sein.',
  'openPrice.confirm': '{amount} – stimmt das?',
  'openPrice.confirmNote': 'Das liegt über der üblichen Grenze für einen freien Preis ({limit}).',
  'openPrice.confirmYes': 'Ja, {amount} hinzufügen',
  'openPrice.change': 'Betrag ändern',
  'openPrice.approval': 'Freier Preis {amount}: {name}',
  'openPrice.approvalCancelled':
    'Nicht hinzugefügt: ein freier Preis über {limit} braucht die Genehmigung einer Führungskraft.',
};
