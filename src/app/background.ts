// The background work of an open till, loaded after its first screen (app/startup.ts decides when):
// the outbox's page replayer and persistent storage (replayer.ts), the gateway address handed to the
// service worker's outbox, asking the till server whether this tablet is (still) paired (also as
// replays find it), once paired the guest list, the staff list, audit reports, the idle lock and the
// outlet's floor plan, and the saved ticket checked against its record.
import { deviceState, passGatewayToOutbox, whenPaired } from '../features/device';
import { checkDeviceAtStart, followOutboxRefusals } from '../features/pairing';
import { startGuestRefresh } from '../features/room-charge';
import { startStaffSync } from '../features/staff';
import { refreshFloorPlan } from '../features/tables';
import { meetTicketRecord } from '../features/ticket';
import { FEATURES, loadTexts } from '../words/i18n';
import { startReplayer } from './replayer';

/** Starts it all; answers a function that stops what can be stopped (guest list timer, following). */
export function startBackground(): () => void {
  // The other features' texts (current language), so that opening one (or a message of theirs) needs no wait.
  loadTexts(...FEATURES).catch((error: unknown) => console.error('[i18n] could not load the texts', error));
  startReplayer();
  passGatewayToOutbox();
  void checkDeviceAtStart();
  meetTicketRecord().catch((error: unknown) => console.error('[ticket] could not read its record', error));
  const stopFollowing = followOutboxRefusals();
  // An unpaired tablet asks nothing else of the server (every call would answer 401) until paired.
  let stopped = false;
  let stopGuests = () => {};
  let stopStaff = () => {};
  void whenPaired().then(() => {
    if (stopped) return;
    const device = deviceState();
    if (device.kind === 'paired') void refreshFloorPlan(device.device.id); // opens on its floor next time

    stopGuests = startGuestRefresh();
    stopStaff = startStaffSync();
  });
  return () => {
    stopped = true;
    stopFollowing();
    stopGuests();
    stopStaff();
  };
}
