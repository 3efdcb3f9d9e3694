// The admin page's form of an outlet's limits on one record (issue 30; ledger/bounds.ts): a sale's
// total, a line's total, a tip as a share and as an amount, a drawer's float. Above them a tablet
// asks a manager's `over_limit` approval. Manager-only like every /admin page; a refusal names the
// field and changes nothing.
import { html } from 'hono/html';
import type { OutletLimitsWire } from '../../pms/staff-calls.ts';
import { LimitsError, type OutletLimitsStore } from '../ledger/bounds.ts';
import { parseMoneyField } from '../staff/money-field.ts';
import { StaffError } from '../staff/staff-registry.ts';

export interface LimitsWords {
  limitsTitle: string;
  saleLimit: string;
  lineLimit: string;
  tipLimitPercent: string;
  tipLimit: string;
  floatLimit: string;
  saveLimits: string;
}

const MONEY_FIELDS = [
  ['saleLimit', 'saleLimitCents'],
  ['lineLimit', 'lineLimitCents'],
  ['tipLimit', 'tipLimitCents'],
  ['floatLimit', 'floatLimitCents'],
] as const;

/**
 * Sets `outlet`'s limits from the posted form. @throws StaffError 400 naming the field (nothing set)
 * @example setOutletLimits(hub.ledger.limits, 'bar', { saleLimit: '1500,00', ... })
 */
export function setOutletLimits(
  store: OutletLimitsStore,
  outlet: string,
  form: Record<string, unknown>,
): OutletLimitsWire {
  const limits = { ...store.of(outlet) };
  for (const [name, key] of MONEY_FIELDS) limits[key] = parseMoneyField(form[name], name);
  const percent = String(form.tipLimitPercent ?? '').trim();
  if (!/^\d{1,3}$/.test(percent))
    throw new StaffError(
      400,
      'amount_invalid',
      'tipLimitPercent: a whole percent from 0 to 100',
      'tipLimitPercent',
    );
  limits.tipLimitPercent = Number(percent);
  try {
    return store.set(outlet, limits);
  } catch (error) {
    if (error instanceof LimitsError) throw new StaffError(400, 'amount_invalid', error.message, error.field);
    throw error;
  }
}

const amount = (cents: number) => (cents / 100).toFixed(2);

/** The form of one outlet's limits, filled with what is set. */
export function limitsForm(words: LimitsWords, outlet: string, limits: OutletLimitsWire) {
  return html`<form method="post" action="/admin/limits/${outlet}" data-limits="${outlet}">
<h4>${words.limitsTitle}</h4>
<label>${words.saleLimit} <input name="saleLimit" inputmode="decimal" required value="${amount(limits.saleLimitCents)}"></label>
<label>${words.lineLimit} <input name="lineLimit" inputmode="decimal" required value="${amount(limits.lineLimitCents)}"></label>
<label>${words.tipLimitPercent} <input name="tipLimitPercent" inputmode="numeric" required value="${limits.tipLimitPercent}"></label>
<label>${words.tipLimit} <input name="tipLimit" inputmode="decimal" required value="${amount(limits.tipLimitCents)}"></label>
<label>${words.floatLimit} <input name="floatLimit" inputmode="decimal" required value="${amount(limits.floatLimitCents)}"></label>
<button>${words.saveLimits}</button></form>`;
}
