// The sync view: how the till stands towards the PMS (SyncStatus) and every sale not yet confirmed
// — needing attention first, then pending and being sent — each with its steps and the actions
// staff can take, then refunds still to do in the PMS, the latest confirmed and voided sales (the
// "all in the PMS" note says so of the sales not voided when there are voided ones), and, on request,
// the sales the till server's ledger holds (older ones the tablet has let go). Opened at
// #needs-attention (the header's count), it scrolls to that list once it is read.
import { useLocation } from '@solidjs/router';
import { createEffect, on, Show } from 'solid-js';
import { createSyncList } from '../../features/sync';
import { t } from '../../words/i18n';
import { OldestWaitLine } from './OldestWaitLine';
import { SaleSection } from './SaleSection';
import { ServerSales } from './ServerSales';
import { SyncStatus } from './SyncStatus';

export function SyncPage() {
  const list = createSyncList();
  const open = () => (list()?.attention.length ?? 0) + (list()?.pending.length ?? 0);
  const more = () => list.more();
  const location = useLocation();
  createEffect(
    on([() => location.hash, () => list() !== undefined], ([hash, read]) => {
      if (read && hash === '#needs-attention')
        queueMicrotask(() => document.getElementById('needs-attention')?.scrollIntoView({ block: 'start' }));
    }),
  );
  return (
    <section class="view desk-view sync-view">
      <h1>{t('sync.title')}</h1>
      <SyncStatus />
      <Show when={list()}>
        {(shown) => (
          <>
            <SaleSection
              id="needs-attention"
              titleKey="sync.section.attention"
              entries={shown().attention}
              total={shown().attentionTotal}
              onMore={more}
              detailed
              tone="error"
            />
            <Show when={shown().oldest}>{(oldest) => <OldestWaitLine wait={oldest()} />}</Show>
            <SaleSection
              titleKey="sync.section.pending"
              entries={shown().pending}
              total={shown().pendingTotal}
              onMore={more}
              detailed
              tone="warn"
            />
            <Show when={open() === 0}>
              <p class="desk-notice" data-tone="ok" role="status" data-testid="all-in-pms">
                {shown().voided.length > 0 ? t('sync.allInPmsButVoided') : t('sync.allInPms')}
              </p>
            </Show>
            <SaleSection titleKey="sync.section.cancellations" entries={shown().cancellations} tone="warn" />
            <SaleSection titleKey="sync.section.confirmed" entries={shown().confirmed} tone="ok" />
            <SaleSection titleKey="sync.section.voided" entries={shown().voided} />
            <ServerSales />
          </>
        )}
      </Show>
    </section>
  );
}
