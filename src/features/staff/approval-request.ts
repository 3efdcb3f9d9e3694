// Asking for a manager's approval from anywhere in the till. Owns the one open request: a view
// calls `approvalFor(need)`; when a manager is signed in, their own key signs it at once; when a
// waiter is, the shell shows the approval dialog (views/lock/ApprovalDialog.tsx), a manager types
// their PIN, and the promise resolves with the signed token, or null when cancelled. The signing
// code (staff-pins.ts) is loaded when first asked for.
import { openApproval, setOpenApproval } from './open-approval';
import { type ApprovalNeed, needsApproval } from './staff-session';

export { type OpenApproval, openApproval } from './open-approval';

/**
 * The approval token for `need`: undefined when none is needed, null when cancelled.
 * @example const approval = await approvalFor({ action: 'void_sale', subject: sale.id, amountCents }, 'Void R-12');
 *   if (approval === null) return; // cancelled: nothing happens
 */
export async function approvalFor(need: ApprovalNeed, what: string): Promise<string | null | undefined> {
  if (!needsApproval(need)) return undefined;
  const { ownApproval } = await import('./staff-pins');
  const own = await ownApproval(need);
  if (own) return own;
  openApproval()?.finish(null);
  return new Promise((resolve) => {
    setOpenApproval({
      need,
      what,
      finish: (token) => {
        setOpenApproval(null);
        resolve(token);
      },
    });
  });
}

/** The dialog's try of a manager's PIN: finishes the request when it opens their key. */
export async function tryManagerPin(managerId: string, pin: string) {
  const request = openApproval();
  if (!request) return { ok: false as const, reason: 'unknown' as const };
  const { managerApproval } = await import('./staff-pins');
  const outcome = await managerApproval(managerId, pin, request.need);
  if (outcome.ok) request.finish(outcome.token);
  return outcome;
}
