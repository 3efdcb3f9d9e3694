// The German texts of the sections after the first screen (English and the keys:
// messages-en-later.ts); the type makes them have exactly the English keys.

import { de as catalogueAdmin } from './de/catalogue-admin';
import { de as report } from './de/report';
import { de as roomCharge } from './de/room-charge';
import { de as settings } from './de/settings';
import { de as sync } from './de/sync';
import { de as ticketSide } from './de/ticket-side';
import type { laterMessages as english } from './messages-en-later';

export const laterMessages: Record<keyof typeof english, string> = {
  ...roomCharge,
  ...sync,
  ...report,
  ...settings,
  ...ticketSide,
  ...catalogueAdmin,
};
