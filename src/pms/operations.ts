// The PMS operations the till uses, one entry per endpoint: its HTTP method, whether it changes state
// in the PMS, how the call's arguments become the request, and the schema of the answer. The client
// (client.ts) is generated from this table, so a call's name is written once, here. "Changes state"
// is not "is not a GET": the interface closes an invoice through a GET, so anything deciding whether
// a call may be retried blindly must look here, never at the HTTP method.
import type * as v from 'valibot';
import { toDecimalString } from './money.ts';
import {
  type AddInvoiceProductsInput,
  type AddProductsInput,
  apiPath,
  type CloseInvoiceArgs,
  CloseInvoiceParams,
  type CreateProductInput,
  LinePricesInCents,
  PriceInCents,
  productLinesToWire,
  ReservationNumber,
  type TimespanArgs,
  TimespanParams,
} from './requests.ts';
import {
  AddInvoiceProductsRequest,
  AddProductsRequest,
  CreateCashInvoiceRequest,
  CreateCommodityGroupRequest,
  CreateProductRequest,
  type EnvelopeSchema,
  Id,
  RemoveProductsRequest,
  Responses,
  SearchPatternRequest,
  SetInvoiceRecipientRequest,
} from './wire.ts';

/** A request as an operation builds it: the path (from `apiPath`, query included) and a JSON body. */
export interface PmsRequest {
  path: string;
  body?: unknown;
}

/** One operation: how it reaches the PMS, whether it writes, how its request is built and checked. */
export interface Operation<Args extends unknown[] = never, Response extends EnvelopeSchema = EnvelopeSchema> {
  readonly method: 'GET' | 'POST';
  /** True when the call changes state in the PMS (a write), whatever its HTTP method. */
  readonly changesState: boolean;
  /** Checked against the call's (first) argument before the request is built. */
  readonly argument?: v.GenericSchema;
  /** The request for the call's arguments; pure, run once the argument passed its check. */
  readonly request: (...args: Args) => PmsRequest;
  /** Checked against the body the request carries. */
  readonly body?: v.GenericSchema;
  /** The answer's envelope; the call resolves with its `data`. */
  readonly response: Response;
}

/** Keeps each entry's argument and answer types (a bare object literal would widen them). */
function operation<Args extends unknown[], Response extends EnvelopeSchema>(
  spec: Operation<Args, Response>,
): Operation<Args, Response> {
  return spec;
}

const GET = { method: 'GET', changesState: false } as const;
const POST_WRITE = { method: 'POST', changesState: true } as const;

/**
 * Every operation of the PMS client.
 * @example OPERATIONS.closeInvoice.changesState === true // although sent as GET
 */
