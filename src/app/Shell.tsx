// The app frame around every view. Owns: header (till name, sync state), navigation, the update
// banner, the Suspense boundary that lazy views load under, the pairing screen in the till's place
// while the till server says this tablet is not paired (and at /pair), and starting the background
// work (sync, guest list, the pairing check) and the service worker's registration once the first
// screen is up (app/startup.ts).
import { type RouteSectionProps, useLocation } from '@solidjs/router';
import { createSignal, lazy, onCleanup, onMount, Show, Suspense } from 'solid-js';
import { needsPairing } from '../state/device';
import { afterFirstScreen } from '../state/first-screen';
import { t } from '../words/i18n';
import { ConnectionState } from './ConnectionState';
import { NavBar } from './NavBar';
import { PAIR_PATH, PairingView } from './routes';
import { startAfterFirstScreen } from './startup';

/** Registers the service worker and offers updates; loaded after the first screen. */
const UpdatePrompt = lazy(() => import('./UpdatePrompt'));

export function Shell(props: RouteSectionProps) {
  const location = useLocation();
  const pairing = () => needsPairing() || location.pathname === PAIR_PATH;
  const [firstScreenUp, setFirstScreenUp] = createSignal(false);
  onMount(() => {
    onCleanup(startAfterFirstScreen());
    void afterFirstScreen().then(() => setFirstScreenUp(true));
  });
  return (
    <div class="shell">
      <header class="app-header">
        <img class="app-logo" src="/icons/icon.svg" alt="" width="36" height="36" />
        <span class="app-name">{t('app.name')}</span>
        <ConnectionState />
      </header>
      <Show
        when={!pairing()}
        fallback={
          <main class="app-main">
            <Suspense>
              <PairingView />
            </Suspense>
          </main>
        }
      >
        <NavBar />
        <main class="app-main">
          <Suspense>{props.children}</Suspense>
        </main>
      </Show>
      <Show when={firstScreenUp()}>
        <UpdatePrompt />
      </Show>
    </div>
  );
}
