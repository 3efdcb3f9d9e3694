// Rules of paying at the till, pure. Owns: which payment method is cash (a setting, else the
// method whose name says cash/bar/bargeld), which invoice template is preselected, change due, and
// the refusals and failures of a payment
// (`PaymentError`, `SaleNotSavedError`: here rather than in sale.ts so that putting them in words
// needs no sale-recording code). Money is integer cents.
import type { Cents } from '../pms/money';
import type { NamedEntry } from '../pms/wire';

const CASH_NAME = /(^|[^\p{L}])(cash|bar|bargeld|barzahlung|espèces|contanti)([^\p{L}]|$)/iu;
const RECEIPT_TEMPLATE = /(receipt|kassenbeleg|beleg|bon)/i;

/**
 * The id of the cash payment method: `override` when it is one of `methods`, else the first whose
 * name means cash; null when there is none.
 * @example cashMethodId([{ id: 1, name: 'Bar / Cash' }, { id: 2, name: 'Girocard' }], null) === 1
 */
export function cashMethodId(methods: readonly NamedEntry[], override: number | null): number | null {
  if (override !== null && methods.some((m) => m.id === override)) return override;
  return methods.find((m) => CASH_NAME.test(m.name))?.id ?? null;
}

/**
 * The template to preselect: the last one used if it still exists, else one named like a receipt,
 * else the first.
 * @example defaultTemplateId([{ id: 1, name: 'Rechnung' }, { id: 3, name: 'Kassenbeleg / Receipt' }]) === 3
 */
export function defaultTemplateId(templates: readonly NamedEntry[], lastUsed?: number): number | null {
  if (lastUsed !== undefined && templates.some((t) => t.id === lastUsed)) return lastUsed;
  return (templates.find((t) => RECEIPT_TEMPLATE.test(t.name)) ?? templates[0])?.id ?? null;
}

/**
 * Change to hand back, or null while the tendered amount does not cover the total.
 * @example changeDue(1270, 2000) === 730
 */
export function changeDue(totalCents: Cents, tenderedCents: Cents | undefined): Cents | null {
  if (tenderedCents === undefined || tenderedCents < totalCents) return null;
  return tenderedCents - totalCents;
}
