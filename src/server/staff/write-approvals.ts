// The gateway's check of manager approvals on PMS writes, before anything is forwarded: take-backs on
// `remove/products`, open prices and discounts on `add/products` and `add/invoice/products` (against the
// catalogue prices it reads from the PMS), and catalogue changes (`checkCatalogueApprovals`). Claims an
// approval before forwarding and gives it back if the PMS refuses; refusals are 403 with a code. The
// rules on tokens and prices are approvals.ts's. Rules: docs/security.md, "Manager approvals".
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from '../../node-http/errors.ts';
import { requestHeader } from '../../node-http/headers.ts';
import { serverLog } from '../../node-http/log.ts';
import { parseMoney } from '../../pms/money.ts';
import {
  APPROVAL_HEADER,
  type Approval,
  readApproval,
  SALE_HEADER,
  SPLIT_HEADER,
} from '../../pms/staff-calls.ts';
import { deviceOf } from '../hub/device-routes.ts';
import type { Device, Hub } from '../hub/hub.ts';
import { recordedSaleOf } from '../ledger/write-matching.ts';
import {
  approvedText,
  type CheckedApproval,
  type PricedAgainstCatalogue,
  type PriceNeeds,
  passingApprovals,
  priceNeeds,
} from './approvals.ts';
import { type CataloguePrice, type CataloguePrices, PriceUnknownError } from './catalogue-prices.ts';
import { type ApprovalUse, StaffError } from './staff-registry.ts';

const TAKE_BACK_PATH = '/api/set/remove/products';
const PRICED_PATHS = new Set(['/api/set/add/products', '/api/set/add/invoice/products']);
/** How long a refused price-check tells the tablet to wait before sending again. */
const PRICE_RETRY_SECONDS = 30;

/** One product line of a write, as far as the check reads it. */
interface PricedLine {
  /** Where it is in the body, e.g. `products.2` (the field a refusal names). */
  field: string;
  productId: number | null;
  quantity: number;
  /** The unit price the till set (cents); null where none is set (the PMS charges its own). */
  priceCents: number | null;
}

/** The product lines of a write; what the PMS would refuse anyway (bad amounts, no id) is left to it. */
function linesOf(body: unknown): PricedLine[] {
  const lines = (body as { products?: unknown; optional_products?: unknown } | null) ?? {};
  const key = Array.isArray(lines.products) ? 'products' : 'optional_products';
  const list = Array.isArray(lines[key]) ? (lines[key] as unknown[]) : [];
  return list.map((raw, index) => {
    const line = (raw ?? {}) as { id?: unknown; quantity?: unknown; price?: unknown };
    let priceCents: number | null = null;
    if (typeof line.price === 'number' || typeof line.price === 'string') {
      try {
        priceCents = parseMoney(line.price);
      } catch {
        // not an amount: the PMS refuses it with the field named
      }
    }
    const quantity = Number(line.quantity ?? 1);
    return {
      field: `${key}.${index}`,
      productId: Number.isSafeInteger(line.id) ? (line.id as number) : null,
      quantity: Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 1,
      priceCents,
    };
  });
}

/**
 * The write's priced lines against the catalogue (`byId`), as approvals.ts's price rules read them.
 * @throws ApiError 422 `price_unknown` for a product the catalogue does not list.
 */
function againstCatalogue(
  lines: readonly PricedLine[],
  byId: ReadonlyMap<number, CataloguePrice>,
): PricedAgainstCatalogue[] {
  const priced: PricedAgainstCatalogue[] = [];
  for (const line of lines) {
    if (line.priceCents === null || line.productId === null) continue;
    const product = byId.get(line.productId);
    if (!product)
      throw new ApiError(
        422,
        `${line.field}.id: the gateway cannot check this price: product ${line.productId} is not in the PMS's catalogue`,
        `${line.field}.id`,
        'price_unknown',
      );
    priced.push({
      productId: line.productId,
      quantity: line.quantity,
      priceCents: line.priceCents,
      catalogueCents: product.openPrice ? null : product.priceCents,
    });
  }
  return priced;
}

