// The card terminal as the server uses it: its tables in the hub's database, the terminals set up
// on the admin page, and the payment service, which the sales ledger checks recorded card payments against,
// and the terminals' days in the X and Z reports. docs/zvt.md describes ZVT as we use it.
import type { Hub } from '../hub/hub.ts';
import { cardDaySource } from './card-days.ts';
import { migrateCardTables } from './card-db.ts';
import { createCardPayments } from './card-payments.ts';
import { createTerminals } from './terminals.ts';

export type CardTerminals = ReturnType<typeof createCardTerminals>;

/** Opens the card tables in the hub's database and the services on them. */
export function createCardTerminals(hub: Hub, options: { silenceMs?: number } = {}) {
  migrateCardTables(hub.db);
  const terminals = createTerminals(hub.db);
  const payments = createCardPayments({ db: hub.db, terminals, ...options });
  hub.ledger.useCardPayments(payments.ledgerSource());
  hub.closing.useCardDays(cardDaySource(hub.db));
  return { terminals, payments };
}
