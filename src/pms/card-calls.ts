// The till server's card-terminal endpoints for this tablet (`/till/card`, src/server/card-terminal/
// card-routes.ts): which terminal serves it, start, follow, cancel and check a card payment, and
// the terminal's end-of-day. Owns their wire shapes on the tablet's side; failures are
// TillServerErrors with the server's code, as in device-calls.ts.
import * as v from 'valibot';
import { callTillServer, type DeviceFetch, TillServerError } from './device-calls.ts';
import { APPROVAL_HEADER, newRequestId, REQUEST_ID_HEADER } from './till-headers.ts';

export const CARD_STATES = ['new', 'sent', 'approved', 'declined', 'unknown', 'reversed'] as const;
export type CardState = (typeof CARD_STATES)[number];

export const CardPaymentSchema = v.object({
  saleId: v.string(),
  paymentNo: v.number(),
  state: v.picklist(CARD_STATES),
  /** Why it was not approved (the terminal's reason, or unreachable/notCharged/noAnswer...). */
  reason: v.nullable(v.string()),
  /** The terminal's latest status text while it runs: insertCard, pinEntry, pleaseWait, ... */
  prompt: v.nullable(v.string()),
  amountCents: v.number(),
  tillTipCents: v.number(),
  terminalTipCents: v.number(),
  chargedCents: v.nullable(v.number()),
  card: v.nullable(
    v.object({
      brand: v.string(),
      maskedPan: v.string(),
      terminalId: v.string(),
      traceNumber: v.number(),
      receiptNumber: v.number(),
    }),
  ),
  slip: v.nullable(v.array(v.string())),
});
export type CardPayment = v.InferOutput<typeof CardPaymentSchema>;

const TerminalInfoSchema = v.object({ name: v.string(), printsOwnSlips: v.boolean(), currency: v.number() });
export type CardTerminalInfo = v.InferOutput<typeof TerminalInfoSchema>;
const TerminalSchema = v.object({ terminal: v.nullable(TerminalInfoSchema) });

const EndOfDaySchema = v.object({
  terminal: v.string(),
  at: v.string(),
  terminalTotalCents: v.number(),
  tillTotalCents: v.number(),
  tillTipsCents: v.number(),
  tillCount: v.number(),
  /** The sales ledger's card money on the terminal (tips included); older servers leave it out. */
  ledgerTotalCents: v.optional(v.number()),
  ledgerTipsCents: v.optional(v.number()),
  ledgerCount: v.optional(v.number()),
  differenceCents: v.number(),
});
export type CardEndOfDay = v.InferOutput<typeof EndOfDaySchema>;

const globalFetch: DeviceFetch = (url, init) => fetch(url, init);

async function call<T>(
  schema: v.GenericSchema<unknown, T>,
  url: string,
  method: 'GET' | 'POST',
  body?: unknown,
  extraHeaders: Record<string, string> = {},
  fetcher: DeviceFetch = globalFetch,
): Promise<T> {
  const answer = await callTillServer(fetcher, url, {
    method,
    headers: {
      [REQUEST_ID_HEADER]: newRequestId(),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...extraHeaders,
    },
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  const parsed = v.safeParse(schema, answer);
  if (!parsed.success)
    throw new TillServerError('unexpected', 200, 'The till server sent an unreadable answer');
  return parsed.output;
}

/** The card terminal serving this tablet (`terminal: null` when there is none). */
export const fetchCardTerminal = (baseUrl: string, fetcher?: DeviceFetch) =>
  call(TerminalSchema, `${baseUrl}/till/card/terminal`, 'GET', undefined, {}, fetcher);

/** Starts (or resumes: the same sale and number never charge twice) a card payment. */
export const startCardPayment = (
  baseUrl: string,
  request: { saleId: string; paymentNo: number; amountCents: number; tillTipCents: number; askTip: boolean },
  fetcher?: DeviceFetch,
) => call(CardPaymentSchema, `${baseUrl}/till/card/payments`, 'POST', request, {}, fetcher);

const paymentUrl = (baseUrl: string, saleId: string, no: number) =>
  `${baseUrl}/till/card/payments/${encodeURIComponent(saleId)}/${no}`;

export const readCardPayment = (baseUrl: string, saleId: string, no: number, fetcher?: DeviceFetch) =>
  call(CardPaymentSchema, paymentUrl(baseUrl, saleId, no), 'GET', undefined, {}, fetcher);

export const abortCardPayment = (baseUrl: string, saleId: string, no: number, fetcher?: DeviceFetch) =>
  call(CardPaymentSchema, `${paymentUrl(baseUrl, saleId, no)}/abort`, 'POST', {}, {}, fetcher);

/** Asks the server to read the terminal's last transaction for an unknown outcome. */
export const checkCardPayment = (baseUrl: string, saleId: string, no: number, fetcher?: DeviceFetch) =>
  call(CardPaymentSchema, `${paymentUrl(baseUrl, saleId, no)}/check`, 'POST', {}, {}, fetcher);

/** Reverses the terminal's last payment, with a manager's approval (card_reversal, or the sale's void_sale). */
export const reverseCardPayment = (
  baseUrl: string,
  saleId: string,
  no: number,
  approval?: string,
  fetcher?: DeviceFetch,
) =>
  call(
    CardPaymentSchema,
    `${paymentUrl(baseUrl, saleId, no)}/reversal`,
    'POST',
    {},
    approval ? { [APPROVAL_HEADER]: approval } : {},
    fetcher,
  );

const RefundSchema = v.object({
  state: v.picklist(['approved', 'declined', 'unknown']),
  reason: v.nullable(v.string()),
  traceNumber: v.nullable(v.number()),
  receiptNumber: v.nullable(v.number()),
});

/** Refunds an amount to the card presented, with a manager's approval (card_refund or the sale's void_sale). */
export const refundToCard = (
  baseUrl: string,
  saleId: string,
  amountCents: number,
  approval?: string,
  fetcher?: DeviceFetch,
) =>
  call(
    RefundSchema,
    `${baseUrl}/till/card/refunds`,
    'POST',
    { saleId, amountCents },
    approval ? { [APPROVAL_HEADER]: approval } : {},
    fetcher,
  );

/** The terminal's end-of-day beside the card totals the server holds; a manager's `close_day`
 * approval (DAY_CLOSING_SUBJECT) where the hotel has managers. */
export const cardEndOfDay = (baseUrl: string, fetcher?: DeviceFetch, approval?: string) =>
  call(
    EndOfDaySchema,
    `${baseUrl}/till/card/end-of-day`,
    'POST',
    {},
    approval ? { [APPROVAL_HEADER]: approval } : {},
    fetcher,
  );