/** The approval tokens of the write's header (several, comma-separated, where a sale has several). */
function tokensOf(c: Context): string[] {
  return (requestHeader(c, APPROVAL_HEADER) ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
}

type Checked = CheckedApproval;

/** A 403 for the refusal, recorded in the audit log first. */
function refused(hub: Hub, device: Device, subject: string, action: string, error: StaffError, why = '') {
  hub.audit.append({
    kind: 'approval_refused',
    deviceId: device.id,
    deviceName: device.name,
    subject: subject || null,
    note: `${action}: ${error.code}${why ? ` (${why})` : ''}`,
  });
  const message = why ? `${error.message}: ${why}` : error.message;
  return new ApiError(403, message, error.field, error.code);
}

/** What the check needs besides the hub: the catalogue prices a discount is measured against, and the gateway's resends. */
export interface WriteApprovalOptions {
  catalogue: CataloguePrices;
  /**
   * Whether the write is a resend the gateway answers from memory (its first send passed these
   * checks and was forwarded): it is let through unchecked, so a lost answer's resend gets the kept
   * answer, not 403 for an approval its own first send spent.
   */
  answersResend?: (c: Context) => boolean;
}

export function checkWriteApprovals(hub: Hub, options: WriteApprovalOptions): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    if (c.req.method !== 'POST' || (path !== TAKE_BACK_PATH && !PRICED_PATHS.has(path))) return next();
    if (options.answersResend?.(c)) return next();
    // A write matched to a recorded sale: its approvals were checked and spent when it was recorded.
    if (recordedSaleOf(c)) return next();
    // Until the first manager is added (setting up), nobody could approve: nothing needs approval.
    if (!hub.staff.hasManager()) return next();
    const device = deviceOf(c)!;
    const subject = requestHeader(c, SALE_HEADER) ?? '';
    const tokens = tokensOf(c);
    const base = { subject, deviceId: device.id };

    if (path === TAKE_BACK_PATH) {
      // A void's approval takes the voided charge back too.
      const use: ApprovalUse = { action: ['take_back', 'void_sale'], ...base };
      let checked: Checked;
      try {
        [checked] = (await passingApprovals(hub.staff, tokens, use, true)) as [Checked];
      } catch (error) {
        if (!(error instanceof StaffError)) throw error;
        throw refused(hub, device, subject, 'take_back/void_sale', error);
      }
      if (!hub.approvals.claim(checked.approval))
        throw refused(hub, device, subject, 'take_back/void_sale', approvalUsed());
      if (await forwardHolding(c, next, hub, [checked.approval])) auditUsed(hub, device, subject, [checked]);
      return;
    }

    let body: unknown = null;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return next(); // not JSON: the PMS answers 400 itself
    }
    const lines = linesOf(body);
    if (!lines.some((line) => line.priceCents !== null)) return next();
    const limits = hub.staff.policy(device.outlet);
    // A part of a split bill is priced below the catalogue by the split itself, which one write
    // cannot show: a write that says so is not held to the discount limit, but is recorded.
    const split = requestHeader(c, SPLIT_HEADER) === '1';
    const decide = async (needs: PriceNeeds): Promise<Decision> => {
      const decision: Decision = { taken: [] };
      if (needs.openPriceCents !== null) {
        const use: ApprovalUse = { action: 'open_price', ...base, minAmountCents: needs.openPriceCents };
        [decision.open] = (await passingApprovals(hub.staff, tokens, use, true).catch(
          labelled('open_price'),
        )) as [Checked];
      }
      if (split || needs.beyondLimit === null) return decision;
      // The discount's approvals (one or several) must cover the cents taken off, from what earlier
      // writes of the sale left of them.
      const passed = await passingApprovals(hub.staff, tokens, { action: 'discount', ...base }, true).catch(
        labelled('discount', needs.beyondLimit),
      );
      let owed = needs.discountCents;
      for (const checked of passed) {
        const cents = Math.min(owed, Math.max(0, checked.amountLeftCents));
        if (cents <= 0) continue;
        decision.taken.push({ approval: checked.approval, cents, checked });
        owed -= cents;
      }
      if (owed > 0)
        throw new LabelledRefusal(
          'discount',
          new StaffError(
            403,
            'approval_mismatch',
            `the approved discount does not cover the ${needs.discountCents} cents taken off`,
            'approval',
          ),
          needs.beyondLimit,
        );
      return decision;
    };

    let prices = await readPrices(options.catalogue, lines);
    let needs = priceNeeds(againstCatalogue(lines, prices.byId), limits);
    let decision: Decision;
    try {
      try {
        decision = await decide(needs);
      } catch (error) {
        // Before refusing on cached prices, read them again: one may have changed a moment ago.
        if (!(error instanceof LabelledRefusal) || prices.fresh) throw error;
        prices = await readPrices(options.catalogue, lines, true);
        needs = priceNeeds(againstCatalogue(lines, prices.byId), limits);
        decision = await decide(needs);
      }
    } catch (error) {
      if (!(error instanceof LabelledRefusal)) throw error;
      throw refused(hub, device, subject, error.action, error.refusal, error.why);
    }
    if (split && needs.beyondLimit) {
      hub.audit.append({
        kind: 'split_below_catalogue',
        deviceId: device.id,
        deviceName: device.name,
        subject: subject || null,
        amountCents: needs.discountCents,
        note: `a part of a split bill: ${needs.beyondLimit}`,
      });
    }
    // The open price's approval is claimed and each discount approval charged its share before
    // forwarding, so writes sent together cannot use them twice; given back if the PMS does not
    // take the write.
    if (decision.open && !hub.approvals.claim(decision.open.approval))
      throw refused(hub, device, subject, 'open_price', approvalUsed());
    for (const { approval, cents } of decision.taken) hub.staff.spendApproval(approval, false, cents);
    let took = false;
    try {
      took = await forwardHolding(c, next, hub, decision.open ? [decision.open.approval] : []);
    } finally {
      for (const { approval, cents } of decision.taken)
        hub.staff.spendApproval(approval, took, took ? 0 : -cents);
    }
    if (took)
      auditUsed(hub, device, subject, [
        ...(decision.open ? [decision.open] : []),
        ...decision.taken.map(({ checked }) => checked),
      ]);
  };
}

