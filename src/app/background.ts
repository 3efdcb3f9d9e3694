// The background work of an open till, loaded after its first screen (app/startup.ts decides when):
// the outbox's page replayer and persistent storage (replayer.ts), the guest list kept fresh
// (state/reservations.ts), the gateway address handed to the service worker's outbox (state/settings.ts), and
// asking the till server whether this tablet is (still) paired, also as the outbox's replays find
// it (state/pairing.ts), the staff list, audit reports and idle lock (state/staff-sync.ts), and the
// saved ticket checked against its record (state/ticket.ts).
import { checkDevice, followOutboxRefusals } from '../state/pairing';
import { startGuestRefresh } from '../state/reservations';
import { passGatewayToOutbox } from '../state/settings';
import { startStaffSync } from '../state/staff-sync';
import { meetTicketRecord } from '../state/ticket';
import { FEATURES, loadTexts } from '../words/i18n';
import { startReplayer } from './replayer';

/** Starts it all; answers a function that stops what can be stopped (guest list timer, following). */
export function startBackground(): () => void {
  // The other features' texts (current language), so that opening one (or a message of theirs) needs no wait.
  loadTexts(...FEATURES).catch((error: unknown) => console.error('[i18n] could not load the texts', error));
  startReplayer();
  passGatewayToOutbox();
  void checkDevice();
  meetTicketRecord().catch((error: unknown) => console.error('[ticket] could not read its record', error));
  const stopFollowing = followOutboxRefusals();
  const stopGuests = startGuestRefresh();
  const stopStaff = startStaffSync();
  return () => {
    stopFollowing();
    stopGuests();
    stopStaff();
  };
}
