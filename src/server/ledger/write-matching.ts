// The gateway's check that a PMS write (`/api/set/...`) belongs to a recorded sale and matches it:
// the record its `x-till-sale` names, or one referring to it; its lines, room, invoice and payment
// (the rules, write by write: docs/ledger.md, "The gateway"). Refusals come before anything is
// forwarded (409 with a code and an audit row). Every write the PMS takes gets a `pms_write` audit
// row saying what of the record it used, so nothing is sent twice (409 `write_repeated`).
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from '../../node-http/errors.ts';
import { requestHeader } from '../../node-http/headers.ts';
import type { LedgerRecord, SaleRefusalCode } from '../../pms/ledger-wire.ts';
import { MoneyError, parseMoney } from '../../pms/money.ts';
import { SALE_HEADER } from '../../pms/till-headers.ts';
import { findEndpoint } from '../gateway/endpoints.ts';
import { checkRequestTarget } from '../gateway/path-params.ts';
import { deviceOf } from '../hub/device-routes.ts';
import type { Hub } from '../hub/hub.ts';
import { PMS_WRITE_EVENT, type RecordedSale, USED_MARK } from './sale-lookup.ts';

const CREATE_INVOICE = '/api/set/create/servicecashregister/invoice';
const ADD_INVOICE_PRODUCTS = '/api/set/add/invoice/products';
const INVOICE_RECIPIENT = '/api/set/invoice/invoicerecipient';
const ADD_PRODUCTS = '/api/set/add/products';
const REMOVE_PRODUCTS = '/api/set/remove/products';
const CLOSE_INVOICE = /^\/api\/set\/invoice\/paid\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)$/;

/** Kinds of record paid on a cash-register invoice. */
const INVOICED = new Set(['sale', 'late-charge']);

const MATCHED = 'ledgerSale';

/** The recorded sale this write was matched to (the gateway's approval checks then stand aside). */
export function recordedSaleOf(c: Context): RecordedSale | undefined {
  return c.get(MATCHED as never) as RecordedSale | undefined;
}

export interface WriteMatchingOptions {
  /** Whether every write must belong to a recorded sale (the hotel has the ledger on). */
  required: boolean;
  /** Whether the gateway answers this write from memory (a resend of one that passed). */
  answersResend?: (c: Context) => boolean;
}

/** A write's product line, as the matching reads it. */
interface WriteLine {
  field: string;
  productId: unknown;
  quantity: unknown;
  price: unknown;
}

