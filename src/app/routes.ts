// The route table. Owns: which URL shows which view, and the order of the main navigation.
// Every view is lazy-loaded so the first load only carries the shell.
import type { RouteDefinition } from '@solidjs/router';
import { type Component, lazy } from 'solid-js';
import type { MessageKey } from './i18n';

export interface Section {
  path: string;
  titleKey: MessageKey;
  view: Component;
}

/** The sections of the till, in navigation order. */
export const SECTIONS: Section[] = [
  { path: '/', titleKey: 'catalogue.title', view: lazy(() => import('../views/CatalogueView')) },
  { path: '/register', titleKey: 'register.title', view: lazy(() => import('../views/RegisterView')) },
  { path: '/room-charge', titleKey: 'roomCharge.title', view: lazy(() => import('../views/RoomChargeView')) },
  { path: '/sync', titleKey: 'sync.title', view: lazy(() => import('../views/SyncView')) },
  { path: '/report', titleKey: 'report.title', view: lazy(() => import('../views/ReportView')) },
  { path: '/settings', titleKey: 'settings.title', view: lazy(() => import('../views/SettingsView')) },
];

export const ROUTES: RouteDefinition[] = [
  ...SECTIONS.map(({ path, view }) => ({ path, component: view })),
  { path: '*', component: lazy(() => import('../views/NotFoundView')) },
];
