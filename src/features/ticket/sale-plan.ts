// What paying the current ticket records, decided in one place: the sale's lines and what stays
// open (whole, a part picked by lines, the next of equal parts; a ticket discount re-prices them),
// the id it is recorded under, the approvals it carries and those a manager still has to give
// (open prices by line total, discounts above the outlet's limit), and the approval a quantity
// raise needs. Views ask and render; approvals are asked through approval-request.ts. Why: docs/sale-plan.md.
import type { Cents } from '../../pms/money';
import { type Discount, discountCents, discountedLines, discountPercent } from '../../rules/discounts';
import type { PartOfBill } from '../../rules/equal-share';
import { partOf, type Split, splitEvenly, sumOf, type TicketPart } from '../../rules/split';
import type { TicketLine } from '../../rules/ticket-lines';
import { type ApprovalNeed, approvalFor, needsApproval, outletPolicy } from '../staff';
import { currentTicket, setQuantity, type Ticket, ticketPartSaleId, ticketSaleId } from './ticket';

/** A tip of at most this is never held to its share of the sale (src/server/ledger/bounds.ts). */
const TIP_SHARE_FLOOR_CENTS = 500;

/** The limit when the server has not told one yet: the server's default policy (100.00). */
const DEFAULT_OPEN_PRICE_LIMIT_CENTS = 10_000;

/** How staff chose to pay: which part, and a discount on the whole ticket (the pay screen's). */
export interface SaleChoice {
  split: Split;
  discount?: Discount;
}

/** What the pay screen says about the part being paid (each case has its words). */
export type PartSummary =
  | { kind: 'equal-part'; number: number; count: number; restCents: Cents }
  | { kind: 'part'; restCents: Cents }
  | { kind: 'last-part'; number: number; count: number }
  | { kind: 'whole-rest'; paid: number; count: number };

/** A manager's approval the sale needs before it is recorded; the view says it in words. */
export type SaleNeed =
  | { action: 'discount'; amountCents: Cents; percent: number; beforeCents: Cents }
  | { action: 'open_price'; amountCents: Cents; line: TicketLine }
  /** Above the outlet's limit of a sale's or a line's total: the largest amount above its limit. */
  | { action: 'over_limit'; amountCents: Cents; limitCents: Cents };

export interface SalePlan {
  /** The lines this sale records, priced as paid (a split's share, a ticket discount taken off). */
  lines: TicketLine[];
  /** What stays open on the ticket after it: none when it closes the ticket. */
  rest: TicketLine[];
  totalCents: Cents;
  /** The part handed to sale.ts; undefined for the whole ticket as it stands. */
  part: TicketPart | undefined;
  closesTicket: boolean;
  /** A part of a split bill, or what was left of one (the gateway does not read its prices as a discount). */
  split: boolean;
  /** The ticket discount: what it takes off and the total before. */
  discount?: { cents: Cents; percent: number; beforeCents: Cents };
  summary?: PartSummary;
}

/** What an approved sale is recorded with: its id (once fixed) and the approvals asked for it now. */
export interface ApprovedSale {
  saleId?: string;
  approvals: string[];
}

/** Why a sale was not approved: cancelled, or a 100 % discount where no manager can give one. */
export interface SaleRefused {
  refused: 'cancelled' | 'full-needs-manager';
  need?: SaleNeed;
}

/** Above this amount an open-price line (its total) needs a manager or staff's confirmation (reactive). */
export function openPriceLimitCents(): Cents {
  return outletPolicy()?.openPriceLimitCents ?? DEFAULT_OPEN_PRICE_LIMIT_CENTS;
}

/**
 * The split the pay screen starts with: an equal split under way goes on with its next part (the
 * last part is the whole rest), else the whole ticket.
 * @example const [split, setSplit] = createSignal(nextSplit());
 */
export function nextSplit(ticket: Ticket = currentTicket()): Split {
  const under = ticket.equalSplit;
  const left = under ? under.parts - under.paid : 0;
  return left >= 2 ? { mode: 'equal', parts: left } : { mode: 'whole' };
}

/**
 * What paying `ticket` as `choice` would record (reactive when the ticket is the current one).
 * @throws DiscountError for a discount the ticket cannot take.
 * @example planSale({ split: { mode: 'equal', parts: 3 } }).totalCents
 */