export function matchRecordedSales(hub: Hub, options: WriteMatchingOptions): MiddlewareHandler {
  const lookup = hub.ledger.writes;
  /** What writes in flight use of each sale's record, by key. */
  const pending = new Map<string, Map<string, number>>();
  return async (c, next) => {
    const path = c.req.path;
    const closing = CLOSE_INVOICE.exec(path);
    // Only a write on the gateway's list is ever forwarded: anything else gets its 404 unchanged.
    const listed = findEndpoint(c.req.method, new URL(c.req.url).pathname);
    if (!listed?.changesState || options.answersResend?.(c)) return next();
    // A malformed request target is refused as the gateway would (400 naming the field), before
    // it is judged as a sale's write (issue 20's strict placeholders).
    checkRequestTarget(listed, new URL(c.req.url));
    const device = deviceOf(c)!;
    const named = requestHeader(c, SALE_HEADER) ?? '';
    const candidates = named ? lookup.candidates(device.id, named) : [];
    const refuse = (message: string, code: SaleRefusalCode, field?: string): never => {
      hub.audit.append({
        kind: 'pms_write_refused',
        deviceId: device.id,
        deviceName: device.name,
        subject: named || null,
        note: `${c.req.method} ${path}: ${code}`,
      });
      throw new ApiError(409, message, field, code);
    };
    if (candidates.length === 0) {
      if (!options.required) return auditTaken(hub, c, next, 'not a recorded sale');
      return refuse(
        named
          ? `no recorded sale ${named} of this tablet: a write is forwarded only for a sale the till server holds`
          : `a write names its recorded sale (${SALE_HEADER})`,
        'sale_not_recorded',
        SALE_HEADER,
      );
    }
    const body = c.req.method === 'POST' ? await jsonOf(c) : null;
    // The record named itself first (a take-back goes by its own id), else the newest referring to it.
    const ofKinds = (kinds: readonly string[]) =>
      candidates
        .filter((sale) => kinds.includes(sale.kind))
        .sort((a, b) => Number(b.saleId === named) - Number(a.saleId === named));
    const invoiceSale = (invoiceId: unknown) => {
      const saleId = Number.isSafeInteger(invoiceId) ? lookup.saleOfInvoice(invoiceId as number) : undefined;
      const sale = saleId ? candidates.find((candidate) => candidate.saleId === saleId) : undefined;
      return (
        sale ??
        refuse(
          `invoice ${String(invoiceId)} was not created by the till for sale ${named}`,
          'invoice_not_of_sale',
          'invoice_id',
        )
      );
    };

    let sale: RecordedSale;
    let createsInvoice = false;
    /** What of the record this write uses (its lines, or what it takes back), counted per key. */
    let uses = new Map<string, number>();
    if (path === CREATE_INVOICE) {
      sale = ofKinds([...INVOICED])[0] ?? refuse(`sale ${named} is not paid on an invoice`, 'write_mismatch');
      createsInvoice = true;
    } else if (path === ADD_INVOICE_PRODUCTS) {
      sale = invoiceSale(field(body, 'invoice_id'));
      uses = matchLines(linesOf(body, 'products'), sale, refuse);
    } else if (path === INVOICE_RECIPIENT) {
      sale = invoiceSale(field(body, 'invoice_id'));
      if (sale.kind !== 'late-charge')
        refuse('only a late charge makes its invoice out to a guest', 'write_mismatch', 'invoice_id');
    } else if (closing) {
      sale = invoiceSale(Number(closing[1]));
      const methodIds = sale.record.payments
        .map((payment) => payment.pmsPaymentMethodId)
        .filter((id): id is number => id !== undefined);
      // Paid at the till: cash, card, or `invoice` (paid on the PMS invoice by its method); not a room.
      const paidAtTill = sale.record.payments.some((payment) => payment.method !== 'room');
      if (!paidAtTill || (methodIds.length > 0 && !methodIds.includes(Number(closing[3]))))
        refuse(
          `invoice ${closing[1]} is closed only with the payment recorded for sale ${sale.saleId}`,
          'payment_mismatch',
          'paymentMethodId',
        );
    } else if (path === ADD_PRODUCTS) {
      sale = ofKinds(['room-charge'])[0] ?? refuse(`sale ${named} is not a room charge`, 'write_mismatch');
      if (field(body, 'room_reservation_id') !== sale.record.room?.roomReservationId)
        refuse('the room is not the recorded one', 'write_mismatch', 'room_reservation_id');
      uses = matchLines(linesOf(body, 'products'), sale, refuse);
    } else if (path === REMOVE_PRODUCTS) {
      sale =
        ofKinds(['take-back', 'void'])[0] ??
        refuse(`no recorded take-back or void of sale ${named}`, 'write_mismatch');
      const room = sale.refersTo ? lookup.record(sale.refersTo)?.room?.roomReservationId : undefined;
      if (room === undefined || field(body, 'room_reservation_id') !== room)
        refuse('the room is not the one the sale was charged to', 'write_mismatch', 'room_reservation_id');
      uses = matchTakenBack(linesOf(body, 'optional_products'), sale.record, refuse);
    } else {
      return refuse(`the till does not write ${path} for a sale`, 'write_mismatch');
    }

    // What earlier writes the PMS took, and writes still in flight, used of the record is not used again.
    const taken = lookup.usedBy(sale.saleId);
    const inFlight = pending.get(sale.saleId) ?? new Map<string, number>();
    for (const [key, count] of uses) {
      const left = budgetOf(sale.record, key) - (taken.get(key) ?? 0) - (inFlight.get(key) ?? 0);
      if (count > left)
        refuse(
          `the PMS has (or is being sent) what recorded sale ${sale.saleId} holds of this already`,
          'write_repeated',
        );
    }
    for (const [key, count] of uses) inFlight.set(key, (inFlight.get(key) ?? 0) + count);
    pending.set(sale.saleId, inFlight);
    c.set(MATCHED as never, sale as never);
    // What this write uses stays in flight until the PMS's answer is read and, if it took the write,
    // its audit row says so: no moment in between lets another write use it too.
    try {
      await next();
      if (!(await pmsTook(c.res))) return;
      if (createsInvoice) {
        const invoiceId = await createdInvoiceId(c.res);
        if (invoiceId !== null) lookup.invoiceCreated(invoiceId, sale.saleId);
      }
      hub.audit.append({
        eventId: `${PMS_WRITE_EVENT}${sale.saleId}:${randomUUID()}`,
        kind: 'pms_write',
        deviceId: device.id,
        deviceName: device.name,
        staffId: sale.record.staffId,
        staffName: sale.staffName,
        approvedBy: sale.managers.length > 0 ? sale.managers.join(', ') : null,
        subject: sale.saleId,
        amountCents: sale.record.totalCents,
        note: `${sale.kind} ${sale.record.reference}: ${c.req.method} ${path}${usedNote(uses)}`,
      });
    } finally {
      for (const [key, count] of uses) inFlight.set(key, inFlight.get(key)! - count);
      if ([...inFlight.values()].every((count) => count === 0)) pending.delete(sale.saleId);
    }
  };
}

async function jsonOf(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, 'the request body is not valid JSON', undefined, 'write_invalid');
  }
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

function linesOf(body: unknown, key: string): WriteLine[] {
  const list = field(body, key);
  if (!Array.isArray(list))
    throw new ApiError(400, `${key}: must be a list of products`, key, 'write_invalid');
  return list.map((raw, index) => ({
    field: `${key}.${index}`,
    productId: field(raw, 'id'),
    quantity: field(raw, 'quantity') ?? 1,
    price: field(raw, 'price'),
  }));
}

type Refuse = (message: string, code: SaleRefusalCode, field?: string) => never;

