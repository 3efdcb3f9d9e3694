// The PMS wire format: one valibot schema per request body and response payload of every endpoint
// the till uses, shared by the PMS client and the test hotel so the two cannot drift apart
// (docs/pms-api.md in prose). Other endpoints' schemas build on these in wire-*.ts. Responses
// `{success, totalCount, data}` are parsed loosely, money into integer cents at the edge; request
// bodies strictly (unknown fields dropped).
import * as v from 'valibot';
import {
  type AmountLimits,
  type Cents,
  MoneyError,
  moneyProblemText,
  PRICE_LIMITS,
  parseMoney,
} from './money.ts';

// ---------------------------------------------------------------------------------------------
// Scalars

/** An amount on the wire within `limits`, parsed by the money rule; its refusal names the limit broken. */
const amountWithin = (limits?: AmountLimits) =>
  v.pipe(
    v.union([v.number(), v.string()], 'must be an amount'),
    v.rawTransform<number | string, Cents>(({ dataset, addIssue, NEVER }) => {
      try {
        return parseMoney(dataset.value, limits);
      } catch (error) {
        if (!(error instanceof MoneyError)) throw error;
        addIssue({ message: moneyProblemText(error.problem, error.limitCents) });
        return NEVER;
      }
    }),
  );

/** A decimal amount on the wire (number or string), parsed into integer cents. */
export const Money = amountWithin();

/** A positive integer id, as JSON number (bodies). */
export const Id = v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1));