export function planSale(choice: SaleChoice, ticket: Ticket = currentTicket()): SalePlan {
  const beforeCents = sumOf(ticket.lines);
  const cents = choice.discount ? discountCents(beforeCents, choice.discount) : 0;
  const lines =
    cents > 0 && choice.discount ? discountedLines(ticket.lines, choice.discount) : [...ticket.lines];
  const part =
    partOf(lines, choice.split) ?? (cents > 0 ? { lines, rest: [], totalCents: sumOf(lines) } : undefined);
  const rest = part?.rest ?? [];
  return {
    lines: part?.lines ?? lines,
    rest,
    totalCents: part?.totalCents ?? beforeCents,
    part,
    closesTicket: rest.length === 0,
    split: rest.length > 0 || ticket.split === true,
    ...(cents > 0 ? { discount: { cents, percent: discountPercent(beforeCents, cents), beforeCents } } : {}),
    ...summaryOf(part, ticket),
  };
}

function summaryOf(part: TicketPart | undefined, ticket: Ticket): { summary?: PartSummary } {
  const paid = ticket.equalSplit?.paid ?? 0;
  const restCents = sumOf(part?.rest ?? []);
  if (part?.ofParts)
    return { summary: { kind: 'equal-part', number: paid + 1, count: paid + part.ofParts, restCents } };
  if (part) return { summary: { kind: 'part', restCents } };
  const under = ticket.equalSplit;
  if (!under) return {};
  return under.parts - under.paid === 1
    ? { summary: { kind: 'last-part', number: under.parts, count: under.parts } }
    : { summary: { kind: 'whole-rest', paid: under.paid, count: under.parts } };
}

/**
 * The managers' approvals `plan` still needs: a ticket discount above the outlet's limit, and an
 * open price whose line total is above it that no approval the sale carries covers (a part paid
 * on its own carries none: its own sale needs its own).
 */
export async function saleNeeds(
  plan: SalePlan,
  ticket: Ticket = currentTicket(),
  tipCents = 0,
): Promise<SaleNeed[]> {
  const needs: SaleNeed[] = [];
  if (plan.discount) {
    const { cents, percent, beforeCents } = plan.discount;
    if (needsApproval({ action: 'discount', subject: '', amountCents: cents, percent }))
      needs.push({ action: 'discount', amountCents: cents, percent, beforeCents });
  }
  const carried = plan.closesTicket ? (ticket.approvals ?? []) : [];
  const open = await openPriceNeed(plan.lines, carried);
  if (open) needs.push(open);
  const over = overLimitNeed(plan, tipCents);
  if (over) needs.push(over);
  return needs;
}

/**
 * The `over_limit` approval `plan` needs where its total or a line's total is above the outlet's
 * limits the server sent (src/server/ledger/bounds.ts holds the same rule): one, for the largest
 * amount above its limit, as the server asks it.
 */
export function overLimitNeed(
  plan: Pick<SalePlan, 'lines' | 'totalCents'>,
  tipCents = 0,
): SaleNeed | undefined {
  const limits = outletPolicy()?.limits;
  if (!limits) return undefined;
  const above: { amountCents: Cents; limitCents: Cents }[] = [];
  if (Math.abs(plan.totalCents) > limits.saleLimitCents)
    above.push({ amountCents: Math.abs(plan.totalCents), limitCents: limits.saleLimitCents });
  for (const line of plan.lines) {
    const total = Math.abs(lineTotal(line));
    if (total > limits.lineLimitCents) above.push({ amountCents: total, limitCents: limits.lineLimitCents });
  }
  // A tip typed on the till: above its amount limit, or above its share of the sale (a small one never).
  const share = Math.max(
    Math.floor((Math.abs(plan.totalCents) * limits.tipLimitPercent) / 100),
    TIP_SHARE_FLOOR_CENTS,
  );
  if (tipCents > 0 && (tipCents > limits.tipLimitCents || tipCents > share))
    above.push({ amountCents: tipCents, limitCents: Math.min(limits.tipLimitCents, share) });
  if (above.length === 0) return undefined;
  const top = above.reduce((most, item) => (item.amountCents > most.amountCents ? item : most));
  if (!needsApproval({ action: 'over_limit', subject: '', amountCents: top.amountCents })) return undefined;
  return { action: 'over_limit', amountCents: top.amountCents, limitCents: above[0]!.limitCents };
}

