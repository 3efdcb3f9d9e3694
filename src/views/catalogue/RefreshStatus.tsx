// When the catalogue was last refreshed from the PMS, a button to refresh now, and why the last
// refresh failed (the cached catalogue stays in use).
import { Show } from 'solid-js';
import { catalogue, refreshCatalogue, refreshState } from '../../features/catalogue';
import { formatMoment } from '../../words/format';
import { t } from '../../words/i18n';
import { createErrorText } from '../common/error-words';

export function RefreshStatus() {
  const refreshedAt = () => catalogue().refreshedAt;
  const whyFailed = createErrorText(() => refreshState().error);
  return (
    <div
      class="refresh-status"
      data-testid="refresh-status"
      data-refreshed={refreshedAt() !== null}
      data-running={refreshState().running}
    >
      <p data-testid="catalogue-refreshed">
        {refreshedAt() === null
          ? t('catalogue.neverRefreshed')
          : t('catalogue.lastRefresh', { detail: formatMoment(refreshedAt() ?? 0) })}
        {' · '}
        {t('products.count', { count: catalogue().index.products.length })}
      </p>
      <button type="button" disabled={refreshState().running} onClick={() => void refreshCatalogue()}>
        {refreshState().running ? t('catalogue.refreshing') : t('catalogue.refresh')}
      </button>
      <Show when={refreshState().error}>
        <p class="form-error" role="alert">
          {t('catalogue.refreshFailed', { detail: whyFailed() })}
        </p>
      </Show>
    </div>
  );
}
