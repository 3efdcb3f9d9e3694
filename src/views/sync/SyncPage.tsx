// The sync view: how the till stands towards the PMS (SyncStatus) and every sale not yet confirmed
// — needing attention first, then pending and being sent — each with its steps and the actions
// staff can take, then the latest confirmed and voided sales.
import { Show } from 'solid-js';
import { createSyncList } from '../../state/sync-list';
import { t } from '../../words/i18n';
import { SaleSection } from './SaleSection';
import { SyncStatus } from './SyncStatus';

export function SyncPage() {
  const list = createSyncList();
  const open = () => (list()?.attention.length ?? 0) + (list()?.pending.length ?? 0);
  return (
    <section class="view desk-view sync-view">
      <h1>{t('sync.title')}</h1>
      <SyncStatus />
      <Show when={list()}>
        {(shown) => (
          <>
            <SaleSection
              titleKey="sync.section.attention"
              entries={shown().attention}
              detailed
              tone="error"
            />
            <SaleSection titleKey="sync.section.pending" entries={shown().pending} detailed tone="warn" />
            <Show when={open() === 0}>
              <p class="desk-notice" data-tone="ok" role="status">
                {t('sync.allInPms')}
              </p>
            </Show>
            <SaleSection titleKey="sync.section.confirmed" entries={shown().confirmed} tone="ok" />
            <SaleSection titleKey="sync.section.voided" entries={shown().voided} />
          </>
        )}
      </Show>
    </section>
  );
}
