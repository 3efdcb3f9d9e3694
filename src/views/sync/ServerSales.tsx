// The sync view's list of this tablet's sales as the till server's ledger holds them, read on
// request a page at a time: the older sales the tablet has let go are read from there.
import { For, Show } from 'solid-js';
import { createServerSales } from '../../features/sync';
import { formatCents, formatDateTime } from '../../words/format';
import { t } from '../../words/i18n';

export function ServerSales() {
  const { list, more } = createServerSales();
  const inPms = (steps: { outcome: string }[]) =>
    steps.length > 0 && steps.every((step) => step.outcome === 'done' || step.outcome === 'voided');
  return (
    <section class="sync-section" data-testid="server-sales">
      <h2>{t('sync.server.title')}</h2>
      <ul class="sync-sales">
        <For each={list().sales}>
          {(sale) => (
            <li class="desk-row" data-sale={sale.saleId}>
              <span>{sale.record.reference}</span>{' '}
              <span>{formatDateTime(Date.parse(sale.record.createdAt))}</span>{' '}
              <span>{formatCents(sale.record.totalCents)}</span>{' '}
              <span>{inPms(sale.steps) ? t('sync.server.inPms') : t('sync.server.notYetInPms')}</span>
              <Show when={!sale.onTablet}>
                {' '}
                <span>{t('sync.server.notOnTablet')}</span>
              </Show>
            </li>
          )}
        </For>
      </ul>
      <Show when={list().failed}>
        <p class="desk-notice" data-tone="error" role="alert">
          {t('sync.server.failed')}
        </p>
      </Show>
      <Show when={list().next !== null}>
        <button type="button" class="desk-button" disabled={list().loading} onClick={() => void more()}>
          {list().sales.length === 0 ? t('sync.server.show') : t('sync.server.more')}
        </button>
      </Show>
    </section>
  );
}
