// The English dictionary of the first screen: the shell's own texts, the catalogue's, the
// register's and the error texts (words/en/, one file per section). Loaded by i18n.ts only when
// English is the UI language; the other sections' texts come after the first screen
// (messages-en-later.ts). The German dictionaries must match their keys exactly.

import { en as catalogue } from './en/catalogue';
import { en as state } from './en/errors';
import { en as money } from './en/money';
import { en as numberPad } from './en/number-pad';
import { en as register } from './en/register';
import type { laterMessages } from './messages-en-later';

export const messages = {
  'app.name': 'Hotel Till',
  'staff.lock': 'Lock',
  'staff.signedIn': 'Signed in: {name}. Tap to lock the till.',
  'nav.label': 'Sections',
  'catalogue.title': 'Catalogue',
  'register.skipToTicket': 'Skip to the ticket',
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
  'connection.tillUnreachable': 'Till server unreachable',
  'connection.pmsUnreachable': 'PMS unreachable',
  'connection.pending': '{count} pending',
  'connection.open': 'Open the sync view',
  'update.available': 'New version available',
  'update.apply': 'Update',
  'update.later': 'Later',
  'settings.language': 'Language',
  ...state,
  ...catalogue,
  ...register,
  ...money,
  ...numberPad,
} as const;

/** The message keys of the first screen. */
export type FirstScreenKey = keyof typeof messages;
/** Every message key of the till. */
export type MessageKey = FirstScreenKey | keyof typeof laterMessages;
