// Which till this is, as sales, receipts and reports name it: the tablet's name and outlet as the
// admin page gave them when it was paired (kept on the tablet, so offline too). Only a tablet the
// server never named (not paired yet) falls back to the names in Settings.
import type { Outlet } from '../../pms/device-calls';
import { deviceState } from './device';
import { settings } from './settings';

/** The outlets' names on receipts (the same in English and German, as on the admin page). */
const OUTLET_NAMES: Readonly<Record<Outlet, string>> = {
  bar: 'Bar',
  restaurant: 'Restaurant',
  minibar: 'Minibar',
};

/** Whether the names come from the server (a paired or revoked tablet it named), not from Settings. */
export function namedByServer(): boolean {
  const state = deviceState();
  return (state.kind === 'paired' || state.kind === 'revoked') && state.device !== undefined;
}

/**
 * The till's name and its outlet's (reactive).
 * @example const { tillName, outletName } = tillIdentity(); // { tillName: 'Minibar 2', outletName: 'Minibar' }
 */
export function tillIdentity(): { tillName: string; outletName: string } {
  const state = deviceState();
  const device = state.kind === 'paired' || state.kind === 'revoked' ? state.device : undefined;
  if (device) return { tillName: device.name, outletName: OUTLET_NAMES[device.outlet] ?? device.outlet };
  const { tillName, outletName } = settings();
  return { tillName, outletName };
}
