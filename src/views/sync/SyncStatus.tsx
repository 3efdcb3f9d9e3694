// The till's standing towards the PMS: the header's state in words, last sync, next try, the last
// problem, sending waiting for this tablet to be paired, whether storage is persistent, and
// "Sync now" (retries everything waiting at once).
import { Show } from 'solid-js';
import { createSyncIndicator, createSyncSummary } from '../../features/sync';
import { clockTime } from '../../words/calendar';
import { t } from '../../words/i18n';
import { useSubmitter } from '../common/submit';
import { syncNowAction } from './data';

const STATE_KEYS = {
  online: 'connection.online',
  'till-unreachable': 'connection.tillUnreachable',
  'pms-unreachable': 'connection.pmsUnreachable',
  offline: 'connection.offline',
} as const;

export function SyncStatus() {
  const indicator = createSyncIndicator();
  const summary = createSyncSummary();
  const { submission, submit } = useSubmitter(syncNowAction);
  const busy = () => submission.pending === true;
  const sync = () => void submit();
  const storage = () => {
    const kept = summary()?.storagePersisted;
    return kept === true
      ? 'sync.storage.kept'
      : kept === false
        ? 'sync.storage.notKept'
        : 'sync.storage.unknown';
  };
  return (
    <section class="desk-panel sync-status" aria-label={t('sync.title')}>
      <div class="sync-status-head">
        <p class="sync-state" data-state={indicator().state}>
          <span class="connection-dot" aria-hidden="true" />
          {t(STATE_KEYS[indicator().state])}
          <Show when={indicator().pending > 0}>
            {' '}
            · {t('connection.pending', { count: indicator().pending })}
          </Show>
        </p>
        <button type="button" class="primary" disabled={busy()} onClick={sync}>
          {busy() ? t('sync.busy') : t('sync.now')}
        </button>
      </div>
      <Show when={summary()?.waitingForPairing}>
        {(code) => (
          <p class="desk-notice" data-tone="warn" data-testid="waiting-for-pairing" data-code={code()}>
            {t(code() === 'device_revoked' ? 'error.deviceRevoked' : 'error.deviceNotPaired')}
          </p>
        )}
      </Show>
      <Show when={summary()}>
        {(s) => (
          <ul class="sync-facts">
            <li>
              {s().lastSyncAt
                ? t('sync.lastSync', { time: clockTime(s().lastSyncAt ?? 0) })
                : t('sync.neverSynced')}
            </li>
            <Show when={s().nextAttemptAt}>
              {(at) => <li>{t('sync.nextAttempt', { time: clockTime(at()) })}</li>}
            </Show>
            <Show when={s().lastError}>
              {(error) => <li>{t('sync.lastProblem', { time: clockTime(error().at) })}</li>}
            </Show>
            <li data-testid="storage-persistence" data-persisted={String(s().storagePersisted)}>
              {t(storage())}
            </li>
          </ul>
        )}
      </Show>
    </section>
  );
}
