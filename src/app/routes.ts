// The route table. Owns: which URL shows which view, and the order of the main navigation.
// The register (selling) is the till's start screen at / and comes with the shell (the first
// screen is then one script and the texts); every other view is lazy-loaded, the catalogue (a
// manager's section) included, each together with its features' texts (words/i18n.ts `withTexts`).
// /register, its old address, leads to /. The pairing screen is not a section: the shell shows it
// at /pair and in the till's place while the tablet is not paired.
import { Navigate, type RouteDefinition } from '@solidjs/router';
import { type Component, lazy } from 'solid-js';
import { PAIR_PATH } from '../views/pairing/path';
import RegisterView from '../views/RegisterView';
import { type MessageKey, withTexts } from '../words/i18n';

export interface Section {
  path: string;
  titleKey: MessageKey;
  view: Component & { preload?: () => Promise<unknown> };
}

/** The floor of an outlet with tables (where its tablets start: main.tsx). */
export const TABLES_PATH = '/tables';

/** The sections of the till, in navigation order. */
export const SECTIONS: Section[] = [
  { path: '/', titleKey: 'register.title', view: RegisterView },
  {
    path: TABLES_PATH,
    titleKey: 'tables.title',
    view: lazy(() => withTexts(['tables', 'kitchen'], () => import('../views/TablesView'))),
  },
  {
    path: '/room-charge',
    titleKey: 'roomCharge.title',
    view: lazy(() => withTexts(['room-charge', 'payment', 'sync'], () => import('../views/RoomChargeView'))),
  },
  {
    path: '/sync',
    titleKey: 'sync.title',
    view: lazy(() => withTexts(['sync', 'room-charge', 'payment'], () => import('../views/SyncView'))),
  },
  {
    path: '/report',
    titleKey: 'report.title',
    view: lazy(() => withTexts(['report', 'payment', 'sync', 'device'], () => import('../views/ReportView'))),
  },
  {
    path: '/catalogue',
    titleKey: 'catalogue.title',
    view: lazy(() => withTexts(['catalogue', 'payment'], () => import('../views/CatalogueView'))),
  },
  {
    path: '/settings',
    titleKey: 'settings.title',
    view: lazy(() => withTexts(['device'], () => import('../views/SettingsView'))),
  },
];

export { PAIR_PATH };

/** The pairing screen (shown by the shell, see above). */
export const PairingView = lazy(() => withTexts(['device'], () => import('../views/PairingView')));

/** The lock screen: the shell shows it in the till's place while staff must sign in. */
export const LockScreen = lazy(() => withTexts(['staff'], () => import('../views/lock/LockScreen')));

/** Where the lock screen stands in for the view: `preloadView(LOCK_PATH)` loads its code. */
export const LOCK_PATH = '#lock';

/**
 * Starts loading the code of a lazy view at `path` (the page's first view), so it loads alongside
 * the texts rather than after them.
 * @example preloadView(needsPairing() ? PAIR_PATH : location.pathname);
 */
export function preloadView(path: string): void {
  if (path === PAIR_PATH) void PairingView.preload();
  if (path === LOCK_PATH) void LockScreen.preload();
  const section = SECTIONS.find((candidate) => candidate.path === path);
  void section?.view.preload?.();
}

export const ROUTES: RouteDefinition[] = [
  ...SECTIONS.map(({ path, view }) => ({ path, component: view })),
  { path: PAIR_PATH, component: () => null }, // the shell shows the pairing screen here
  { path: '/register', component: () => Navigate({ href: '/' }) }, // the register's old address
  { path: '*', component: lazy(() => import('../views/NotFoundView')) },
];
