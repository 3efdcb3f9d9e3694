// The header's connection indicator. Owns: showing online/offline in words and colour.
import { t } from './i18n';
import { createOnlineStatus } from './online';

export function ConnectionState() {
  const isOnline = createOnlineStatus();
  const state = () => (isOnline() ? 'online' : 'offline');
  return (
    <output class="connection-state" data-testid="connection-state" data-state={state()} aria-live="polite">
      <span class="connection-dot" aria-hidden="true" />
      {isOnline() ? t('connection.online') : t('connection.offline')}
    </output>
  );
}