/**
 * The open-price approval `lines` need beyond those `carried` cover: one for their largest open-price
 * line total above the limit (the server holds the line's total to it, not its unit price).
 */
async function openPriceNeed(
  lines: readonly TicketLine[],
  carried: readonly string[],
): Promise<SaleNeed | undefined> {
  let largest: TicketLine | undefined;
  for (const line of lines) {
    const total = line.unitPriceCents * line.quantity;
    if (line.openPrice && total > openPriceLimitCents() && total > lineTotal(largest)) largest = line;
  }
  if (!largest) return undefined;
  const need: SaleNeed = { action: 'open_price', amountCents: lineTotal(largest), line: largest };
  if (!needsApproval({ action: 'open_price', subject: '', amountCents: need.amountCents })) return undefined;
  return (await approvedOpenPriceCents(carried)) >= need.amountCents ? undefined : need;
}

const lineTotal = (line: TicketLine | undefined) => (line ? line.unitPriceCents * line.quantity : 0);

/** The largest open price the `tokens` approve (read unchecked: the server checks them). */
async function approvedOpenPriceCents(tokens: readonly string[]): Promise<Cents> {
  if (tokens.length === 0) return 0;
  const { readApproval } = await import('../../pms/staff-calls'); // with its schema, off the first screen
  return tokens.reduce((most, token) => {
    const approval = readApproval(token);
    return approval?.action === 'open_price' ? Math.max(most, approval.amountCents ?? 0) : most;
  }, 0);
}

/**
 * Asks a manager for each approval `choice`'s sale needs (`describe` says it in staff words), naming
 * the id it is recorded under: the ticket's, or its next part's, fixed now (also when `fixId`, e.g.
 * before a card is charged for it) and kept with the ticket across reloads. Refused when an approval
 * is cancelled, or for a 100 % discount nobody may approve.
 * @example const approved = await approveSale(choice, describe); if ('refused' in approved) sayWhy(approved);
 */
export async function approveSale(
  choice: SaleChoice,
  describe: (need: SaleNeed) => string,
  fixId: true,
  tipCents?: number,
): Promise<Required<ApprovedSale> | SaleRefused>;
export async function approveSale(
  choice: SaleChoice,
  describe: (need: SaleNeed) => string,
  fixId?: boolean,
): Promise<ApprovedSale | SaleRefused>;
export async function approveSale(
  choice: SaleChoice,
  describe: (need: SaleNeed) => string,
  fixId = false,
  tipCents = 0,
): Promise<ApprovedSale | SaleRefused> {
  const plan = planSale(choice);
  const needs = await saleNeeds(plan, currentTicket(), tipCents);
  if (plan.discount && plan.discount.percent >= 100 && !needs.some((need) => need.action === 'discount'))
    return { refused: 'full-needs-manager' };
  const ticket = currentTicket();
  const known = plan.closesTicket ? ticket.saleId : ticket.partSaleId;
  // An id is fixed only when something names it (an approval, a card payment): a sale without one gets its own.
  if (needs.length === 0 && !fixId) return { ...(known ? { saleId: known } : {}), approvals: [] };
  const saleId = plan.closesTicket ? ticketSaleId() : ticketPartSaleId();
  const approvals: string[] = [];
  for (const need of needs) {
    const token = await approvalFor(approvalNeedOf(need, saleId), describe(need));
    if (token === null) return { refused: 'cancelled', need };
    if (token) approvals.push(token);
  }
  return { saleId, approvals };
}

function approvalNeedOf(need: SaleNeed, subject: string): ApprovalNeed {
  return need.action === 'discount'
    ? { action: 'discount', subject, amountCents: need.amountCents, percent: need.percent }
    : { action: need.action, subject, amountCents: need.amountCents };
}

/**
 * The approval token for a change of the ticket's lines (an open price, a line discount) that
 * `need` describes, naming the ticket's sale: undefined when none is needed, null when cancelled.
 * @example const token = await approveTicketChange({ action: 'open_price', amountCents: 25_000 }, what);
 */
