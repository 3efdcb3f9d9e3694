// The English dictionary: the shell's own texts and every view's (each view keeps its texts next to
// it, in strings.ts). Loaded by i18n.ts only when English is the UI language; its keys are the
// till's message keys (`MessageKey`), which the German dictionary must match exactly.
import { en as state } from '../state/strings';
import { en as catalogue } from '../views/catalogue/strings';
import { en as register } from '../views/register/strings';
import { en as report } from '../views/report/strings';
import { en as roomCharge } from '../views/room-charge/strings';
import { en as settings } from '../views/settings/strings';
import { en as sync } from '../views/sync/strings';

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
  ...roomCharge,
  ...sync,
  ...report,
  ...settings,
} as const;

/** Every message key of the till. */
export type MessageKey = keyof typeof messages;
