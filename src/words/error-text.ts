// What staff are told when something fails, in their language. Owns: mapping every error the
// till's state can throw (PMS errors by kind, offline, the ticket's and payment's own refusals,
// typed amounts the money rule refused, storage failures, a sale that could not be recorded, a
// ticket another tab paid or parked first, the till server refusing this tablet) to one plain
// sentence (the outbox's refusals: refusals.ts). Views never show `error.message` raw.

import { ParkError, TicketEndedError } from '../features/ticket';
import { isPmsError, OfflineError, PmsRequestError } from '../pms/errors';
import { MoneyError } from '../pms/money';
import { PaymentError, SaleNotSavedError } from '../rules/payment-errors';
import { TicketLineError } from '../rules/ticket-lines';
import { formatCents, formatMoment } from './format';
import { t } from './i18n';

/**
 * One sentence for staff about `error`.
 * @example <p role="alert">{errorText(submission.error)}</p>
 */
export function errorText(error: unknown): string {
  if (error instanceof OfflineError) return t('error.offline');
  if (error instanceof MoneyError)
    return t(`money.error.${error.problem}`, {
      limit: error.limitCents === null ? '' : formatCents(error.limitCents),
    });
  if (error instanceof TicketLineError) return t(`ticket.error.${error.reason}`);
  if (error instanceof PaymentError) return t(`pay.error.${error.reason}`);
  if (error instanceof SaleNotSavedError) return t(`pay.error.${error.reason}`);
  if (error instanceof ParkError) return t(`park.error.${error.reason}`);
  if (error instanceof TicketEndedError)
    return t(`ticket.ended.${error.reason}`, { time: formatMoment(error.at) });
  if (error instanceof PmsRequestError)
    return t('error.invalidInput', { detail: error.field ?? error.message });
  if (isPmsError(error)) {
    switch (error.kind) {
      case 'network':
        return t(globalThis.navigator?.onLine === false ? 'error.offline' : 'error.network');
      case 'timeout':
        return t('error.timeout');
      case 'rejected':
        return t('error.rejected', { detail: error.pmsMessage || String(error.status) });
      case 'server':
        return t(error.pmsUnreachable ? 'error.pmsDown' : 'error.server');
      case 'unpaired':
        return t(error.code === 'device_revoked' ? 'error.deviceRevoked' : 'error.deviceNotPaired');
      default:
        return t('error.invalidResponse');
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  if (
    error instanceof DOMException ||
    (error instanceof Error && /IDB|IndexedDB|Quota/i.test(error.name + message))
  ) {
    return t('error.storage');
  }
  return t('error.unknown', { detail: message });
}
