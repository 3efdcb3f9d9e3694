// PMS calls for the till's catalogue and payment set-up: products, commodity groups, tax classes
// and booking accounts, invoice templates and payment methods. Part of the PMS client (client.ts).
import { callPms, type Transport } from './http.ts';
import { apiPath, type CreateProductInput, checkRequest, wireAmount } from './requests.ts';
import { CreateCommodityGroupRequest, CreateProductRequest, Id, Responses } from './wire.ts';

/**
 * The catalogue calls of the PMS client, bound to a transport.
 * @example const { getAvailableProducts } = catalogueCalls(transport);
 */
export function catalogueCalls(transport: Transport) {
  return {
    /** Products marked bookable through the interface; prices in cents. */
    getAvailableProducts: () =>
      callPms(transport, {
        operation: 'getAvailableProducts',
        path: apiPath`/get/products/available`,
        response: Responses.productsAvailable,
      }),

    /** Optional (package) products of a rate. */
    getOptionalProducts: async (rateId: number) => {
      checkRequest('getOptionalProducts', Id, rateId);
      return callPms(transport, {
        operation: 'getOptionalProducts',
        path: apiPath`/get/products/optional/${rateId}`,
        response: Responses.productsOptional,
      });
    },

    /** Creates a product (price in cents); answers it with its new id. */
    createProduct: async (input: CreateProductInput) => {
      const body = { ...input, price: wireAmount('createProduct', input.price, 'price') };
      checkRequest('createProduct', CreateProductRequest, body);
      return callPms(transport, {
        operation: 'createProduct',
        path: apiPath`/create/products`,
        body,
        response: Responses.createProduct,
      });
    },

    /** Creates a commodity group (a product group, optionally under a parent group). */
    createCommodityGroup: async (body: CreateCommodityGroupRequest) => {
      checkRequest('createCommodityGroup', CreateCommodityGroupRequest, body);
      return callPms(transport, {
        operation: 'createCommodityGroup',
        path: apiPath`/create/commoditygroups`,
        body,
        response: Responses.createCommodityGroup,
      });
    },

    /** Tax classes and booking accounts of the hotel. */
    getTaxClassesAccounts: () =>
      callPms(transport, {
        operation: 'getTaxClassesAccounts',
        path: apiPath`/get/hotel/taxclasses_accounts`,
        response: Responses.taxClassesAccounts,
      }),

    /** Invoice templates and payment methods, one of each needed to close an invoice. */
    getPaymentOptions: () =>
      callPms(transport, {
        operation: 'getPaymentOptions',
        path: apiPath`/get/hotel/payment`,
        response: Responses.payment,
      }),
  };
}