export async function approveTicketChange(
  need: Omit<ApprovalNeed, 'subject'>,
  what: string,
): Promise<string | null | undefined> {
  if (!needsApproval({ ...need, subject: '' })) return undefined;
  return approvalFor({ ...need, subject: ticketSaleId() }, what); // the id is fixed once an approval names it
}

/**
 * Sets the quantity of the ticket's line `key`; an open-price line whose new total is above the limit
 * (and above what the ticket's approvals cover) is first approved by a manager, naming the ticket's
 * sale. Without an approval to ask, it changes at once, in the order of the taps. Resolves false
 * when the approval was cancelled (nothing changes).
 * @throws TicketLineError above the most a line takes.
 * @example if (!(await changeQuantity('o1', 3, (cents) => `Open price ${cents}`))) sayNotApproved();
 */
export async function changeQuantity(
  key: string,
  quantity: number,
  describe: (need: SaleNeed) => string,
): Promise<boolean> {
  const ticket = currentTicket();
  const line = ticket.lines.find((candidate) => candidate.key === key);
  const raised = line?.openPrice && quantity > line.quantity ? { ...line, quantity } : undefined;
  const mayNeed =
    raised &&
    lineTotal(raised) > openPriceLimitCents() &&
    needsApproval({ action: 'open_price', subject: '', amountCents: lineTotal(raised) });
  if (!mayNeed) {
    setQuantity(key, quantity);
    return true;
  }
  const need = await openPriceNeed([raised], ticket.approvals ?? []);
  if (!need) {
    setQuantity(key, quantity);
    return true;
  }
  const token = await approveTicketChange(approvalNeedOf(need, ''), describe(need));
  if (token === null) return false;
  setQuantity(key, quantity, token ?? undefined);
  return true;
}

/**
 * The sale's fixed id and approvals as sale.ts records them: the payment's (asked by `approveSale`),
 * and the ticket's (an open price or a line discount) when what is left of it is paid; and whether it
 * is a part of a split bill, or what was left of one.
 */
export function recordedAs(
  payment: { part?: TicketPart; saleId?: string; approvals?: string[] },
  ticket: Ticket = currentTicket(),
): { saleId?: string; approvals?: string[]; split?: boolean } {
  const rest = payment.part?.rest.length ?? 0;
  const carried = rest === 0 && ticket.saleId && ticket.approvals?.length ? ticket.approvals : [];
  const saleId = payment.saleId ?? (carried.length > 0 ? ticket.saleId : undefined);
  const approvals = [...carried, ...(payment.approvals ?? [])];
  const split = rest > 0 || ticket.split === true;
  return {
    ...(saleId ? { saleId } : {}),
    ...(approvals.length > 0 ? { approvals } : {}),
    ...(split ? { split } : {}),
  };
}

/** A part of a bill paid in equal parts, as the sales ledger records it: which part, and the bill's lines. */
export interface BillPart extends PartOfBill {
  lines: TicketLine[];
}

/**
 * Which part of which bill paying `part` of `ticket` is (`discounted`: with a ticket discount taken
 * now): the first of an equal split starts a bill (`newBillId` names it), each next equal part or the
 * last part continues it. Undefined for anything else (the parts' count changed, the rest changed,
 * a discount on a later part, a ticket split before this release): recorded as its own lines, as before.
 * @example billPartOf(planSale(choice).part, currentTicket(), false, crypto.randomUUID)
 */
export function billPartOf(
  part: TicketPart | undefined,
  ticket: Ticket,
  discounted: boolean,
  newBillId: () => string,
): BillPart | undefined {
  const under = ticket.equalSplit;
  if (!under) {
    if (!part?.ofParts || !part.splitFrom) return undefined;
    return { billId: newBillId(), part: 1, parts: part.ofParts, lines: part.splitFrom };
  }
  const bill = under.bill;
  const left = under.parts - under.paid;
  const continues = part ? part.ofParts === left : left === 1;
  if (!bill || discounted || !continues) return undefined;
  const billCents = sumOf(bill.lines);
  const paidCents = splitEvenly(billCents, under.parts)
    .slice(0, under.paid)
    .reduce((sum, cents) => sum + cents, 0);
  if (sumOf(ticket.lines) !== billCents - paidCents) return undefined;
  return { billId: bill.id, part: under.paid + 1, parts: under.parts, lines: bill.lines };
}
