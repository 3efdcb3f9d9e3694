// Pairing this tablet with the till server, and checking that it still is. Owns: what staff type as
// a code (normalised: upper case, no spaces or dashes, the code alphabet only), pairing through
// `POST /till/pair` and what follows (the device remembered, everything waiting sent at once, the
// catalogue and guest list fetched again), the background check `GET /till/device`, and following
// the outbox (a replay the gateway refused, in the service worker too, flips the device state).
// Loaded on demand (background work and the pairing view); the state itself is device.ts.
import { endPairingHold } from '../../outbox/actions';
import { readPairingWait, subscribeOutbox } from '../../outbox/status';
import {
  type Device,
  fetchDevice,
  normalisePairingCode,
  pairWithCode,
  TillServerError,
} from '../../pms/device-calls';
import { DEVICE_REFUSAL_CODES } from '../../pms/errors';
import { refreshCatalogue } from '../catalogue';
import {
  deviceAskedAtStart,
  deviceState,
  noteDeviceChecked,
  noteDevicePaired,
  noteDeviceRefused,
  settings,
  syncNow,
} from '../device';
import { refreshGuests } from '../room-charge';
import { refreshStaff } from '../staff';

export { normalisePairingCode, TillServerError };

/** What staff typed cannot be a code; checked before anything is sent. */
export class PairingCodeFormatError extends Error {
  override readonly name = 'PairingCodeFormatError';
  readonly code = 'code_format';
}

/**
 * Pairs this tablet with a one-time code, remembers the device, and sends everything that waited.
 * @throws PairingCodeFormatError before sending, or TillServerError with the server's `code`
 *   (`pairing_code_invalid`, `pairing_code_expired`, `pairing_code_used`, `too_many_attempts`,
 *   `unreachable`, `unexpected`).
 * @example const device = await pairTablet({ code: 'abcd-2345', name: 'Bar tablet' });
 */
export async function pairTablet(form: { code: string }): Promise<Device> {
  const code = normalisePairingCode(form.code);
  if (!code) throw new PairingCodeFormatError('A pairing code has 8 characters of its alphabet.');
  const device = await pairWithCode(settings().gatewayUrl, code);
  // The staff list before the till opens: with staff on the server, "Who is working?" comes first,
  // never the register with nobody signed in (issue 20). Offline or refused, the till opens as before.
  await refreshStaff();
  noteDevicePaired(device);
  resumeAfterPairing();
  return device;
}

/**
 * Asks the till server whether this tablet is paired, and updates the device state from its answer;
 * without an answer (offline) nothing changes. Never rejects.
 * @example void checkDevice();
 */
export async function checkDevice(): Promise<void> {
  const { kind } = deviceState();
  const askedAt = performance.now();
  try {
    noteDevicePaired(await fetchDevice(settings().gatewayUrl));
    // Paired meanwhile (e.g. in another tab), not known before (nothing was fetched while the tablet
    // was not known to be paired), or the outbox still waits from before: go on now.
    if (kind !== 'paired' || (await readPairingWait())) resumeAfterPairing();
  } catch (error) {
    const refusal = error instanceof TillServerError ? error.code : undefined;
    const known = DEVICE_REFUSAL_CODES.find((code) => code === refusal);
    // Asked before a pairing that has since succeeded: the answer is about the tablet as it was.
    if (known) noteDeviceRefused(known, askedAt);
    else console.warn('[device] could not check the pairing', error);
  }
}

let startCheck: Promise<void> | undefined;

/**
 * The page's first device check, asked by the background work (later calls answer the same one): a
 * tablet never told whether it is paired asked already at start (device.ts `askDevice`), so only
 * the outbox's wait is left; else `checkDevice`.
 * @example void checkDeviceAtStart();
 */
export function checkDeviceAtStart(): Promise<void> {
  const askedAlready = deviceAskedAtStart();
  startCheck ??= askedAlready
    ? askedAlready.then(async () => {
        // asked at start (device.ts): only the outbox's wait for pairing is left to end
        if (deviceState().kind === 'paired' && (await readPairingWait())) resumeAfterPairing();
      })
    : checkDevice().finally(noteDeviceChecked);
  return startCheck;
}

/** Replays announce every step; the outbox's pairing wait is read at most this often (ms). */
const FOLLOW_EVERY_MS = 500;

/**
 * Follows the outbox's replays, the service worker's too (the page's own client is watched
 * directly): when one found the gateway refusing this tablet, the device state says so at once.
 * Answers a function that stops following.
 * @example onCleanup(followOutboxRefusals());
 */
export function followOutboxRefusals(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const read = () => {
    timer = undefined;
    readPairingWait()
      .then((code) => {
        if (code) noteDeviceRefused(code);
      })
      .catch((error: unknown) => console.warn('[device] could not read the outbox', error));
  };
  const unsubscribe = subscribeOutbox((event) => {
    if (event.type === 'replayed') timer ??= setTimeout(read, FOLLOW_EVERY_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

/** Nothing waits for pairing any more: send what waited, now, and fetch what the gateway refused. */
function resumeAfterPairing(): void {
  endPairingHold()
    .then(() => syncNow())
    .catch((error: unknown) => console.error('[device] could not resume sending after pairing', error));
  void refreshCatalogue();
  void refreshGuests();
}
