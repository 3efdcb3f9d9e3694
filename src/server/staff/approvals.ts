// Managers' approvals on the server, in one place: which tokens of a request pass for a use (each
// checked by staff-registry.ts), what a sale needs approved (an open price above the outlet's limit, a
// discount beyond it, a void, a take-back), and spending an approval for good in the caller's
// transaction, so it is never used twice. The ledger, the gateway's checks and the audit reports all go
// through here. Rules: docs/security.md, "Manager approvals".
import { type Approval, type ApprovalAction, readApproval } from '../../pms/staff-calls.ts';
import type { HubDb } from '../hub/hub-db.ts';
import { type ApprovalUse, StaffError, type StaffMember, type StaffRegistry } from './staff-registry.ts';

/** A token that passed its check: the approval, its manager, and what writes left of its amount. */
export interface CheckedApproval {
  approval: Approval;
  manager: StaffMember;
  amountLeftCents: number;
}

type Staff = StaffRegistry;

/**
 * Every token of `tokens` that passes for `use`. Tokens for other actions are not tried; when none
 * passes, the refusal of the first one tried, or approval_required.
 * @throws StaffError 403 with the refusal's code
 */
export async function passingApprovals(
  staff: Staff,
  tokens: readonly string[],
  use: ApprovalUse,
  forWrite = false,
): Promise<CheckedApproval[]> {
  const wanted: readonly ApprovalAction[] = typeof use.action === 'string' ? [use.action] : use.action;
  const ofAction = tokens.filter((token) => {
    const action = readApproval(token)?.action;
    return action !== undefined && wanted.includes(action);
  });
  const passed: CheckedApproval[] = [];
  let refusal: StaffError | undefined;
  for (const token of ofAction) {
    try {
      passed.push(await staff.checkApproval(token, use, forWrite));
    } catch (error) {
      if (!(error instanceof StaffError)) throw error;
      refusal ??= error;
    }
  }
  if (passed.length === 0) throw refusal ?? approvalRequired();
  return passed;
}

export const approvalRequired = () =>
  new StaffError(403, 'approval_required', `this needs a manager's approval`, 'approval');

/** What lines priced against the catalogue ask for, judged against the outlet's limits. */
export interface PriceNeeds {
  /** The highest line total (price x quantity) above the open-price limit that needs approval; null when none. */
  openPriceCents: number | null;
  /** Cents taken off the catalogue prices in all (0 when none). */
  discountCents: number;
  /** The product most beyond the discount limit, in words; null when every one is within it. */
  beyondLimit: string | null;
}

/** A line as the price rules read it: a product sold `quantity` times at `priceCents`. */
export interface PricedAgainstCatalogue {
  productId: number;
  quantity: number;
  priceCents: number;
  /** The catalogue's price; null for an open-price product. */
  catalogueCents: number | null;
}

/**
 * What `lines` need approved under `limits`. A discount is judged per product: the cents it is sold
 * below its catalogue price, over all its lines, against the limit's share of its catalogue value,
 * give or take a cent per line (a ticket discount is shared out over the lines to the cent).
 */
export function priceNeeds(
  lines: readonly PricedAgainstCatalogue[],
  limits: { openPriceLimitCents: number; discountLimitPercent: number },
): PriceNeeds {
  let openPriceCents: number | null = null;
  const products = new Map<number, { full: number; charged: number; lines: number }>();
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    const aboveCatalogue = line.catalogueCents === null || line.priceCents > line.catalogueCents;
    // The limit holds for the line's total too (issue 20: 99.99 x 999 went through unapproved);
    // the till sends an open price as one item, so for it the two are the same.
    const lineTotal = line.priceCents * line.quantity;
    if (aboveCatalogue && lineTotal > limits.openPriceLimitCents)
      openPriceCents = Math.max(openPriceCents ?? 0, lineTotal);
    if (line.catalogueCents === null) continue;
    const sum = products.get(line.productId) ?? { full: 0, charged: 0, lines: 0 };
    sum.full += line.catalogueCents * line.quantity;
    sum.charged += line.priceCents * line.quantity;
    sum.lines += 1;
    products.set(line.productId, sum);
  }
  let discountCents = 0;
  let beyondLimit: string | null = null;
  let worst = 0;
  for (const [productId, sum] of products) {
    const off = sum.full - sum.charged;
    if (off <= 0) continue;
    discountCents += off;
    const allowed = (sum.full * limits.discountLimitPercent) / 100 + sum.lines;
    const percent = (off * 100) / sum.full;
    if (off > allowed && percent > worst) {
      worst = percent;
      beyondLimit = `product ${productId} is sold ${Math.round(percent * 10) / 10} % below its catalogue price`;
    }
  }
  return { openPriceCents, discountCents, beyondLimit };
}

