// An amount typed into an admin form ("100", "100.50", "100,50"), as cents. Owns the one rule for
// it: at most two decimals, 0 to 100,000.00; anything else is a StaffError naming the field.
import { StaffError } from './staff-registry.ts';

export function parseMoneyField(value: unknown, field: string): number {
  const text = typeof value === 'string' ? value.trim().replace(',', '.') : '';
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text);
  const cents = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
  if (!Number.isInteger(cents) || cents > 10_000_000)
    throw new StaffError(
      400,
      'amount_invalid',
      'an amount of 0.00 to 100000.00 with at most two decimals',
      field,
    );
  return cents;
}
