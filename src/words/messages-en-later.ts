// The English texts of what comes after the first screen: room charge, sync, report and settings, the
// register's ticket side, payment and receipt, and creating products (words/en/). i18n.ts loads them once the first screen is up, and before any of those views shows.

import { en as catalogueAdmin } from './en/catalogue-admin';
import { en as report } from './en/report';
import { en as roomCharge } from './en/room-charge';
import { en as settings } from './en/settings';
import { en as sync } from './en/sync';
import { en as ticketSide } from './en/ticket-side';

export const laterMessages = {
  ...roomCharge,
  ...sync,
  ...report,
  ...settings,
  ...ticketSide,
  ...catalogueAdmin,
} as const;
