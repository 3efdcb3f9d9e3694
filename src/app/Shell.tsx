// The app frame around every view. Owns: the header (till name, sync state, printers), navigation, the
// update banner, the Suspense boundary of lazy views, the pairing and lock screens in the till's place,
// the manager-approval dialog, and starting the background work once the first screen is up
// (app/startup.ts). Details: docs/till-app.md, "The app frame".
import { type RouteSectionProps, useLocation } from '@solidjs/router';
import { createSignal, lazy, onCleanup, onMount, Show, Suspense } from 'solid-js';
import { afterFirstScreen } from '../features/catalogue';
import { askDevice, deviceState, needsPairing } from '../features/device';
import { isLocked, lock, openApproval, signedIn } from '../features/staff';
import { t, withTexts } from '../words/i18n';
import { ConnectionState } from './ConnectionState';
import { NavBar } from './NavBar';
import { LockScreen, PAIR_PATH, PairingView } from './routes';
import { startAfterFirstScreen } from './startup';

/** Registers the service worker and offers updates; loaded after the first screen. */
const UpdatePrompt = lazy(() => import('./UpdatePrompt'));
const ApprovalDialog = lazy(() => import('../views/lock/ApprovalDialog'));
/** The opening-float dialog at the first sign-in of a shift (features/report/shift-open.ts). */
const FloatDialog = lazy(() => withTexts(['report', 'payment'], () => import('../views/report/FloatDialog')));
/** The needs-attention count: the outbox is read after the first screen, so is its code. */
const AttentionCount = lazy(() =>
  withTexts(['room-charge'], () => import('./AttentionCount')).then((m) => ({ default: m.AttentionCount })),
);
/** Printers that need attention (the till server's printing), loaded after the first screen too. */
const PrinterAttention = lazy(() =>
  withTexts(['device'], () => import('./PrinterAttention')).then((m) => ({ default: m.PrinterAttention })),
);

export function Shell(props: RouteSectionProps) {
  const location = useLocation();
  const pairing = () => needsPairing() || location.pathname === PAIR_PATH;
  const [firstScreenUp, setFirstScreenUp] = createSignal(false);
  onMount(() => {
    // A tablet that was never told whether it is paired asks at once: its catalogue waits for that.
    if (deviceState().kind === 'unknown') void askDevice();
    onCleanup(startAfterFirstScreen());
    void afterFirstScreen().then(() => setFirstScreenUp(true));
  });
  return (
    <div class="shell">
      <header class="app-header">
        <img class="app-logo" src="/icons/icon-192.png" alt="" width="36" height="36" />
        <span class="app-name">{t('app.name')}</span>
        <ConnectionState />
        <Show when={firstScreenUp()}>
          <Suspense>
            <AttentionCount />
          </Suspense>
          <Show when={!pairing()}>
            <Suspense>
              <PrinterAttention />
            </Suspense>
          </Show>
        </Show>
        <Show when={signedIn()}>
          {(staff) => (
            <button
              type="button"
              class="app-staff"
              onClick={lock}
              title={t('staff.signedIn', { name: staff().name })}
            >
              <span class="app-staff-name">{staff().name}</span>
              <span class="app-staff-lock">{t('staff.lock')}</span>
            </button>
          )}
        </Show>
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
        <Show
          when={!isLocked()}
          fallback={
            <main class="app-main">
              <Suspense>
                <LockScreen />
              </Suspense>
            </main>
          }
        >
          <NavBar />
          <main class="app-main">
            <Suspense>{props.children}</Suspense>
          </main>
          <Show when={signedIn()}>
            <Suspense>
              <FloatDialog />
            </Suspense>
          </Show>
        </Show>
      </Show>
      <Show when={openApproval()}>
        <Suspense>
          <ApprovalDialog />
        </Suspense>
      </Show>
      <Show when={firstScreenUp()}>
        <UpdatePrompt />
      </Show>
    </div>
  );
}
