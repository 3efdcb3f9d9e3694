// Ledger records as a tablet sends them (`POST /till/sales`), for the server tests: a body factory
// whose totals add up, and `recordSale()`, the step a test takes before its PMS writes once the
// gateway forwards only recorded sales.
import { randomUUID } from 'node:crypto';
import { LEDGER_RECORD_VERSION, type LedgerLine, type LedgerRecord } from '../../../src/pms/ledger-wire.ts';
/** Whatever answers requests as a paired tablet sends them (a TabletApp, or a second tablet of its server). */
export interface Tablet {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/** Products of the test hotel's catalogue (src/test-hotel/seed/seed-catalogue.ts), which the server
 * prices lines from: Pils 4.20 at 20 %, Wiener Schnitzel 24.50 at 10 %, the charging station
 * (an open price, 20 %). */
export const PILS = 1;
export const SCHNITZEL = 34;
export const OPEN_PRICE = 52;
/** Minibar chocolate 3.50 and Kaiserschmarrn 12.50: 7 % in the German demo hotel (region DE). */
export const CHOCOLATE = 29;
export const KAISERSCHMARRN = 36;

/** A line of `quantity` × `unitPriceCents` (the catalogue's price unless given), 19 % VAT. */
export function ledgerLine(
  productId: number,
  quantity: number,
  unitPriceCents: number,
  fields: Partial<LedgerLine> = {},
): LedgerLine {
  return {
    productId,
    name: `Product ${productId}`,
    quantity,
    unitPriceCents,
    cataloguePriceCents: unitPriceCents,
    vatRateBp: 1900,
    taxClassId: 1,
    commodityGroupId: 1,
    commodityGroupName: 'Drinks',
    ...fields,
  };
}

/**
 * A record of `lines` whose total and (for a sale) cash payment add up; `fields` override any part.
 * @example saleBody([ledgerLine(pils, 2, 420)], { approvals: [token] })
 */
export function saleBody(lines: LedgerLine[], fields: Partial<LedgerRecord> = {}): LedgerRecord {
  const totalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const kind = fields.kind ?? 'sale';
  return {
    v: LEDGER_RECORD_VERSION,
    saleId: randomUUID(),
    reference: 'K7QM-1F',
    kind,
    createdAt: new Date().toISOString(),
    staffId: null,
    lines,
    payments: kind === 'sale' ? [{ method: 'cash', amountCents: totalCents }] : [],
    totalCents,
    approvals: [],
    ...fields,
  };
}

/** POSTs `body` to `/till/sales` as `app`'s tablet. */
export function postSale(app: Tablet, body: unknown) {
  return app.request('/till/sales', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * Records `body` and answers it; throws unless the server stored it.
 * @example const { saleId } = await recordSale(app, saleBody([ledgerLine(pils, 1, 420)]));
 */
export async function recordSale(app: Tablet, body: LedgerRecord): Promise<LedgerRecord> {
  const answer = await postSale(app, body);
  if (answer.status !== 200)
    throw new Error(`POST /till/sales answered ${answer.status}: ${await answer.text()}`);
  return body;
}

/** POSTs an outcome of `saleId`'s step. */
export function postOutcome(app: Tablet, saleId: string, body: unknown) {
  return app.request(`/till/sales/${encodeURIComponent(saleId)}/outcomes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
