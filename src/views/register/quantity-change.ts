// Changing a line's quantity from the register (its − and + keys, the number pad): features/ticket/sale-plan.ts
// decides whether a manager approves it first (an open price whose line total passes the limit);
// this says the approval asked for, and a refusal, in words.
import { changeQuantity, openPriceLimitCents, type SaleNeed } from '../../features/ticket';
import { errorText } from '../../words/error-text';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

/**
 * Sets line `key` to `quantity`; resolves true once it is changed, false when refused (the
 * approval was cancelled, or the line takes no more), after `onMessage` said why.
 * @example if (await changeLineQuantity(line.key, 30, showMessage)) closePad();
 */
export async function changeLineQuantity(
  key: string,
  quantity: number,
  onMessage: (text: string) => void,
): Promise<boolean> {
  try {
    if (await changeQuantity(key, quantity, raiseWords)) return true;
    onMessage(t('ticket.error.quantity-not-approved', { limit: formatCents(openPriceLimitCents()) }));
  } catch (error) {
    onMessage(errorText(error));
  }
  return false;
}

/** The approval dialog's words for an open-price line raised to a quantity: "Open price €300.00: 2 × Massage". */
function raiseWords(need: SaleNeed): string {
  const name = need.action === 'open_price' ? `${need.line.quantity} × ${need.line.name}` : '';
  return t('openPrice.approval', { amount: formatCents(need.amountCents), name });
}
