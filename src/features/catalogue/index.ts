// The catalogue feature: products, groups, tax classes and payment options cached for offline selling,
// managers' catalogue changes, the quick keys, and when the first screen (the catalogue on an unlocked till) is
// up. Other features and views use it through this file only.

export type { GroupEntry } from './catalogue';
export {
  catalogue,
  catalogueVersion,
  loadCatalogue,
  refreshCatalogue,
  refreshState,
  startCatalogue,
  taxClasses,
} from './catalogue';
export { createCommodityGroup, createProduct } from './catalogue-admin';
export { FIRST_PAGE_PRODUCTS } from './catalogue-first-page';
export { afterFirstScreen, noteFirstScreen } from './first-screen';
export { loadSalesCounts, noteSold, quickKeys } from './quick-keys';
