// An amount typed into an admin form ("100", "100.50", "100,50"), as cents. Follows the money rule
// of pms/money.ts (at most two decimals, 0 to 100,000.00); a refusal is a StaffError naming the
// field and the limit broken.
import { MoneyError, moneyProblemText, PRICE_LIMITS, parseMoney } from '../../pms/money.ts';
import { StaffError } from './staff-registry.ts';

export function parseMoneyField(value: unknown, field: string): number {
  try {
    if (typeof value !== 'string') throw new MoneyError('not-an-amount', null, value);
    return parseMoney(value, PRICE_LIMITS);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    throw new StaffError(400, 'amount_invalid', moneyProblemText(error.problem, error.limitCents), field);
  }
}
