// The English texts of the sections after the first screen: room charge, sync, report and settings
// (words/en/). i18n.ts loads them once the first screen is up, and before any of those views shows.

import { en as report } from './en/report';
import { en as roomCharge } from './en/room-charge';
import { en as settings } from './en/settings';
import { en as sync } from './en/sync';

export const laterMessages = {
  ...roomCharge,
  ...sync,
  ...report,
  ...settings,
} as const;
