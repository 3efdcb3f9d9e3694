// Texts of creating products and commodity groups (the catalogue's manager part), in English (German:
// the same file in words/de/), loaded after the first screen (messages-en-later.ts).

export const en = {
  'catalogue.newProduct': 'New product',
  'catalogue.newGroup': 'New group',
  'catalogue.toRegister': 'To the register',
  'catalogue.ticketSummary': 'Ticket: {detail}',
  'catalogue.needsOnline': 'Creating products and groups needs the till online.',
  'catalogue.managersOnly':
    'New products and groups are a manager’s: a manager approves each with their PIN.',
  'catalogue.notApproved': 'Nothing was created: a manager did not approve it.',
  'productForm.title': 'New product',
  'productForm.name': 'Name',
  'productForm.number': 'Article number (optional)',
  'productForm.ean': 'EAN barcode (optional)',
  'productForm.price': 'Price (incl. VAT)',
  'productForm.group': 'Commodity group',
  'productForm.chooseGroup': 'Choose a group',
  'productForm.taxClass': 'Tax class',
  'productForm.chooseTaxClass': 'Choose a tax class',
  'productForm.openPrice': 'Open price (the amount is typed in at the till)',
  'productForm.save': 'Create product',
  'productForm.saving': 'Creating…',
  'productForm.created': 'Product “{detail}” created.',
  'productForm.missing': 'Please fill in name, price, commodity group and tax class.',
  'groupForm.title': 'New commodity group',
  'groupForm.name': 'Name',
  'groupForm.parent': 'Part of group (optional)',
  'groupForm.noParent': 'None',
  'groupForm.save': 'Create group',
  'groupForm.created': 'Commodity group “{detail}” created.',
} as const;
