// The background work of an open till, loaded after its first screen (startup.ts decides when):
// the outbox's page replayer and persistent storage (replayer.ts), the guest list kept fresh
// (reservations.ts), the gateway address handed to the service worker's outbox (settings.ts), and
// asking the till server whether this tablet is (still) paired, also as the outbox's replays find
// it (pairing.ts), and the staff list, audit reports and idle lock (staff-sync.ts).
import { checkDevice, followOutboxRefusals } from './pairing';
import { startReplayer } from './replayer';
import { startGuestRefresh } from './reservations';
import { passGatewayToOutbox } from './settings';
import { startStaffSync } from './staff-sync';

/** Starts it all; answers a function that stops what can be stopped (guest list timer, following). */
export function startBackground(): () => void {
  startReplayer();
  passGatewayToOutbox();
  void checkDevice();
  const stopFollowing = followOutboxRefusals();
  const stopGuests = startGuestRefresh();
  const stopStaff = startStaffSync();
  return () => {
    stopFollowing();
    stopGuests();
    stopStaff();
  };
}
