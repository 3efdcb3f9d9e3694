// The English dictionary: the shell's own texts and every section's (words/en/, one file per
// section). Loaded by i18n.ts only when English is the UI language; its keys are the
// till's message keys (`MessageKey`), which the German dictionary must match exactly.

import { en as catalogue } from './en/catalogue';
import { en as state } from './en/errors';
import { en as pay } from './en/pay';
import { en as register } from './en/register';
import { en as report } from './en/report';
import { en as roomCharge } from './en/room-charge';
import { en as settings } from './en/settings';
import { en as sync } from './en/sync';

export const messages = {
  'app.name': 'Hotel Till',
  'staff.lock': 'Lock',
  'staff.signedIn': 'Signed in: {name}. Tap to lock the till.',
  'nav.label': 'Sections',
  'catalogue.title': 'Catalogue',
  'register.title': 'Register',
  'roomCharge.title': 'Room charge',
  'sync.title': 'Sync',
  'settings.title': 'Settings',
  'report.title': 'Report',
  'notFound.title': 'Page not found',
  'notFound.back': 'Back to the catalogue',
  'view.comingSoon': 'This screen is coming soon.',
  'connection.online': 'Online',
  'connection.offline': 'Offline',
  'update.available': 'New version available',
  'update.apply': 'Update',
  'update.later': 'Later',
  'settings.language': 'Language',
  ...state,
  ...catalogue,
  ...register,
  ...pay,
  ...roomCharge,
  ...sync,
  ...report,
  ...settings,
} as const;

/** Every message key of the till. */
export type MessageKey = keyof typeof messages;
