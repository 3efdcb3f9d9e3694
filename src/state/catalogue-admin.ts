// Creating products and commodity groups in the PMS from the till. Owns: refusing at once when the
// till is offline (both need the PMS to answer: the new id comes from it), calling the PMS
// directly, putting the result into the catalogue so it shows (and sells) at once, and reporting
// each change for the audit log.
import type { CreateProductInput } from '../pms/client';
import type { CommodityGroup, Product } from '../pms/wire';
import { report } from './audit-later';
import { addCreatedGroup, addCreatedProduct } from './catalogue';
import { pms } from './pms';
import { actingStaff } from './staff-session';

function reportChange(subject: number, note: string, amountCents?: number): void {
  report({
    kind: 'catalogue_change',
    staffId: actingStaff().staffId ?? null,
    subject: String(subject),
    note,
    ...(amountCents === undefined ? {} : { amountCents }),
  });
}

/** The till has no network: creating needs the PMS online. */
export class OfflineError extends Error {
  override readonly name = 'OfflineError';
  constructor() {
    super('offline');
  }
}

/**
 * Creates a product in the PMS (price in cents) and adds it to the catalogue.
 * @throws OfflineError when offline; a PmsError when the PMS refused or could not be reached.
 * @example await createProduct({ name: 'Hugo', price: 790, commodity_group_id: 1, tax_class_id: 1 });
 */
export async function createProduct(input: CreateProductInput): Promise<Product> {
  assertOnline();
  const product = await (await pms()).createProduct({ ...input, bookable_via_api: true });
  await addCreatedProduct(product);
  reportChange(product.id, `product created: ${product.name}`, input.price);
  return product;
}

/**
 * Creates a commodity group in the PMS and offers it for new products.
 * @example await createCommodityGroup({ name: 'Cocktails' });
 */
export async function createCommodityGroup(input: {
  name: string;
  parent_id?: number | null;
}): Promise<CommodityGroup> {
  assertOnline();
  const group = await (await pms()).createCommodityGroup({
    name: input.name,
    parent_id: input.parent_id ?? null,
  });
  addCreatedGroup(group);
  reportChange(group.id, `commodity group created: ${group.name}`);
  return group;
}

function assertOnline(): void {
  if (globalThis.navigator?.onLine === false) throw new OfflineError();
}
