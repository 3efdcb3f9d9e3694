// The "new version available" banner. Owns: offering a waiting version to the cashier, who decides
// when to switch (never mid-sale by itself). The mechanics live in service-worker-updates.ts.
import { Show } from 'solid-js';
import { t } from '../words/i18n';
import { createServiceWorkerUpdates } from './service-worker-updates';

export default function UpdatePrompt() {
  const { updateWaiting, applyUpdate, dismissUpdate } = createServiceWorkerUpdates();
  return (
    <div class="update-prompt" role="alert">
      <Show when={updateWaiting()}>
        <p>{t('update.available')}</p>
        <button type="button" class="primary" onClick={() => void applyUpdate()}>
          {t('update.apply')}
        </button>
        <button type="button" onClick={dismissUpdate}>
          {t('update.later')}
        </button>
      </Show>
    </div>
  );
}
