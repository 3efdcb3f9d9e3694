// The catalogue's three reads (products, payment options, tax classes) made conditionally: each
// names the ETag of the answer the tablet cached, and an unchanged one comes back as 304 with no
// body (src/server/catalogue/unchanged-answers.ts), so a refresh with nothing new parses nothing.
import { callPmsIfChanged, type IfChanged, type Transport } from './http.ts';
import { OPERATIONS } from './operations.ts';
import type { PaymentOptions, Product, TaxClassesAccounts } from './wire.ts';

/** The ETags of the cached answers; a read without one is a plain read. */
export interface CatalogueEtags {
  products?: string;
  payment?: string;
  tax?: string;
}

export interface CatalogueAnswers {
  products: IfChanged<Product[]>;
  payment: IfChanged<PaymentOptions>;
  tax: IfChanged<TaxClassesAccounts>;
}

export interface CatalogueReads {
  /** The three reads at once, each unchanged or with its new data and ETag. Absent on fakes. */
  readCatalogueIfChanged?(etags: CatalogueEtags): Promise<CatalogueAnswers>;
}

export function catalogueReadsOver(transport: Transport): Required<CatalogueReads> {
  const read = <N extends 'getAvailableProducts' | 'getPaymentOptions' | 'getTaxClassesAccounts'>(
    operation: N,
    etag: string | undefined,
  ) => {
    const spec = OPERATIONS[operation];
    return callPmsIfChanged(
      transport,
      { operation, path: spec.request().path, response: spec.response },
      etag,
    );
  };
  return {
    async readCatalogueIfChanged(etags) {
      const [products, payment, tax] = await Promise.all([
        read('getAvailableProducts', etags.products),
        read('getPaymentOptions', etags.payment),
        read('getTaxClassesAccounts', etags.tax),
      ]);
      return { products, payment, tax } as CatalogueAnswers;
    },
  };
}
