// The refusals and failures of a payment (`PaymentError`, `SaleNotSavedError`): on their own rather
// than in sale.ts or payment.ts, so that putting them in words (words/error-text.ts, on the first
// screen) needs neither sale-recording code nor the payment rules.

/** A payment the till refuses before recording; `reason` is for the view to put in words. */
export class PaymentError extends Error {
  override readonly name = 'PaymentError';
  constructor(
    readonly reason:
      | 'empty-ticket'
      | 'no-method'
      | 'no-template'
      | 'tendered-too-little'
      | 'card-needs-terminal'
      | 'standalone-receipt'
      | 'standalone-tip',
  ) {
    super(reason);
  }
}

/**
 * Recording the sale on the tablet failed (IndexedDB refused or broke, storage full, or anything
 * else thrown on the way): the sale is NOT recorded and the ticket is as it was. `cause` is the error.
 */
export class SaleNotSavedError extends Error {
  override readonly name = 'SaleNotSavedError';
  readonly reason: 'storage-full' | 'not-saved';
  constructor(cause: unknown) {
    const detail = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    super(`The sale was not recorded: ${detail}`, { cause });
    this.reason = /quota/i.test(detail) ? 'storage-full' : 'not-saved';
  }
}
