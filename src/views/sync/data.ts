// The sync view's writes as router actions (pending state and errors from `useSubmission`, see
// views/common/submit.ts): acting on a stuck sale (a late charge too), voiding one, and "Sync now". The work itself is
// in src/features (sync/sync-list.ts, device/pms.ts).
import { action } from '@solidjs/router';
import { syncNow } from '../../features/device';
import { lateCharge, resolve, retry, voidWithReason } from '../../features/sync';

/** What staff can do with a stuck sale: send it again, or settle an unclear step. */
export type SaleDecision = 'retry' | 'applied' | 'resend' | 'late-charge';

export const actOnSaleAction = action(async (saleId: string, decision: SaleDecision) => {
  if (decision === 'retry') return retry(saleId);
  if (decision === 'late-charge') return void (await lateCharge(saleId));
  return resolve(saleId, decision);
}, 'act-on-sale');
export const voidSaleAction = action(voidWithReason, 'void-sale');
/** "Sync now"; a failure is only logged: the sync state in the header says what is wrong. */
export const syncNowAction = action(async () => {
  await syncNow().catch((error: unknown) => console.error('[sync] sync now failed', error));
}, 'sync-now');
