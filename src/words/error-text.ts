// What staff are told when something fails, in their language. Owns: mapping every error the
// till's state can throw (PMS errors by kind, offline, the ticket's and payment's own refusals,
// storage failures, a sale that could not be recorded, the till server refusing this tablet) to one
// plain sentence. Views never show `error.message` raw.
import { isPmsError, PmsRequestError } from '../pms/errors';
import { PaymentError, SaleNotSavedError } from '../rules/payment';
import { TicketLineError } from '../rules/ticket-lines';
import { OfflineError } from '../state/catalogue-admin';
import { ParkError } from '../state/parked';
import { tf } from './format';

/**
 * One sentence for staff about `error`.
 * @example <p role="alert">{errorText(submission.error)}</p>
 */
export function errorText(error: unknown): string {
  if (error instanceof OfflineError) return tf('error.offline', '');
  if (error instanceof TicketLineError) return tf(`ticket.error.${error.reason}`, '');
  if (error instanceof PaymentError) return tf(`pay.error.${error.reason}`, '');
  if (error instanceof SaleNotSavedError) return tf(`pay.error.${error.reason}`, '');
  if (error instanceof ParkError) return tf(`park.error.${error.reason}`, '');
  if (error instanceof PmsRequestError) return tf('error.invalidInput', error.field ?? error.message);
  if (isPmsError(error)) {
    switch (error.kind) {
      case 'network':
        return tf(globalThis.navigator?.onLine === false ? 'error.offline' : 'error.network', '');
      case 'timeout':
        return tf('error.timeout', '');
      case 'rejected':
        return tf('error.rejected', error.pmsMessage || String(error.status));
      case 'server':
        return tf(error.pmsUnreachable ? 'error.pmsDown' : 'error.server', '');
      case 'unpaired':
        return tf(error.code === 'device_revoked' ? 'error.deviceRevoked' : 'error.deviceNotPaired', '');
      default:
        return tf('error.invalidResponse', '');
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  if (
    error instanceof DOMException ||
    (error instanceof Error && /IDB|IndexedDB|Quota/i.test(error.name + message))
  ) {
    return tf('error.storage', '');
  }
  return tf('error.unknown', message);
}
