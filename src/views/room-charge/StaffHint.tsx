// A reminder when no staff name is set: every sale records who made it.
import { A } from '@solidjs/router';
import { Show } from 'solid-js';
import { settings } from '../../state/settings';
import { t } from '../../words/i18n';

export function StaffHint() {
  return (
    <Show when={!settings().staffName}>
      <p class="desk-notice" data-tone="warn">
        {t('roomCharge.charge.noStaff')} <A href="/settings">{t('settings.title')}</A>
      </p>
    </Show>
  );
}
