// German texts of creating products and commodity groups (English and the keys: the same file in
// words/en/); the type makes it have exactly the English keys.
import type { en } from '../en/catalogue-admin';

export const de: Record<keyof typeof en, string> = {
  'catalogue.newProduct': 'Neuer Artikel',
  'catalogue.newGroup': 'Neue Warengruppe',
  'catalogue.toRegister': 'Zur Kasse',
  'catalogue.ticketSummary': 'Bon: {detail}',
  'catalogue.needsOnline': 'Artikel und Warengruppen anlegen geht nur, wenn die Kasse online ist.',
  'catalogue.managersOnly':
    'Neue Artikel und Warengruppen sind Sache eines Managers: Er genehmigt jede Änderung mit seiner PIN.',
  'catalogue.notApproved': 'Nichts angelegt: Ein Manager hat es nicht genehmigt.',
  'productForm.title': 'Neuer Artikel',
  'productForm.name': 'Name',
  'productForm.number': 'Artikelnummer (optional)',
  'productForm.ean': 'EAN-Barcode (optional)',
  'productForm.price': 'Preis (inkl. MwSt.)',
  'productForm.group': 'Warengruppe',
  'productForm.chooseGroup': 'Warengruppe wählen',
  'productForm.taxClass': 'Steuerklasse',
  'productForm.chooseTaxClass': 'Steuerklasse wählen',
  'productForm.openPrice': 'Freier Preis (Betrag wird an der Kasse eingegeben)',
  'productForm.save': 'Artikel anlegen',
  'productForm.saving': 'Wird angelegt …',
  'productForm.created': 'Artikel „{detail}“ angelegt.',
  'productForm.missing': 'Bitte Name, Preis, Warengruppe und Steuerklasse ausfüllen.',
  'groupForm.title': 'Neue Warengruppe',
  'groupForm.name': 'Name',
  'groupForm.parent': 'Gehört zu Warengruppe (optional)',
  'groupForm.noParent': 'Keine',
  'groupForm.save': 'Warengruppe anlegen',
  'groupForm.created': 'Warengruppe „{detail}“ angelegt.',
};
