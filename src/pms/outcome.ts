// Whether a failed PMS write may have been applied: the outbox's question before it sends anything
// again (errors.ts explains the kinds of failure; which operations write is operations.ts).
import { isPmsError, PmsRequestError } from './errors.ts';
import { changesState, type OutboxOperation } from './operations.ts';

/**
 * True when `operation` failed with `error` and it cannot be known whether the PMS applied it:
 * the caller must read back before sending the write again. Always false for reads, for refusals
 * (4xx), for the gateway's refusal of an unpaired tablet (never forwarded) and for requests never
 * sent (`PmsRequestError`). Any other thrown value on a write counts as
 * unknown, to stay on the safe side.
 * @example
 * catch (e) { if (isOutcomeUnknown(e, 'closeInvoice')) await reconcileWithGetInvoice(); }
 */
export function isOutcomeUnknown(error: unknown, operation: OutboxOperation): boolean {
  if (!changesState(operation)) return false;
  if (error instanceof PmsRequestError) return false;
  if (!isPmsError(error)) return true;
  return error.kind !== 'rejected' && error.kind !== 'unpaired';
}
