// The route table. Owns: which URL shows which view, and the order of the main navigation.
// The catalogue is the till's home screen and comes with the shell (the first screen is then one
// script and the texts); every other view is lazy-loaded.
import type { RouteDefinition } from '@solidjs/router';
import { type Component, lazy } from 'solid-js';
import CatalogueView from '../views/CatalogueView';
import type { MessageKey } from './i18n';

export interface Section {
  path: string;
  titleKey: MessageKey;
  view: Component & { preload?: () => Promise<unknown> };
}

/** The sections of the till, in navigation order. */
export const SECTIONS: Section[] = [
  { path: '/', titleKey: 'catalogue.title', view: CatalogueView },
  { path: '/register', titleKey: 'register.title', view: lazy(() => import('../views/RegisterView')) },
  { path: '/room-charge', titleKey: 'roomCharge.title', view: lazy(() => import('../views/RoomChargeView')) },
  { path: '/sync', titleKey: 'sync.title', view: lazy(() => import('../views/SyncView')) },
  { path: '/report', titleKey: 'report.title', view: lazy(() => import('../views/ReportView')) },
  { path: '/settings', titleKey: 'settings.title', view: lazy(() => import('../views/SettingsView')) },
];

/**
 * Starts loading the code of a lazy view at `path` (the page's first view), so it loads alongside
 * the texts rather than after them.
 * @example preloadView(location.pathname);
 */
export function preloadView(path: string): void {
  const section = SECTIONS.find((candidate) => candidate.path === path);
  void section?.view.preload?.();
}

export const ROUTES: RouteDefinition[] = [
  ...SECTIONS.map(({ path, view }) => ({ path, component: view })),
  { path: '*', component: lazy(() => import('../views/NotFoundView')) },
];