/**
 * Spends `approval` for good on `saleSeq`'s record, inside the caller's transaction: refused when
 * any record or PMS write used it before (ledger_approvals, used_approvals). Also marks it used for
 * the gateway's checks of writes outside the ledger.
 * @throws StaffError 403 approval_used
 */
export function spendForRecord(
  db: HubDb,
  checked: CheckedApproval,
  saleSeq: number,
  at: string,
  amountCents: number | null,
): void {
  const { approval, manager } = checked;
  const earlier = db
    .prepare(
      `SELECT 1 FROM ledger_approvals WHERE approval_id = ?
       UNION ALL SELECT 1 FROM used_approvals
        WHERE id = ? AND (write_done = 1 OR amount_used_cents > 0 OR subject <> ?)`,
    )
    .get(approval.id, approval.id, approval.subject);
  if (earlier) throw new StaffError(403, 'approval_used', 'this approval was used already', 'approval');
  db.prepare(
    `INSERT INTO ledger_approvals (approval_id, sale_seq, action, manager_id, manager_name, amount_cents)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(approval.id, saleSeq, approval.action, manager.id, manager.name, amountCents);
  db.prepare(
    `INSERT INTO used_approvals (id, action, subject, used_at, write_done, amount_used_cents)
       VALUES (?, ?, ?, ?, 1, ?)
     ON CONFLICT (id) DO UPDATE SET write_done = 1, amount_used_cents = excluded.amount_used_cents`,
  ).run(approval.id, approval.action, approval.subject, at, approval.amountCents ?? 0);
}

/** How an approval reads in the audit log: "discount approved by Anna". */
export function approvedText(action: ApprovalAction, managerName: string): string {
  return `${action.replace(/_/g, ' ')} approved by ${managerName}`;
}

/** Claims on approvals by PMS writes, for the gateway's checks (write-approvals.ts). */
export function createApprovalClaims(db: HubDb, now: () => Date) {
  return {
    /**
     * Claims `approval` for one PMS write before it is forwarded: false when a write or a record
     * has it already (or it was spent on another subject). Atomic: of two writes sent together, one wins.
     */
    claim: (approval: Approval): boolean => claimApproval(db, approval, now()),
    /** Gives back a claim whose write the PMS did not take. */
    release: (approval: Approval): void => releaseApproval(db, approval),
  };
}

function claimApproval(db: HubDb, approval: Approval, at: Date): boolean {
  return (
    db
      .prepare(
        `INSERT INTO used_approvals (id, action, subject, used_at, write_done) VALUES (?, ?, ?, ?, 1)
         ON CONFLICT (id) DO UPDATE SET write_done = 1
           WHERE write_done = 0 AND subject = excluded.subject
             AND NOT EXISTS (SELECT 1 FROM ledger_approvals WHERE approval_id = excluded.id)`,
      )
      .run(approval.id, approval.action, approval.subject, at.toISOString()).changes === 1
  );
}

function releaseApproval(db: HubDb, approval: Approval): void {
  db.prepare('UPDATE used_approvals SET write_done = 0 WHERE id = ?').run(approval.id);
}
