// Texts of the product grid (the register's first screen, and the catalogue) in English (German:
// the same file in words/de/); creating products and groups: catalogue-admin.ts. Part of src/words/messages-en.ts; `{detail}` is filled in by `t(key, { detail })`.

export const en = {
  'products.search': 'Search by name, number or barcode',
  'products.searchPlaceholder': 'Name, number or scan',
  'products.clearSearch': 'Clear search',
  'products.groups': 'Commodity groups',
  'products.all': 'All',
  'products.list': 'Products',
  'products.quickKeys': 'Most sold',
  'products.more': 'Show more ({detail} not shown)',
  'products.none': 'No product matches.',
  'products.emptyCatalogue': 'No products yet. They load from the PMS as soon as the till is online.',
  'products.loading': 'Loading products…',
  'products.notFound': 'No product with the code {detail}.',
  'products.added': 'Added: {detail}',
  'products.openPrice': 'Open price',
  'products.count.one': '{count} product',
  'products.count.other': '{count} products',
  'catalogue.lastRefresh': 'Catalogue from {detail}',
  'catalogue.neverRefreshed': 'Catalogue not yet loaded from the PMS',
  'catalogue.refresh': 'Update now',
  'catalogue.refreshing': 'Updating…',
  'catalogue.refreshFailed': 'Update failed, the saved catalogue is shown. {detail}',
  'common.cancel': 'Cancel',
  'common.close': 'Close',
} as const;
