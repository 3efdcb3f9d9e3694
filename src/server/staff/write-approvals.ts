// The gateway's check of manager approvals on PMS writes, before anything is forwarded: taking
// products off a room (`remove/products`) always needs a `take_back` (or `void_sale`) approval, and a line whose
// price is set by the till above the outlet's open-price limit (`add/products`,
// `add/invoice/products`) an `open_price` approval of at least that price. The approval travels in
// `x-till-approval` and must name the sale of `x-till-sale` and this device (staff-registry.ts
// checks it). It is spent only when the PMS took the write, so a retry of a write that failed
// still passes, and a second write with a spent approval is refused. Refusals are 403 with a code.
// Until a hotel has added its first manager, no approval is asked for (nobody could give one).
// Catalogue changes (creating products and commodity groups): checkCatalogueApprovals, at the end.
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../../node-http/errors.ts';
import { requestHeader } from '../../node-http/headers.ts';
import { parseMoney } from '../../pms/money.ts';
import { APPROVAL_HEADER, readApproval, SALE_HEADER } from '../../pms/staff-calls.ts';
import { deviceOf } from '../hub/device-routes.ts';
import type { Hub } from '../hub/hub.ts';
import { type ApprovalUse, StaffError } from './staff-registry.ts';

const TAKE_BACK_PATH = '/api/set/remove/products';
const PRICED_PATHS = new Set(['/api/set/add/products', '/api/set/add/invoice/products']);

/** The highest till-set unit price (cents) among a write's product lines; null when none is set. */
function highestSetPriceCents(body: unknown): number | null {
  const lines = (body as { products?: unknown; optional_products?: unknown } | null) ?? {};
  const list = Array.isArray(lines.products)
    ? lines.products
    : Array.isArray(lines.optional_products)
      ? lines.optional_products
      : [];
  let highest: number | null = null;
  for (const line of list) {
    const price = (line as { price?: unknown } | null)?.price;
    if (price === undefined || price === null) continue;
    if (typeof price !== 'number' && typeof price !== 'string') continue; // the PMS refuses it
    let cents: number;
    try {
      cents = parseMoney(price);
    } catch {
      continue; // not an amount: the PMS refuses it with the field named
    }
    if (highest === null || cents > highest) highest = cents;
  }
  return highest;
}

export function checkWriteApprovals(hub: Hub): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    if (c.req.method !== 'POST' || (path !== TAKE_BACK_PATH && !PRICED_PATHS.has(path))) return next();
    // Until the first manager is added (setting up), nobody could approve: nothing needs approval.
    if (!hub.staff.hasManager()) return next();
    const device = deviceOf(c)!;
    const subject = requestHeader(c, SALE_HEADER) ?? '';
    let use: ApprovalUse | null = null;
    if (path === TAKE_BACK_PATH) {
      // A void's approval takes the voided charge back too.
      use = { action: ['take_back', 'void_sale'], subject, deviceId: device.id };
    } else {
      let body: unknown = null;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return next(); // not JSON: the PMS answers 400 itself
      }
      const highest = highestSetPriceCents(body);
      const limit = hub.staff.policy(device.outlet).openPriceLimitCents;
      if (highest !== null && highest > limit)
        use = { action: 'open_price', subject, deviceId: device.id, minAmountCents: highest };
    }
    if (!use) return next();
    // Several tokens (comma-separated) where a sale has several approvals: the one for this action.
    const tokens = (requestHeader(c, APPROVAL_HEADER) ?? '')
      .split(',')
      .map((token) => token.trim())
      .filter(Boolean);
    const wanted = typeof use.action === 'string' ? [use.action] : use.action;
    const token =
      tokens.find((candidate) => {
        const action = readApproval(candidate)?.action;
        return action !== undefined && wanted.includes(action);
      }) ?? tokens[0];
    let checked: Awaited<ReturnType<Hub['staff']['checkApproval']>>;
    try {
      checked = await hub.staff.checkApproval(token, use, true);
    } catch (error) {
      if (!(error instanceof StaffError)) throw error;
      hub.audit.append({
        kind: 'approval_refused',
        deviceId: device.id,
        deviceName: device.name,
        subject: subject || null,
        note: `${wanted.join('/')}: ${error.code}`,
      });
      throw new ApiError(403, error.message, error.field, error.code);
    }
    await next();
    if (c.res.status >= 200 && c.res.status < 300) hub.staff.spendApproval(checked.approval, true);
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
export function checkCatalogueApprovals(hub: Hub): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    if (c.req.method !== 'POST' || !CATALOGUE_PATHS.has(path)) return next();
    if (!hub.staff.hasManager()) return next();
    const device = deviceOf(c)!;
    const subject = requestHeader(c, SALE_HEADER) ?? '';
    const tokens = (requestHeader(c, APPROVAL_HEADER) ?? '')
      .split(',')
      .map((token) => token.trim())
      .filter(Boolean);
    const token =
      tokens.find((candidate) => readApproval(candidate)?.action === 'catalogue_change') ?? tokens[0];
    let checked: Awaited<ReturnType<Hub['staff']['checkApproval']>>;
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
      hub.audit.append({
        kind: 'approval_refused',
        deviceId: device.id,
        deviceName: device.name,
        subject: subject || null,
        note: `catalogue_change: ${error.code}`,
      });
      throw new ApiError(403, error.message, error.field, error.code);
    }
    await next();
    if (c.res.status >= 200 && c.res.status < 300) hub.staff.spendApproval(checked.approval, true);
  };
}
