// The header's sync indicator. Owns: showing online / PMS unreachable / offline in words and
// colour, with the number of sales waiting for the PMS (or, when sending stopped, since when);
// one tap opens the sync view. The state
// itself is decided in src/features/sync/sync-indicator.ts.
import { A } from '@solidjs/router';
import { Show } from 'solid-js';
import { createSyncIndicator } from '../features/sync';
import { t } from '../words/i18n';

const LABELS = {
  online: 'connection.online',
  'till-unreachable': 'connection.tillUnreachable',
  'pms-unreachable': 'connection.pmsUnreachable',
  offline: 'connection.offline',
} as const;

export function ConnectionState() {
  const sync = createSyncIndicator();
  return (
    <A
      href="/sync"
      class="connection-state"
      data-testid="connection-state"
      data-state={sync().state}
      title={t('connection.open')}
      aria-live="polite"
    >
      <span class="connection-dot" aria-hidden="true" />
      {t(LABELS[sync().state])}
      <Show when={sync().pending > 0}>
        <span
          class="connection-pending"
          data-testid="pending-count"
          data-count={sync().pending}
          data-stalled={sync().stalledMinutes !== null ? 'true' : undefined}
        >
          {` ${
            sync().stalledMinutes !== null
              ? t('connection.stalled', { minutes: sync().stalledMinutes ?? 0, count: sync().pending })
              : t('connection.pending').replace('{count}', String(sync().pending))
          }`}
        </span>
      </Show>
    </A>
  );
}
