// The admin page's words for modifier groups (modifier-admin.ts), in English and German.

export const MODIFIER_WORDS = {
  en: {
    title: 'Modifier groups',
    hint: 'Asked for on the table screen when one of the products is added. A required group cannot be skipped. A priced option is sold as a PMS product of its own (give its article number), so it reaches the PMS and the Z.',
    name: 'Name',
    products: 'Products (article numbers such as K-310, separated by commas)',
    required: 'Required',
    atLeast: 'At least',
    atMost: 'At most',
    options: 'Options, one a line',
    optionsHint:
      'A free option: its name ("No ice"). A priced one: name | price | the article number it is sold as ("Extra shot | 0,50 | B-130").',
    save: 'Save group',
    add: 'Add group',
    remove: 'Remove group',
    newGroup: 'New group',
    back: 'Back',
  },
  de: {
    title: 'Zusatzgruppen',
    hint: 'Werden am Tischbildschirm abgefragt, wenn eines der Produkte hinzugefügt wird. Eine Pflichtgruppe lässt sich nicht überspringen. Eine Option mit Preis wird als eigenes PMS-Produkt verkauft (dessen Artikelnummer angeben) und erscheint so im PMS und im Z-Bericht.',
    name: 'Name',
    products: 'Produkte (Artikelnummern wie K-310, durch Kommas getrennt)',
    required: 'Pflicht',
    atLeast: 'Mindestens',
    atMost: 'Höchstens',
    options: 'Optionen, eine pro Zeile',
    optionsHint:
      'Ohne Preis: nur der Name („Ohne Eis“). Mit Preis: Name | Preis | Artikelnummer, als die sie verkauft wird („Extra Shot | 0,50 | B-130“).',
    save: 'Gruppe speichern',
    add: 'Gruppe anlegen',
    remove: 'Gruppe entfernen',
    newGroup: 'Neue Gruppe',
    back: 'Zurück',
  },
} as const;

export type ModifierWords = (typeof MODIFIER_WORDS)['en' | 'de'];