export const OPERATIONS = {
  // ----- catalogue and payment set-up
  /** Products marked bookable through the interface; prices in cents. */
  getAvailableProducts: operation({
    ...GET,
    request: () => ({ path: apiPath`/get/products/available` }),
    response: Responses.productsAvailable,
  }),
  /** Optional (package) products of a rate. */
  getOptionalProducts: operation({
    ...GET,
    argument: Id,
    request: (rateId: number) => ({ path: apiPath`/get/products/optional/${rateId}` }),
    response: Responses.productsOptional,
  }),
  /** Creates a product (price in cents); answers it with its new id. */
  createProduct: operation({
    ...POST_WRITE,
    argument: PriceInCents,
    request: (input: CreateProductInput) => ({
      path: apiPath`/create/products`,
      body: { ...input, price: toDecimalString(input.price) },
    }),
    body: CreateProductRequest,
    response: Responses.createProduct,
  }),
  /** Creates a commodity group (a product group, optionally under a parent group). */
  createCommodityGroup: operation({
    ...POST_WRITE,
    request: (body: CreateCommodityGroupRequest) => ({ path: apiPath`/create/commoditygroups`, body }),
    body: CreateCommodityGroupRequest,
    response: Responses.createCommodityGroup,
  }),
  /** Tax classes and booking accounts of the hotel. */
  getTaxClassesAccounts: operation({
    ...GET,
    request: () => ({ path: apiPath`/get/hotel/taxclasses_accounts` }),
    response: Responses.taxClassesAccounts,
  }),
  /** Invoice templates and payment methods, one of each needed to close an invoice. */
  getPaymentOptions: operation({
    ...GET,
    request: () => ({ path: apiPath`/get/hotel/payment` }),
    response: Responses.payment,
  }),

  // ----- sales: cash-register invoices and room charges. No write here has an idempotency key in
  // the PMS: after an unknown outcome (errors.ts) read back before sending it again.
  /** Opens a cash-register invoice without a reservation. */
  createCashInvoice: operation({
    ...POST_WRITE,
    request: (body: CreateCashInvoiceRequest = {}) => ({
      path: apiPath`/set/create/servicecashregister/invoice`,
      body,
    }),
    body: CreateCashInvoiceRequest,
    response: Responses.createCashInvoice,
  }),
  /** Adds product lines (price overrides in cents) to an open cash invoice; answers the new items. */
  addInvoiceProducts: operation({
    ...POST_WRITE,
    argument: LinePricesInCents,
    request: (input: AddInvoiceProductsInput) => ({
      path: apiPath`/set/add/invoice/products`,
      body: { ...input, products: productLinesToWire(input.products) },
    }),
    body: AddInvoiceProductsRequest,
    response: Responses.addInvoiceProducts,
  }),
  /** Closes an invoice with a template and payment method. A write, although sent as GET. */
  closeInvoice: operation({
    method: 'GET',
    changesState: true,
    argument: CloseInvoiceParams,
    request: ({ invoiceId, templateId, paymentMethodId, sendInvoice }: CloseInvoiceArgs) => ({
      path: apiPath`/set/invoice/paid/${invoiceId}/${templateId}/${paymentMethodId}/${sendInvoice ? 'yes' : 'no'}`,
    }),
    response: Responses.invoicePaid,
  }),
  /** One invoice with status and items (our assumed further endpoint, see docs/pms-api.md). */
  getInvoice: operation({
    ...GET,
    argument: Id,
    request: (invoiceId: number) => ({ path: apiPath`/get/invoice/${invoiceId}` }),
    response: Responses.invoice,
  }),
  /** Makes an open invoice out to an existing contact (a late charge: the guest, at their address). */
  setInvoiceRecipient: operation({
    ...POST_WRITE,
    request: (body: SetInvoiceRecipientRequest) => ({ path: apiPath`/set/invoice/invoicerecipient`, body }),
    body: SetInvoiceRecipientRequest,
    response: Responses.invoiceRecipient,
  }),
  /** Charges products (price overrides in cents) to a room reservation; answers the new items. */
  addProducts: operation({
    ...POST_WRITE,
    argument: LinePricesInCents,
    request: (input: AddProductsInput) => ({
      path: apiPath`/set/add/products`,
      body: { ...input, products: productLinesToWire(input.products) },
    }),
    body: AddProductsRequest,
    response: Responses.addProducts,
  }),
  /** Takes charged products back off a room reservation's open invoice. */
  removeProducts: operation({
    ...POST_WRITE,
    request: (body: RemoveProductsRequest) => ({ path: apiPath`/set/remove/products`, body }),
    body: RemoveProductsRequest,
    response: Responses.removeProducts,
  }),
  /** Unpaid items and their total for a room reservation, with templates and payment methods. */
  getReservationCost: operation({
    ...GET,
    argument: Id,
    request: (roomReservationId: number) => ({
      path: apiPath`/get/roomreservation/cost/${roomReservationId}`,
    }),
    response: Responses.reservationCost,
  }),

  // ----- finding reservations, for charging to a room. All reads.
  /**
   * Room reservations matching the guest's first and last name plus the reservation number or the
   * stay's start and/or end date. None found is a 404 refusal, as the PMS reports it. A search,
   * sent as POST because it carries a body; it changes nothing.
   */
  searchReservation: operation({
    method: 'POST',
    changesState: false,
    request: (body: SearchPatternRequest) => ({ path: apiPath`/get/roomreservation/searchpattern`, body }),
    body: SearchPatternRequest,
    response: Responses.searchPattern,
  }),
  /** One room reservation by its id. */
  getRoomReservation: operation({
    ...GET,
    argument: Id,
    request: (id: number) => ({ path: apiPath`/get/single_id/roomreservations/${id}` }),
    response: Responses.roomReservation,
  }),
  /** One main reservation, with all its room reservations, by its id. */
  getMainReservation: operation({
    ...GET,
    argument: Id,
    request: (id: number) => ({ path: apiPath`/get/single_id/mainreservations/${id}` }),
    response: Responses.mainReservation,
  }),
  /** One main reservation by the reservation number staff and guests see. */
  getMainReservationByNumber: operation({
    ...GET,
    argument: ReservationNumber,
    request: (reservationNumber: string) => ({
      path: apiPath`/get/single_number/mainreservations/${reservationNumber.trim()}`,
    }),
    response: Responses.mainReservation,
  }),
  /** Room reservations fully or partly inside start..end, created or changed since lastModified. */
  getReservationsInTimespan: operation({
    ...GET,
    argument: TimespanParams,
    request: ({ start, end, lastModified, lastModifiedTime, includeNoShows }: TimespanArgs) => {
      const path =
        lastModifiedTime === undefined
          ? apiPath`/get/timespan/reservations/${start}/${end}/${lastModified}`
          : apiPath`/get/timespan/reservations/${start}/${end}/${lastModified}/${lastModifiedTime}`;
      return { path: includeNoShows ? `${path}?include_noshows=yes` : path };
    },
    response: Responses.timespan,
  }),
};

/** The name of a PMS client operation, e.g. 'closeInvoice'. */
export type PmsOperation = keyof typeof OPERATIONS;

/**
 * The till server's own sales-ledger calls the outbox makes besides the PMS's (ledger-calls.ts):
 * not PMS endpoints, so not in OPERATIONS (the gateway's list), but sent and judged like writes.
 */
export const TILL_OPERATIONS = {
  recordLedgerSale: { method: 'POST', changesState: true },
  reportLedgerOutcome: { method: 'POST', changesState: true },
  readLastClosing: { method: 'GET', changesState: false },
} as const;
export type TillOperation = keyof typeof TILL_OPERATIONS;
/** Any call an outbox step makes: a PMS operation or a ledger call. */
export type OutboxOperation = PmsOperation | TillOperation;

/** The HTTP method of a PMS operation or a ledger call. */
export function methodOf(operation: OutboxOperation): 'GET' | 'POST' {
  return operation in TILL_OPERATIONS
    ? TILL_OPERATIONS[operation as TillOperation].method
    : OPERATIONS[operation as PmsOperation].method;
}

/**
 * True when the operation writes to the PMS (including writes sent as GET), or to the ledger.
 * @example changesState('closeInvoice') === true; changesState('searchReservation') === false
 */
export function changesState(operation: OutboxOperation): boolean {
  return operation in TILL_OPERATIONS
    ? TILL_OPERATIONS[operation as TillOperation].changesState
    : OPERATIONS[operation as PmsOperation].changesState;
}
