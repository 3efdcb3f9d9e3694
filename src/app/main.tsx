// Entry point of the page. Owns: refusing to run the till outside a secure context (plain http on
// the hotel LAN: no service worker, no crypto.randomUUID, no device cookie; a lazy screen says how to
// open it over HTTPS, and nothing else runs: no IndexedDB, no worker registration), loading the UI
// language's texts before the first render (and, alongside, the code of the view the URL asks for,
// or of the pairing screen, and the cached catalogue's first page, which every selling screen shows
// first), mounting the router and shell (at /tables for an outlet with tables), and <html lang>.
import './app.css';
import { Router } from '@solidjs/router';
import { createEffect } from 'solid-js';
import { render } from 'solid-js/web';
import { afterFirstScreen, loadCatalogue } from '../features/catalogue';
import { deviceState, needsPairing } from '../features/device';
import { isLocked } from '../features/staff';
import { keptFloorPlan } from '../storage/floor-plan';
import { language, loadLanguage } from '../words/i18n';
import { followKitchenRole, isKitchenScreen, startKitchen } from './KitchenShell';
import { LOCK_PATH, PAIR_PATH, preloadView, ROUTES, TABLES_PATH } from './routes';
import { Shell } from './Shell';

performance.mark('till:code-run'); // the first screen's code is fetched and evaluated (docs/ui-speed.md)
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

function mount(element: HTMLElement): void {
  performance.mark('till:texts');
  render(() => {
    createEffect(() => {
      document.documentElement.lang = language();
      // the installed app is named in the till's language, as chosen on it, not the browser's (issue 33)
      document
        .querySelector('link[rel="manifest"]')
        ?.setAttribute('href', `/manifest.webmanifest?lang=${language()}`);
    });
    followKitchenRole(); // a device paired as a kitchen screen runs the kitchen's app (KitchenShell)
    return <Router root={Shell}>{ROUTES}</Router>;
  }, element);
  performance.mark('till:mounted');
}

/** A tablet of an outlet with tables starts on its floor (the plan last read for it; issue 31). */
function startOnTheFloor(): void {
  const device = deviceState();
  if (location.pathname !== '/' || location.search !== '' || device.kind !== 'paired') return;
  if (keptFloorPlan(device.device.id).length > 0) history.replaceState(history.state, '', TABLES_PATH);
}

function startTill(element: HTMLElement): void {
  startOnTheFloor();
  preloadView(needsPairing() ? PAIR_PATH : isLocked() ? LOCK_PATH : location.pathname);
  void loadCatalogue(afterFirstScreen); // its first page now, for the first render; all of it after that screen
  loadLanguage()
    .catch((error: unknown) => console.error('[i18n] could not load the texts', error))
    .finally(() => mount(element));
}

if (window.isSecureContext) (isKitchenScreen() ? startKitchen : startTill)(root);
else {
  import('../views/InsecureContextView')
    .then(({ showInsecureContext }) => showInsecureContext(root))
    .catch((error: unknown) => console.error('[start] could not show the HTTPS notice', error));
}