/**
 * Each write line must be one of the record's lines (product, quantity, price), each used once;
 * answers the lines used, by key.
 */
function matchLines(lines: readonly WriteLine[], sale: RecordedSale, refuse: Refuse): Map<string, number> {
  const { record } = sale;
  const uses = new Map<string, number>();
  const left = record.lines.filter((line) => line.quantity > 0);
  for (const line of lines) {
    let priceCents: number | null = null;
    if (typeof line.price === 'number' || typeof line.price === 'string') {
      try {
        priceCents = parseMoney(line.price);
      } catch (error) {
        if (!(error instanceof MoneyError)) throw error;
        refuse(`${line.field}.price: not an amount`, 'write_mismatch', `${line.field}.price`);
      }
    }
    const at = left.findIndex(
      (recorded) =>
        recorded.productId === line.productId &&
        recorded.quantity === line.quantity &&
        recorded.unitPriceCents === (priceCents ?? recorded.cataloguePriceCents),
    );
    if (at < 0)
      refuse(
        `${line.field}: product ${String(line.productId)} × ${String(line.quantity)}${priceCents === null ? '' : ` at ${priceCents} cents`} is not a line of recorded sale ${record.saleId}`,
        'write_mismatch',
        line.field,
      );
    const key = lineKey(left[at]!);
    uses.set(key, (uses.get(key) ?? 0) + 1);
    left.splice(at, 1);
  }
  return uses;
}

/** A take-back or void removes at most what its record takes back, product by product; answers what it removes. */
function matchTakenBack(
  lines: readonly WriteLine[],
  record: LedgerRecord,
  refuse: Refuse,
): Map<string, number> {
  const uses = new Map<string, number>();
  const left = new Map<unknown, number>();
  for (const line of record.lines)
    left.set(line.productId, (left.get(line.productId) ?? 0) + Math.abs(line.quantity));
  for (const line of lines) {
    const quantity = Number(line.quantity);
    const available = left.get(line.productId) ?? 0;
    if (!Number.isSafeInteger(quantity) || quantity <= 0 || quantity > available)
      refuse(
        `${line.field}: takes back more of product ${String(line.productId)} than recorded take-back ${record.saleId}`,
        'write_mismatch',
        line.field,
      );
    left.set(line.productId, available - quantity);
    const key = `take:${String(line.productId)}`;
    uses.set(key, (uses.get(key) ?? 0) + quantity);
  }
  return uses;
}

/** A record line's key: product, quantity and price (a write uses each at most as often as the record has it). */
function lineKey(line: LedgerRecord['lines'][number]): string {
  return `line:${line.productId}:${line.quantity}:${line.unitPriceCents}`;
}

/** How much of `key` the record holds: its lines of that key, or the units of a product it takes back. */
function budgetOf(record: LedgerRecord, key: string): number {
  if (key.startsWith('take:'))
    return record.lines
      .filter((line) => `take:${line.productId}` === key)
      .reduce((sum, line) => sum + Math.abs(line.quantity), 0);
  return record.lines.filter((line) => line.quantity > 0 && lineKey(line) === key).length;
}

/** The audit note's record of what a write used, read back by sale-lookup.ts's usedBy. */
function usedNote(uses: ReadonlyMap<string, number>): string {
  return uses.size > 0 ? `${USED_MARK}${JSON.stringify(Object.fromEntries(uses))}` : '';
}

/** The invoice id a create answered (`{data: {invoice_id}}`), or null. */
async function createdInvoiceId(response: Response): Promise<number | null> {
  try {
    const json = (await response.clone().json()) as { data?: { invoice_id?: unknown } };
    const id = json.data?.invoice_id;
    return Number.isSafeInteger(id) ? (id as number) : null;
  } catch {
    return null;
  }
}

/**
 * Forwards a write and, when the PMS took it, writes its `pms_write` audit row (`note` says what it
 * was). For catalogue changes (`/api/create/...`) and, with the ledger off, writes of no recorded sale.
 */
export async function auditTaken(hub: Hub, c: Context, next: () => Promise<void>, note: string) {
  await next();
  if (!(await pmsTook(c.res))) return;
  const device = deviceOf(c)!;
  hub.audit.append({
    kind: 'pms_write',
    deviceId: device.id,
    deviceName: device.name,
    subject: requestHeader(c, SALE_HEADER) || null,
    note: `${note}: ${c.req.method} ${c.req.path}`,
  });
}

/** Every catalogue change the PMS takes gets a `pms_write` audit row (its approval is checked apart). */
export function auditCatalogueWrites(hub: Hub): MiddlewareHandler {
  return (c, next) => (c.req.method === 'POST' ? auditTaken(hub, c, next, 'catalogue change') : next());
}

/**
 * Whether the PMS took the write: a 2xx with an answer. A connection cut on the way leaves none (the
 * test hotel's reset fault answers 204 with no body): not taken, so the outbox's resend after it
 * checked is not refused as a repeat. The body is not read (an answer may be megabytes).
 */
async function pmsTook(response: Response): Promise<boolean> {
  return response.status >= 200 && response.status < 300 && response.body !== null;
}