const CREATE_PRODUCT_PATH = '/api/create/products';
const CATALOGUE_PATHS = new Set([CREATE_PRODUCT_PATH, '/api/create/commoditygroups']);

/** A product's price (cents) as a create/products body gives it; null when it gives no amount. */
function productPriceCents(body: unknown): number | null {
  const price = (body as { price?: unknown } | null)?.price;
  if (typeof price !== 'number' && typeof price !== 'string') return null;
  try {
    return parseMoney(price);
  } catch {
    return null;
  }
}

/**
 * The gateway's check of catalogue changes (a manager's): creating a product (`create/products`) or
 * a commodity group (`create/commoditygroups`) needs a `catalogue_change` approval naming the
 * change in `x-till-sale` (a fresh id the tablet makes for each change) and this device; a
 * product's approval carries its price (cents) and a group's none, so an approval is good for the
 * one thing the manager saw. Spent when the PMS took the write, like the others; 403 with a code
 * otherwise, and a product body without a readable price 400, before anything is forwarded.
 */
export function checkCatalogueApprovals(
  hub: Hub,
  options: Pick<WriteApprovalOptions, 'answersResend'> = {},
): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    if (c.req.method !== 'POST' || !CATALOGUE_PATHS.has(path)) return next();
    if (options.answersResend?.(c)) return next();
    if (!hub.staff.hasManager()) return next();
    const device = deviceOf(c)!;
    const subject = requestHeader(c, SALE_HEADER) ?? '';
    const tokens = tokensOf(c);
    const token =
      tokens.find((candidate) => readApproval(candidate)?.action === 'catalogue_change') ?? tokens[0];
    let checked: Checked;
    try {
      checked = await hub.staff.checkApproval(
        token,
        { action: 'catalogue_change', subject, deviceId: device.id },
        true,
      );
      let amountCents: number | null = null;
      if (path === CREATE_PRODUCT_PATH) {
        let body: unknown = null;
        try {
          body = JSON.parse(await c.req.text());
        } catch {
          // not JSON: no price either
        }
        amountCents = productPriceCents(body);
        if (amountCents === null)
          throw new ApiError(400, 'the price is not an amount', 'price', 'price_invalid');
      }
      if (checked.approval.amountCents !== amountCents)
        throw new StaffError(403, 'approval_mismatch', 'the approval is for something else', 'approval');
    } catch (error) {
      if (!(error instanceof StaffError)) throw error;
      throw refused(hub, device, subject, 'catalogue_change', error);
    }
    if (!hub.approvals.claim(checked.approval))
      throw refused(hub, device, subject, 'catalogue_change', approvalUsed());
    if (await forwardHolding(c, next, hub, [checked.approval])) auditUsed(hub, device, subject, [checked]);
  };
}

