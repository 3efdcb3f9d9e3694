// Creating products and commodity groups in the PMS from the till: a manager's job. Owns refusing when
// offline, asking a manager's approval, calling the PMS directly (not the outbox) with the headers the
// gateway checks, putting the result into the catalogue at once, and reporting each change for the
// audit log. Rules: docs/till-app.md, "Creating products and groups".
import type { CreateProductInput } from '../../pms/client';
import { OfflineError } from '../../pms/errors';
import { APPROVAL_HEADER, newRequestId, SALE_HEADER } from '../../pms/till-headers';
import type { CommodityGroup, Product } from '../../pms/wire';
import { pmsWithHeaders } from '../device';
import { actingStaff, approvalFor, report } from '../staff';
import { addCreatedGroup, addCreatedProduct } from './catalogue';

/** One catalogue change as approved: its id (the approval's subject) and the approval, if one was needed. */
interface ApprovedChange {
  id: string;
  approval?: string;
}

/**
 * Asks for a manager's approval of one change (`what` says it in staff's words; a product's price
 * is the amount approved); null when it was not given.
 */
async function approveChange(amountCents: number | null, what: string): Promise<ApprovedChange | null> {
  const id = newRequestId();
  const approval = await approvalFor({ action: 'catalogue_change', subject: id, amountCents }, what);
  if (approval === null) return null;
  return approval ? { id, approval } : { id };
}

/** The PMS client whose calls carry `change`'s id and approval. */
function pmsFor(change: ApprovedChange) {
  return pmsWithHeaders({
    [SALE_HEADER]: change.id,
    ...(change.approval ? { [APPROVAL_HEADER]: change.approval } : {}),
  });
}

function reportChange(change: ApprovedChange, note: string, amountCents?: number): void {
  report({
    kind: 'catalogue_change',
    staffId: actingStaff().staffId ?? null,
    subject: change.id,
    note,
    ...(amountCents === undefined ? {} : { amountCents }),
    ...(change.approval ? { approval: change.approval } : {}),
  });
}

/**
 * Creates a product in the PMS (price in cents) and adds it to the catalogue; asks for a manager's
 * approval first where one is needed (`what` names the product and price in staff's words).
 * Answers null when the approval was not given: nothing is created.
 * @throws OfflineError when offline; a PmsError when the PMS (or the gateway) refused or could not be reached.
 * @example await createProduct({ name: 'Hugo', price: 790, commodity_group_id: 1, tax_class_id: 1 }, 'New product “Hugo” at €7.90');
 */
export async function createProduct(input: CreateProductInput, what: string): Promise<Product | null> {
  assertOnline();
  const change = await approveChange(input.price, what);
  if (!change) return null;
  const product = await (await pmsFor(change)).createProduct({ ...input, bookable_via_api: true });
  await addCreatedProduct(product);
  reportChange(change, `product ${product.id} created: ${product.name}`, input.price);
  return product;
}

/**
 * Creates a commodity group in the PMS and offers it for new products, after a manager's approval
 * where one is needed. Answers null when the approval was not given: nothing is created.
 * @example await createCommodityGroup({ name: 'Cocktails' }, 'New commodity group “Cocktails”');
 */
export async function createCommodityGroup(
  input: { name: string; parent_id?: number | null },
  what: string,
): Promise<CommodityGroup | null> {
  assertOnline();
  const change = await approveChange(null, what);
  if (!change) return null;
  const group = await (await pmsFor(change)).createCommodityGroup({
    name: input.name,
    parent_id: input.parent_id ?? null,
  });
  addCreatedGroup(group);
  reportChange(change, `commodity group ${group.id} created: ${group.name}`);
  return group;
}

function assertOnline(): void {
  if (globalThis.navigator?.onLine === false) throw new OfflineError();
}
