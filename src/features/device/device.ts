// This tablet's pairing with the till server, as the page knows it. Owns: the device state
// (paired, with name and outlet / unpaired / revoked by a manager / unknown: never told), keeping
// the last known one on the tablet so that a paired tablet keeps selling offline, and flipping it
// when the server says otherwise: `GET /till/device` (pairing.ts, in the background) or a gateway
// 401 with a device code on any /api call of the page's client (`watchDeviceRefusals`, pms.ts).
// Only the server's answer changes it; a network failure never does.
import { createSignal } from 'solid-js';
import type { Device } from '../../pms/device-calls';
import { DEVICE_REFUSAL_CODES, type DeviceRefusalCode } from '../../pms/errors';
import { deviceRefusal, type FetchLike } from '../../pms/till-headers';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../storage/local';
import { settings } from './settings';

export type { Device };

export type DeviceState =
  | { kind: 'paired'; device: Device }
  | { kind: 'unpaired' }
  | { kind: 'revoked'; device?: Device }
  | { kind: 'unknown' };

const [deviceState, setDeviceState] = createSignal<DeviceState>(loadStored());
/** When (performance.now) the server last said this tablet is paired. */
let pairedAt = Number.NEGATIVE_INFINITY;

/**
 * The device state (reactive).
 * @example <Show when={deviceState().kind === 'paired'}>…</Show>
 */
export { deviceState };

/** Whether the till must show the pairing screen instead of selling: the server said so. */
export function needsPairing(): boolean {
  const { kind } = deviceState();
  return kind === 'unpaired' || kind === 'revoked';
}

/**
 * The server knows this tablet: remember it (it keeps selling offline from now on).
 * @example noteDevicePaired({ id: 'd1', name: 'Bar tablet', outlet: 'bar' });
 */
export function noteDevicePaired(device: Device): void {
  pairedAt = performance.now();
  set({ kind: 'paired', device });
}

/**
 * The server refused this tablet: not paired, or unpaired by a manager. `askedAt` (performance.now
 * when the refused request was sent): a refusal of a request sent before the tablet was paired is
 * stale and changes nothing (the QR link pairing while the start-up check was on its way).
 * @example noteDeviceRefused('device_revoked');
 */
export function noteDeviceRefused(code: DeviceRefusalCode, askedAt = performance.now()): void {
  if (askedAt < pairedAt) return;
  const current = deviceState();
  if (code === 'device_not_paired') {
    if (current.kind !== 'unpaired' && current.kind !== 'revoked') set({ kind: 'unpaired' });
    return;
  }
  if (current.kind === 'revoked') return;
  set(current.kind === 'paired' ? { kind: 'revoked', device: current.device } : { kind: 'revoked' });
}

/**
 * Wraps the page's fetch so that a gateway 401 with a device code flips the device state; the
 * answer itself goes on unchanged to the PMS client (which throws `PmsUnpairedError`).
 * @example createPmsClient({ fetch: watchDeviceRefusals((url, init) => fetch(url, init)) });
 */
export function watchDeviceRefusals(fetcher: FetchLike): FetchLike {
  return async (url, init) => {
    const askedAt = performance.now();
    const response = await fetcher(url, init);
    if (response.status === 401) {
      response
        .clone()
        .text()
        .then((text) => {
          const code = deviceRefusal(response, text);
          if (code) noteDeviceRefused(code, askedAt);
        })
        .catch(() => undefined);
    }
    return response;
  };
}

/** Waiting for the server to say this tablet is paired (whenPaired). */
const pairedWaiters: (() => void)[] = [];

/**
 * Resolves once the till server has said this tablet is paired (at once when it last said so):
 * what asks the server or the PMS in the background waits for it, so that an unpaired tablet asks
 * only `GET /till/device` (pairing.ts) until it is paired, not half a dozen calls that answer 401.
 * @example void whenPaired().then(() => startStaffSync());
 */
export function whenPaired(): Promise<void> {
  if (deviceState().kind === 'paired') return Promise.resolve();
  return new Promise((resolve) => pairedWaiters.push(resolve));
}

let noteChecked: () => void = () => undefined;
const checked = new Promise<void>((resolve) => {
  noteChecked = resolve;
});

/** The page's first device check (pairing.ts) has answered, or failed: the device state is what it knows. */
export function noteDeviceChecked(): void {
  noteChecked();
}

/**
 * Resolves once the page's first device check has settled, whatever it found.
 * @example await whenDeviceChecked(); if (deviceState().kind !== 'paired') showWhatIsCached();
 */
export function whenDeviceChecked(): Promise<void> {
  return checked;
}

/**
 * Asks the till server once whether this tablet is paired (`GET /till/device`) and notes the answer,
 * for a tablet never told (app/Shell.tsx, at start: its catalogue waits for this); settles
 * `whenDeviceChecked` whatever happens. Resuming the outbox after pairing stays pairing.ts's.
 * @example if (deviceState().kind === 'unknown') void askDevice();
 */
export function askDevice(): Promise<void> {
  asked ??= ask();
  return asked;
}

/** The start's question of `askDevice`, if it was asked (pairing.ts then does not ask again). */
export function deviceAskedAtStart(): Promise<void> | undefined {
  return asked;
}

let asked: Promise<void> | undefined;

async function ask(): Promise<void> {
  const askedAt = performance.now();
  try {
    const { fetchDevice } = await import('../../pms/device-calls');
    noteDevicePaired(await fetchDevice(settings().gatewayUrl));
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const known = DEVICE_REFUSAL_CODES.find((refusal) => refusal === code);
    if (known) noteDeviceRefused(known, askedAt);
  } finally {
    noteDeviceChecked();
  }
}

function set(next: DeviceState): void {
  setDeviceState(next);
  writeLocal(LOCAL_KEYS.device, next.kind === 'unknown' ? undefined : next);
  if (next.kind === 'paired') for (const resolve of pairedWaiters.splice(0)) resolve();
}

function loadStored(): DeviceState {
  const saved = readLocal(LOCAL_KEYS.device);
  if (typeof saved !== 'object' || saved === null) return { kind: 'unknown' };
  const { kind, device } = saved as { kind?: unknown; device?: unknown };
  const known = isDevice(device) ? device : undefined;
  if (kind === 'paired' && known) return { kind, device: known };
  if (kind === 'revoked') return known ? { kind, device: known } : { kind };
  if (kind === 'unpaired') return { kind };
  return { kind: 'unknown' };
}

function isDevice(value: unknown): value is Device {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name, outlet } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof name === 'string' && typeof outlet === 'string';
}