/** One `approval_used` audit row per approval a write the PMS took used: "discount approved by Anna". */
function auditUsed(hub: Hub, device: Device, subject: string, used: readonly Checked[]): void {
  for (const { approval, manager } of used)
    hub.audit.append({
      eventId: `approval:${approval.id}:${subject}:${randomUUID()}`,
      kind: 'approval_used',
      deviceId: device.id,
      deviceName: device.name,
      approvedBy: manager.name,
      subject: subject || null,
      amountCents: approval.amountCents,
      note: approvedText(approval.action, manager.name),
    });
}

const approvalUsed = () => new StaffError(403, 'approval_used', 'this approval was used already', 'approval');

/** Forwards the write holding `claimed`: given back unless the PMS took it. Answers whether it did. */
async function forwardHolding(
  c: Context,
  next: () => Promise<void>,
  hub: Hub,
  claimed: Approval[],
): Promise<boolean> {
  let took = false;
  try {
    await next();
    took = c.res.status >= 200 && c.res.status < 300;
  } finally {
    if (!took) for (const approval of claimed) hub.approvals.release(approval);
  }
  return took;
}

/** What a priced write may go through with: the open price's approval, the discount's shares. */
interface Decision {
  open?: Checked;
  taken: { approval: Approval; cents: number; checked: Checked }[];
}

/** A refusal with the action it was for and, in words, why the approval was needed. */
class LabelledRefusal extends Error {
  constructor(
    readonly action: string,
    readonly refusal: StaffError,
    readonly why = '',
  ) {
    super(refusal.message);
  }
}

const labelled =
  (action: string, why = '') =>
  (error: unknown): never => {
    throw error instanceof StaffError ? new LabelledRefusal(action, error, why) : error;
  };

/**
 * The catalogue prices for `lines`: cached, or read again where `fresh` or a product is missing
 * from them (added a moment ago).
 * @throws ApiError 503 `price_unknown` when the PMS's prices cannot be read.
 */
async function readPrices(catalogue: CataloguePrices, lines: readonly PricedLine[], fresh = false) {
  try {
    let prices = await catalogue.prices(fresh);
    if (!fresh && lines.some((line) => line.productId !== null && !prices.byId.has(line.productId))) {
      prices = await catalogue.prices(true);
      fresh = true;
    }
    return { byId: prices.byId, fresh };
  } catch (error) {
    if (!(error instanceof PriceUnknownError)) throw error;
    serverLog().warn({ component: 'gateway', reason: error.message }, 'catalogue prices unknown');
    throw new ApiError(
      503,
      `the gateway cannot check the prices against the PMS's catalogue (${error.message}); nothing was sent, try again`,
      undefined,
      'price_unknown',
      PRICE_RETRY_SECONDS,
    );
  }
}
