// Wire schemas for the invoice actions beyond the till's (companion of wire.ts): closing by
// reservation, partial payment and split (the item-id list under its documented name
// invoiceitem_ids or the samples' spelling invoicitem_ids), and changing an open invoice's
// recipient. Closing answers carry document_url, the path of the invoice's PDF on this interface.
import * as v from 'valibot';
import { parseMoney } from './money.ts';
import { ClosedInvoice, Envelope, Id, InvoiceStatus, Money, YesNo } from './wire.ts';
import { ContactRef } from './wire-contacts.ts';

const ItemIds = v.pipe(
  v.array(Id, 'must be a list of invoice item ids'),
  v.minLength(1, 'must list at least one invoice item'),
  v.maxLength(500, 'at most 500 invoice items in one call'),
  v.check((ids) => new Set(ids).size === ids.length, 'lists an invoice item twice'),
);

const ItemIdFields = {
  /** the documented name */
  invoiceitem_ids: v.optional(ItemIds),
  /** the spelling of pms-api.md's samples */
  invoicitem_ids: v.optional(ItemIds),
};

type WithItemIds = { invoiceitem_ids?: number[]; invoicitem_ids?: number[] };

/** Exactly one of the two spellings; the output always has `invoiceitem_ids`. */
function oneItemList<T extends WithItemIds>() {
  return [
    v.rawCheck<T>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const { invoiceitem_ids: documented, invoicitem_ids: samples } = dataset.value;
      if ((documented === undefined) === (samples === undefined)) {
        addIssue({
          message: 'send the invoice item ids once, as invoiceitem_ids (or invoicitem_ids)',
          path: [
            {
              type: 'object',
              origin: 'value',
              input: dataset.value,
              key: 'invoiceitem_ids',
              value: documented,
            },
          ],
        });
      }
    }),
    v.transform(({ invoiceitem_ids, invoicitem_ids, ...rest }: T) => ({
      ...rest,
      invoiceitem_ids: (invoiceitem_ids ?? invoicitem_ids) as number[],
    })),
  ] as const;
}

const PaidPartialObject = v.object({
  entity_id: Id,
  template_id: Id,
  payment_method_id: Id,
  send_invoice: YesNo,
  ...ItemIdFields,
});
/** POST /api/set/roomreservation/paidpartial. */
export const PaidPartialRequest = v.pipe(
  PaidPartialObject,
  ...oneItemList<v.InferOutput<typeof PaidPartialObject>>(),
);
export type PaidPartialRequest = v.InferInput<typeof PaidPartialRequest>;

const SplitObject = v.object({ entity_id: Id, ...ItemIdFields });
/** POST /api/set/roomreservation/splitinvoice. */
export const SplitInvoiceRequest = v.pipe(SplitObject, ...oneItemList<v.InferOutput<typeof SplitObject>>());
export type SplitInvoiceRequest = v.InferInput<typeof SplitInvoiceRequest>;

/** POST /api/set/invoice/invoicerecipient: only while the invoice is open. */
export const InvoiceRecipientRequest = v.object({ invoice_id: Id, recipient: ContactRef });

/** The amount in the path of roomreservation/paid: a decimal with at most two places, e.g. 412.50. */
export const AmountParam = v.pipe(
  v.string(),
  v.regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount like 412.50'),
  v.transform((s) => parseMoney(s)),
);

/** GET /api/set/roomreservation/paid/...: every open invoice of the stay, closed together. */
export const ReservationPaid = v.looseObject({
  ...ClosedInvoice.entries,
  invoices: v.array(v.looseObject({ invoice_id: v.number(), total: Money, document_url: v.string() })),
});

/** paidpartial: the new, closed invoice; splitinvoice: the new, open one. */
export const MovedItemsInvoice = v.looseObject({
  invoice_id: v.number(),
  original_invoice_id: v.number(),
  status: InvoiceStatus,
  total: Money,
  document_url: v.optional(v.string(), ''),
});

export const InvoiceActionResponses = {
  reservationPaid: Envelope(ReservationPaid),
  paidPartial: Envelope(MovedItemsInvoice),
  splitInvoice: Envelope(MovedItemsInvoice),
  invoiceRecipient: Envelope(v.looseObject({ invoice_id: v.number(), recipient_name: v.string() })),
} as const;
