// The app frame around every view. Owns: header (till name, sync state), navigation, the update
// banner, the Suspense boundary that lazy views load under, and starting sync and the guest list.
import type { RouteSectionProps } from '@solidjs/router';
import { onCleanup, onMount, Suspense } from 'solid-js';
import { startReplayer } from '../state/replayer';
import { startGuestRefresh } from '../state/reservations';
import { ConnectionState } from './ConnectionState';
import { t } from './i18n';
import { NavBar } from './NavBar';
import { UpdatePrompt } from './UpdatePrompt';

export function Shell(props: RouteSectionProps) {
  onMount(() => {
    startReplayer();
    onCleanup(startGuestRefresh());
  });
  return (
    <div class="shell">
      <header class="app-header">
        <img class="app-logo" src="/icons/icon.svg" alt="" width="36" height="36" />
        <span class="app-name">{t('app.name')}</span>
        <ConnectionState />
      </header>
      <NavBar />
      <main class="app-main">
        <Suspense>{props.children}</Suspense>
      </main>
      <UpdatePrompt />
    </div>
  );
}
