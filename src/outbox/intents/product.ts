// The intent that creates a product in the PMS (a new drink on the bar card, created at the till).
// The till gives every product it creates a unique article number, so an unknown outcome is settled
// by looking for that number among the products bookable through the interface. A product created
// as not bookable through the interface is not listed there, so it cannot be verified.
import type { CreateProductInput } from '../../pms/requests.ts';
import type { IntentDefinition } from './definition.ts';

export const CREATE_PRODUCT = 'product.create@1';

/** The product to create, price in cents; `number` is the till-assigned unique article number. */
export type CreateProductPayload = CreateProductInput & { number: string };

export interface CreatedProduct {
  productId: number;
}

export const createProduct: IntentDefinition<CreateProductPayload, CreatedProduct> = {
  name: CREATE_PRODUCT,
  operation: 'createProduct',
  title: 'Create the product',
  async send(pms, payload) {
    const product = await pms.createProduct(payload);
    return { productId: product.id };
  },
  async reconcile(pms, payload) {
    const products = await pms.getAvailableProducts();
    const found = products.find((product) => product.number === payload.number);
    if (found) {
      return {
        outcome: 'applied',
        result: { productId: found.id },
        note: `Product ${payload.number} exists.`,
      };
    }
    if (payload.bookable_via_api === false) {
      return {
        outcome: 'cannot-verify',
        reason: `Product ${payload.number} is not bookable through the interface, so the PMS does not list it.`,
      };
    }
    return { outcome: 'not-applied', note: `No product ${payload.number} in the PMS.` };
  },
};
