// The app frame around every view. Owns: header (till name, connection state), navigation, the
// update banner, and the Suspense boundary that lazy views load under.
import type { RouteSectionProps } from '@solidjs/router';
import { Suspense } from 'solid-js';
import { ConnectionState } from './ConnectionState';
import { t } from './i18n';
import { NavBar } from './NavBar';
import { UpdatePrompt } from './UpdatePrompt';

export function Shell(props: RouteSectionProps) {
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
