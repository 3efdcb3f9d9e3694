// A reminder when no staff name is set on a till without staff accounts: every sale records who
// made it. Where staff sign in, the signed-in person is recorded and nothing is to be set.
import { A } from '@solidjs/router';
import { Show } from 'solid-js';
import { settings } from '../../features/device';
import { signInRequired } from '../../features/staff';
import { t } from '../../words/i18n';

export function StaffHint() {
  return (
    <Show when={!signInRequired() && !settings().staffName}>
      <p class="desk-notice" data-tone="warn">
        {t('roomCharge.charge.noStaff')} <A href="/settings">{t('settings.title')}</A>
      </p>
    </Show>
  );
}
