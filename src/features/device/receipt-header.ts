// The receipt header this till prints: the one the till server keeps for the tablet's outlet (set on
// the admin page), fetched with the staff list and kept on the tablet for printing offline. Only a
// tablet the server never answered (not paired yet) prints the header from its own Settings.
import { createSignal } from 'solid-js';
import { fetchReceiptHeader, type ReceiptHeader } from '../../pms/device-calls';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../storage/local';
import { settings } from './settings';

export type { ReceiptHeader };

const [fromServer, setFromServer] = createSignal<ReceiptHeader | undefined>(readStored());

function readStored(): ReceiptHeader | undefined {
  const stored = readLocal(LOCAL_KEYS.receiptHeader) as Partial<ReceiptHeader> | undefined;
  return typeof stored?.hotelName === 'string' &&
    typeof stored.hotelAddress === 'string' &&
    typeof stored.vatId === 'string'
    ? { hotelName: stored.hotelName, hotelAddress: stored.hotelAddress, vatId: stored.vatId }
    : undefined;
}

/** Whether the header comes from the till server (then Settings shows it, not fields to edit). */
export function headerFromServer(): boolean {
  return fromServer() !== undefined;
}

/**
 * The header printed now (reactive): the server's for this outlet, else the Settings' names.
 * @example const { hotelName, vatId } = receiptHeader();
 */
export function receiptHeader(): ReceiptHeader {
  const kept = fromServer();
  if (kept) return kept;
  const { hotelName, hotelAddress, vatId } = settings();
  return { hotelName, hotelAddress, vatId };
}

/** Fetches the header from the till server now; false when it could not (the kept one stays). */
export async function refreshReceiptHeader(): Promise<boolean> {
  try {
    const header = await fetchReceiptHeader(settings().gatewayUrl);
    writeLocal(LOCAL_KEYS.receiptHeader, header);
    setFromServer(header);
    return true;
  } catch {
    return false; // offline or unpaired: keep what the tablet has
  }
}
