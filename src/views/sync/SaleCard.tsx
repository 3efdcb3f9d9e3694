// One sale in the sync view: kind, reference, amount, status, who and when, the room; for open
// sales also each step with its state and trouble in staff words, and the actions (SaleActions).
import { createUniqueId, Show } from 'solid-js';
import { isSending, type SaleWithSteps } from '../../features/sync';
import { clockTime } from '../../words/calendar';
import { formatCents, formatDateTime } from '../../words/format';
import { t } from '../../words/i18n';
import { SaleActions } from './SaleActions';
import { StepList } from './StepList';

const TONES = { 'needs-attention': 'error', pending: 'warn', synced: 'ok', voided: undefined } as const;

export function SaleCard(props: { entry: SaleWithSteps; detailed: boolean }) {
  const headingId = createUniqueId();
  const sale = () => props.entry.sale;
  const status = () =>
    sale().kind === 'cash-cancellation'
      ? 'refund'
      : sale().status === 'pending' && isSending(props.entry)
        ? 'sending'
        : sale().status;
  return (
    <article
      class="sync-sale"
      aria-labelledby={headingId}
      data-status={sale().status}
      data-reference={sale().reference}
    >
      <header class="sync-sale-head">
        <h3 id={headingId}>
          {t(`sync.sale.kind.${sale().kind}`)} · {t('sync.sale.reference', { reference: sale().reference })}
        </h3>
        <span class="desk-badge" data-tone={sale().cancels ? 'warn' : TONES[sale().status]}>
          {t(`sync.sale.status.${status()}`)}
        </span>
        <span class="sync-amount">{formatCents(sale().totalCents)}</span>
      </header>
      <p class="desk-muted">
        {t('sync.sale.madeBy', {
          time: props.detailed ? formatDateTime(sale().createdAt) : clockTime(sale().createdAt),
          staff: sale().staff || '—',
        })}
        <Show when={sale().room}>
          {(room) => (
            <> · {t('sync.sale.room', { room: room().roomNumber ?? '', guest: room().guestName ?? '' })}</>
          )}
        </Show>
      </p>
      <Show when={props.entry.movedTo}>
        {(moved) => (
          <p class="desk-muted" data-testid="moved-to">
            {moved().invoiceId
              ? t('followUp.movedToInvoice', {
                  invoice: moved().invoiceId ?? '',
                  reference: moved().reference,
                })
              : t('followUp.movedTo', { reference: moved().reference })}
          </p>
        )}
      </Show>
      <Show when={sale().kind === 'late-charge'}>
        <p class="desk-muted">
          {props.entry.invoiceId ? `${t('followUp.lateInvoice', { invoice: props.entry.invoiceId })} · ` : ''}
          {t('followUp.lateCharge')}
        </p>
      </Show>
      <Show when={!props.entry.movedTo && sale().voided}>
        {(voided) => (
          <p class="desk-muted">
            {t('sync.sale.voided', { staff: voided().staff || '—', reason: voided().reason })}
          </p>
        )}
      </Show>
      <Show when={sale().cancels}>
        {(cancels) => (
          <>
            <p class="desk-muted">
              {t('sync.sale.cancelled', { staff: sale().staff || '—', reason: sale().reason ?? '' })}
            </p>
            <p class="desk-notice" data-tone="warn" data-testid="cancel-in-pms">
              {t('sync.sale.cancelInPms', {
                invoice: cancels().invoiceId ?? '—',
                reference: cancels().reference,
              })}
            </p>
          </>
        )}
      </Show>
      <Show when={props.detailed}>
        <StepList entry={props.entry} />
        <SaleActions entry={props.entry} />
      </Show>
    </article>
  );
}