/** A positive integer id, as a path segment (at most 15 digits, so it stays a safe integer). */
export const IdParam = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,14}$/, 'must be a positive whole number'),
  v.transform(Number),
);

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A calendar date `YYYY-MM-DD`. */
export const IsoDate = v.pipe(
  v.string('must be a date YYYY-MM-DD'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'),
  v.check(isCalendarDate, 'is not a calendar date'),
);

/** A time of day `HH:MM` or `HH:MM:SS`. */
export const TimeOfDay = v.pipe(
  v.string(),
  v.regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a time HH:MM:SS'),
);

/** 'yes' or 'no', as the interface spells flags in paths. */
export const YesNo = v.picklist(['yes', 'no'], "must be 'yes' or 'no'");

/** A line quantity: a whole number from 1 to 999 (our limit). */
export const Quantity = v.pipe(
  v.number('must be a number'),
  v.integer('must be a whole number'),
  v.minValue(1, 'must be at least 1'),
  v.maxValue(999, 'must be at most 999'),
);

export const Text = (max: number) =>
  v.pipe(v.string('must be text'), v.trim(), v.maxLength(max, `at most ${max} characters`));
export const RequiredText = (max: number) => v.pipe(Text(max), v.minLength(1, 'must not be empty'));

/** A price override or product price: 0.00 to 100,000.00 (our limit). */
export const Price = amountWithin(PRICE_LIMITS);

/** A string field that real responses may send as "" or null when empty. */
export const LooseString = v.optional(
  v.pipe(
    v.nullable(v.union([v.string(), v.number()])),
    v.transform((s) => (s == null ? '' : String(s))),
  ),
  '',
);

// ---------------------------------------------------------------------------------------------
// Envelopes

/** Success envelope `{success, totalCount, data}`; `success` may be the string "true". */
export function Envelope<T extends v.GenericSchema>(data: T) {
  return v.looseObject({
    success: v.union([v.literal(true), v.literal('true')]),
    totalCount: v.optional(v.number()),
    data,
  });
}

/** Any envelope schema of `Responses`: its output carries the answer's `data`. */
export type EnvelopeSchema = v.GenericSchema<unknown, { data: unknown }>;

/** Error body. `field` names the offending field (dot path) where there is one (our choice). */
export const ErrorBody = v.looseObject({
  success: v.union([v.literal(false), v.literal('false')]),
  message: v.string(),
  field: v.optional(v.string()),
});
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

// ---------------------------------------------------------------------------------------------
// Catalogue

export const TaxClass = v.looseObject({
  id: v.number(),
  name: v.string(),
  /** percent, e.g. 19 or 7 (our choice: JSON number) */
  rate: v.number(),
});
export type TaxClass = v.InferOutput<typeof TaxClass>;

export const BookingAccount = v.looseObject({
  id: v.number(),
  number: LooseString,
  name: v.string(),
  tax_class_id: v.nullable(v.number()),
});

export const TaxClassesAccounts = v.looseObject({
  tax_classes: v.array(TaxClass),
  accounts: v.array(BookingAccount),
});
export type TaxClassesAccounts = v.InferOutput<typeof TaxClassesAccounts>;

export const CommodityGroup = v.looseObject({
  id: v.number(),
  name: v.string(),
  parent_id: v.optional(v.nullable(v.number()), null),
});
export type CommodityGroup = v.InferOutput<typeof CommodityGroup>;

export const Product = v.looseObject({
  id: v.number(),
  /** article number (our choice: unique per hotel, also what a barcode may scan) */
  number: LooseString,
  ean: LooseString,
  name: v.string(),
  /** gross unit price */
  price: Money,
  commodity_group_id: v.nullable(v.number()),
  commodity_group_name: LooseString,
  tax_class_id: v.nullable(v.number()),
  /** an open-price item: the amount is typed in at the till and sent as a price override */
  open_price: v.optional(v.boolean(), false),
  bookable_via_api: v.optional(v.boolean(), true),
});
export type Product = v.InferOutput<typeof Product>;

export const CreateProductRequest = v.object({
  name: RequiredText(120),
  number: v.optional(Text(40), ''),
  ean: v.optional(v.pipe(Text(14), v.regex(/^(\d{8}|\d{12,14})?$/, 'must be 8, 12, 13 or 14 digits')), ''),
  price: Price,
  commodity_group_id: Id,
  tax_class_id: Id,
  open_price: v.optional(v.boolean('must be true or false'), false),
  bookable_via_api: v.optional(v.boolean('must be true or false'), true),
});
export type CreateProductRequest = v.InferInput<typeof CreateProductRequest>;

export const CreateCommodityGroupRequest = v.object({
  name: RequiredText(80),
  parent_id: v.optional(v.nullable(Id), null),
});
export type CreateCommodityGroupRequest = v.InferInput<typeof CreateCommodityGroupRequest>;

// ---------------------------------------------------------------------------------------------
// Payment

export const NamedEntry = v.looseObject({ id: v.number(), name: v.string() });
export type NamedEntry = v.InferOutput<typeof NamedEntry>;

export const PaymentOptions = v.looseObject({
  invoice_templates: v.array(NamedEntry),
  payment_methods: v.array(NamedEntry),
});
export type PaymentOptions = v.InferOutput<typeof PaymentOptions>;

// ---------------------------------------------------------------------------------------------
// Invoices and their items

export const InvoiceItem = v.looseObject({
  id: v.number(),
  product_id: v.nullable(v.number()),
  name: v.string(),
  original_name: LooseString,
  /** gross unit price */
  price: Money,
  original_price: v.optional(v.nullable(Money), null),
  quantity: v.optional(v.number(), 1),
  guest_id: v.optional(v.nullable(v.number()), null),
  bookkeeping_date: LooseString,
  invoice_id: v.nullable(v.number()),
  room_reservation_id: v.optional(v.nullable(v.number()), null),
  tax_class_id: v.optional(v.nullable(v.number()), null),
});
export type InvoiceItem = v.InferOutput<typeof InvoiceItem>;

export const InvoiceStatus = v.picklist(['open', 'closed']);

/** A single invoice, as `GET /api/get/invoice/{id}` returns it (assumed further endpoint, our choice). */
export const Invoice = v.looseObject({
  id: v.number(),
  status: InvoiceStatus,
  room_reservation_id: v.optional(v.nullable(v.number()), null),
  recipient_name: LooseString,
  reference: LooseString,
  total: Money,
  invoice_items: v.array(InvoiceItem),
  template_id: v.optional(v.nullable(v.number()), null),
  payment_method_id: v.optional(v.nullable(v.number()), null),
  closed_at: LooseString,
});
export type Invoice = v.InferOutput<typeof Invoice>;

export const CreateCashInvoiceRequest = v.object({
  /** who the invoice is made out to; defaults to the hotel's cash customer */
  recipient_name: v.optional(Text(120), ''),
  /** free text the till uses for its sale reference, shown on the invoice (our choice) */
  reference: v.optional(Text(60), ''),
});
export type CreateCashInvoiceRequest = v.InferInput<typeof CreateCashInvoiceRequest>;

export const CreatedInvoice = v.looseObject({ invoice_id: v.number(), status: InvoiceStatus });
export type CreatedInvoice = v.InferOutput<typeof CreatedInvoice>;

/** One product line in a write: the product and how many, optionally overriding name and price. */
export const ProductLine = v.object({
  id: Id,
  quantity: Quantity,
  name: v.optional(RequiredText(200)),
  price: v.optional(Price),
});
export type ProductLine = v.InferInput<typeof ProductLine>;

const ProductLines = v.pipe(
  v.array(ProductLine, 'must be a list of products'),
  v.minLength(1, 'must list at least one product'),
  v.maxLength(200, 'at most 200 products in one call'),
);

export const AddInvoiceProductsRequest = v.object({
  invoice_id: Id,
  products: ProductLines,
});
export type AddInvoiceProductsRequest = v.InferInput<typeof AddInvoiceProductsRequest>;

/** What a write that adds items answers: the items it created (our choice). */
export const AddedItems = v.looseObject({ invoice_items: v.array(InvoiceItem) });
export type AddedItems = v.InferOutput<typeof AddedItems>;

export const ClosedInvoice = v.looseObject({
  invoice_id: v.number(),
  status: v.literal('closed'),
  total: Money,
  document_url: LooseString,
});
export type ClosedInvoice = v.InferOutput<typeof ClosedInvoice>;

// ---------------------------------------------------------------------------------------------
// Room charges

export const AddProductsRequest = v.object({
  room_reservation_id: Id,
  products: ProductLines,
  /** assigns the products to a day of the stay (since 2024-03-20) */
  booking_date: v.optional(IsoDate),
});
export type AddProductsRequest = v.InferInput<typeof AddProductsRequest>;

export const RemoveProductsRequest = v.object({
  room_reservation_id: Id,
  optional_products: v.pipe(
    v.array(
      v.object({
        /** the product id */
        id: Id,
        quantity: Quantity,
        /** our addition: take back this very invoice item rather than the newest of the product */
        invoice_item_id: v.optional(Id),
      }),
      'must be a list of products',
    ),
    v.minLength(1, 'must list at least one product'),
    v.maxLength(200, 'at most 200 products in one call'),
  ),
});
export type RemoveProductsRequest = v.InferInput<typeof RemoveProductsRequest>;

export const RemovedItems = v.looseObject({ removed_quantity: v.number() });

export const ReservationCost = v.looseObject({
  room_reservation_id: v.number(),
  invoice_items: v.array(InvoiceItem),
  total: Money,
  invoice_templates: v.array(NamedEntry),
  payment_methods: v.array(NamedEntry),
});
export type ReservationCost = v.InferOutput<typeof ReservationCost>;

// ---------------------------------------------------------------------------------------------
// Reservations

export const RoomReservationStatus = v.picklist([
  'BOOKED',
  'CHECKED_IN',
  'CHECKED_OUT',
  'NO_SHOW',
  'NO_SHOW_GUARANTEED',
  'CANCELLED',
]);
export type RoomReservationStatus = v.InferOutput<typeof RoomReservationStatus>;

export const SelfPay = v.picklist(['NO', 'ADDITIONAL', 'ALL']);

export const Guest = v.looseObject({
  id: v.number(),
  type: v.optional(v.string(), 'PERSON'),
  title: LooseString,
  firstname: LooseString,
  lastname: LooseString,
  fullname: LooseString,
  email: LooseString,
});
export type Guest = v.InferOutput<typeof Guest>;

export const InvoiceRecipient = v.looseObject({
  name: LooseString,
  street: LooseString,
  zip: LooseString,
  city: LooseString,
  country: LooseString,
  email: LooseString,
});

export const RoomReservation = v.looseObject({
  id: v.number(),
  main_reservation_id: v.number(),
  reservation_number: LooseString,
  created_at: LooseString,
  last_modified: LooseString,
  status: RoomReservationStatus,
  type: LooseString,
  self_pay: SelfPay,
  start_date: IsoDate,
  end_date: IsoDate,
  arrival_time: LooseString,
  departure_time: LooseString,
  room_id: v.optional(v.nullable(v.number()), null),
  room_number: LooseString,
  room_category_id: v.optional(v.nullable(v.number()), null),
  room_category_name: LooseString,
  rate_id: v.optional(v.nullable(v.number()), null),
  person_count: v.number(),
  guest: Guest,
  guest_id: v.number(),
  guest_name: LooseString,
  company_id: v.optional(v.nullable(v.number()), null),
  company_name: LooseString,
  invoice_items: v.optional(v.array(InvoiceItem), []),
  main_reservation: v.optional(
    v.looseObject({
      id: v.number(),
      reservation_number: LooseString,
      invoice_recipient: v.optional(v.nullable(InvoiceRecipient), null),
      duty_of_payment_at_kiosk: v.boolean(),
    }),
  ),
});
export type RoomReservation = v.InferOutput<typeof RoomReservation>;

export const MainReservation = v.looseObject({
  id: v.number(),
  reservation_number: v.string(),
  invoice_recipient: v.optional(v.nullable(InvoiceRecipient), null),
  duty_of_payment_at_kiosk: v.boolean(),
  room_reservations: v.array(RoomReservation),
});
export type MainReservation = v.InferOutput<typeof MainReservation>;

export const SearchPatternRequest = v.pipe(
  v.object({
    reservation_number: v.optional(Text(40)),
    start_date: v.optional(IsoDate),
    end_date: v.optional(IsoDate),
    firstname: RequiredText(80),
    lastname: RequiredText(80),
  }),
  v.forward(
    v.check(
      (body) => Boolean(body.reservation_number || body.start_date || body.end_date),
      'give the reservation number, or the start and/or end date',
    ),
    ['reservation_number'],
  ),
);
export type SearchPatternRequest = v.InferInput<typeof SearchPatternRequest>;

/** POST set/invoice/invoicerecipient as the till sends it: an existing contact (a guest) by id. */
export const SetInvoiceRecipientRequest = v.object({ invoice_id: Id, recipient: v.object({ id: Id }) });
export type SetInvoiceRecipientRequest = v.InferInput<typeof SetInvoiceRecipientRequest>;

// ---------------------------------------------------------------------------------------------
// Response payloads by endpoint, for the client

export const Responses = {
  productsAvailable: Envelope(v.array(Product)),
  productsOptional: Envelope(v.array(Product)),
  createProduct: Envelope(Product),
  createCommodityGroup: Envelope(CommodityGroup),
  taxClassesAccounts: Envelope(TaxClassesAccounts),
  payment: Envelope(PaymentOptions),
  createCashInvoice: Envelope(CreatedInvoice),
  addInvoiceProducts: Envelope(AddedItems),
  invoicePaid: Envelope(ClosedInvoice),
  invoice: Envelope(Invoice),
  invoiceRecipient: Envelope(v.looseObject({ invoice_id: v.number(), recipient_name: v.string() })),
  addProducts: Envelope(AddedItems),
  removeProducts: Envelope(RemovedItems),
  reservationCost: Envelope(ReservationCost),
  searchPattern: Envelope(v.array(RoomReservation)),
  roomReservation: Envelope(RoomReservation),
  mainReservation: Envelope(MainReservation),
  timespan: Envelope(v.array(RoomReservation)),
} as const;

/** Turns valibot issues into one message and the dot path of the first offending field. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): { message: string; field?: string } {
  const first = issues[0];
  if (!first) return { message: 'invalid input' };
  const field = v.getDotPath(first) ?? undefined;
  return field ? { message: `${field}: ${first.message}`, field } : { message: first.message };
}
