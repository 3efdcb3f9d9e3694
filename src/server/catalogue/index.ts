// The catalogue's public surface: the till server's own copy of the PMS catalogue, kept by version,
// and the pricing of a ledger record's lines from it. Tables and Austria price through this, never
// from what a tablet says. docs/ledger.md, "Pricing", has the rules.

export { CATALOGUE_VERSION_HEADER } from '../../pms/till-headers.ts';
export {
  type Catalogue,
  CatalogueUnavailableError,
  createCatalogue,
  itemsOf,
  PRODUCTS_PATH,
  TAX_CLASSES_PATH,
} from './catalogue.ts';
export type { CatalogueItem, CatalogueVersion } from './catalogue-versions.ts';
export { type CommodityGroup, currentGroups, groupsOf } from './groups.ts';
export { fieldsOfItem, priceRecord, versionSoldFrom } from './line-pricing.ts';
