// The app of a kitchen screen (issue 31, item 6): a device the till server paired in the role
// "kitchen" starts here instead of the till (main.tsx): /kitchen only, no navigation, no sign-in, no
// selling or background work it may not do (the server refuses it all: 403). Owns mounting it, the
// service worker (so it reloads offline), and leaving for the till when the device is no kitchen
// screen (unpaired or revoked: the pairing screen), and the till's way here (`followKitchenRole`).
import { Navigate, Router, type RouteSectionProps } from '@solidjs/router';
import { createEffect, lazy, Suspense } from 'solid-js';
import { render } from 'solid-js/web';
import { askDevice, deviceState } from '../features/device';
import { loadLanguage, t, withTexts } from '../words/i18n';

export const KITCHEN_PATH = '/kitchen';

const KitchenView = lazy(() => withTexts(['kitchen'], () => import('../views/KitchenView')));
const UpdatePrompt = lazy(() => import('./UpdatePrompt'));

/** Whether the till server last said this device is a kitchen screen. */
export function isKitchenScreen(): boolean {
  const state = deviceState();
  return state.kind === 'paired' && state.device.role === 'kitchen';
}

/** In the till: a device the server says is a kitchen screen goes to the kitchen's app. */
export function followKitchenRole(): void {
  createEffect(() => {
    if (isKitchenScreen()) location.replace(KITCHEN_PATH);
  });
}

function KitchenShell(props: RouteSectionProps) {
  createEffect(() => {
    if (deviceState().kind !== 'unknown' && !isKitchenScreen()) location.replace('/');
  });
  return (
    <div class="shell kitchen-shell">
      <header class="app-header">
        <img class="app-logo" src="/icons/icon-192.png" alt="" width="36" height="36" />
        <span class="app-name">{t('app.name')}</span>
      </header>
      <main class="app-main">
        <Suspense>{props.children}</Suspense>
      </main>
      <UpdatePrompt />
    </div>
  );
}

/** Mounts the kitchen's app at /kitchen (any other path leads there). */
export function startKitchen(element: HTMLElement): void {
  if (location.pathname !== KITCHEN_PATH) history.replaceState(history.state, '', KITCHEN_PATH);
  void KitchenView.preload();
  void askDevice();
  loadLanguage()
    .catch((error: unknown) => console.error('[i18n] could not load the texts', error))
    .finally(() =>
      render(
        () => (
          <Router root={KitchenShell}>
            {[
              { path: KITCHEN_PATH, component: KitchenView },
              { path: '*', component: () => <Navigate href={KITCHEN_PATH} /> },
            ]}
          </Router>
        ),
        element,
      ),
    );
}
