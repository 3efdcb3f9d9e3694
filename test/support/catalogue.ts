// Catalogue fixtures for unit tests: a product as the till holds it once the PMS's answer is parsed
// (src/pms/wire.ts `Product`, also the cached catalogue's record), in the demo bar's group and tax class.
import type { Product } from '../../src/pms/wire.ts';

/** The demo hotel's bar: commodity group 1. */
export const BAR_GROUP = { commodity_group_id: 1, commodity_group_name: 'Bar' } as const;

/** The standard VAT rate's tax class (drinks and most food). */
export const STANDARD_TAX_CLASS = 1;

/**
 * A bookable product with a fixed price, numbered `P-<id>`, no barcode, in the bar group at the
 * standard tax class; `extra` changes any field.
 * @example const CHARGING = product(3, 'Ladestation', 0, { open_price: true });
 */
export function product(id: number, name: string, price = 420, extra: Partial<Product> = {}): Product {
  return {
    id,
    name,
    number: `P-${id}`,
    ean: '',
    price,
    ...BAR_GROUP,
    tax_class_id: STANDARD_TAX_CLASS,
    open_price: false,
    bookable_via_api: true,
    ...extra,
  };
}
