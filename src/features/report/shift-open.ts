// Opening a shift with its float: at the first sign-in after this till's last shift close (the start of
// the drawer's day on this till) staff count the cash the drawer starts with, recorded on the sales
// ledger as `shift-open` (outbox/journal.ts); the cash-up then expects float + cash in - cash out.
// Owns whether the float is still to be asked and reading the typed amount (0.00 to 10,000.00).
import { createResource, type Resource } from 'solid-js';
import { recordShiftOpen } from '../../outbox/journal';
import type { AmountLimits } from '../../pms/money';
import { readAmount } from '../../rules/ticket-lines';
import { listSalesSince } from '../../storage/journal-reads';
import { requestReplay, tillIdentity } from '../device';
import { actingStaff, approvalFor, outletPolicy } from '../staff';
import { currentShiftStart } from './shift';

/** What an opening float can be: none, up to 10,000.00 (a hotel bar's change, with room to spare). */
export const FLOAT_LIMITS: AmountLimits = { min: 0, max: 1_000_000 };

/**
 * Whether this till's current shift is still without its opening (reactive; read again when a
 * shift closes or `refetch` is called after opening one). Call in a component.
 */
export function createFloatNeeded(): [Resource<boolean>, () => void] {
  const [needed, { refetch }] = createResource(currentShiftStart, async (since) => {
    const sales = await listSalesSince(since);
    return !sales.some((sale) => sale.kind === 'shift-open');
  });
  return [needed, () => void refetch()];
}

/** A float above the outlet's limit that no manager approved: nothing was recorded. */
export class FloatNotApprovedError extends Error {
  override readonly name = 'FloatNotApprovedError';
}

/**
 * Opens the shift with the float typed by staff ('150', '150,00'); answers the float in cents. A float
 * above the outlet's limit (the server's, sent with the policy) is first approved by a manager as
 * `over_limit` naming the shift (`describe` says it in staff words), as the ledger asks.
 * @throws MoneyError when the text is no amount within FLOAT_LIMITS; FloatNotApprovedError when the
 * approval was cancelled (nothing is recorded either way).
 * @example await openShiftWithFloat('150,00', describe) === 15000
 */
export async function openShiftWithFloat(
  typed: string,
  describe: (floatCents: number, limitCents: number) => string = () => '',
): Promise<number> {
  const floatCents = readAmount(typed, FLOAT_LIMITS);
  const { tillName } = tillIdentity();
  const shiftId = crypto.randomUUID();
  const limitCents = outletPolicy()?.limits?.floatLimitCents;
  let approvals: string[] = [];
  if (limitCents !== undefined && floatCents > limitCents) {
    const need = { action: 'over_limit' as const, subject: shiftId, amountCents: floatCents };
    const token = await approvalFor(need, describe(floatCents, limitCents));
    if (token === null) throw new FloatNotApprovedError('the float above the limit was not approved');
    if (token) approvals = [token];
  }
  await recordShiftOpen({ ...actingStaff(), till: tillName, shiftId, floatCents, approvals });
  requestReplay();
  return floatCents;
}
