// Small device-local values kept in localStorage: read and written synchronously, so they are there
// on the first frame after a reload and a write is done before the next tap. Owns the storage keys
// (constants, one per value) and JSON (de)serialisation. Invariants: a read never throws (missing,
// corrupt or blocked storage reads as undefined; the caller validates the shape), and a write that
// fails (quota, private mode) reports false instead of throwing into a click handler.

/** Every localStorage key the till's state modules use. */
export const LOCAL_KEYS = {
  /** Device settings: gateway, till, outlet, staff, theme, currency, cash method override. */
  settings: 'hotel-till.settings',
  /** The ticket being rung up, so a reload or crash never loses it. */
  currentTicket: 'hotel-till.current-ticket',
  /** The table whose bill is the current ticket, and what of it was paid (features/tables/table-bill.ts). */
  tableBill: 'hotel-till.table-bill',
  /** The outlet's floor plan as last read (features/tables/floor-state.ts), for a reload offline. */
  floorPlan: 'hotel-till.floor-plan',
  /** The hotel's modifier groups as last read (features/tables/modifiers.ts), for adding lines offline. */
  modifierGroups: 'hotel-till.modifier-groups',
  /** A kitchen screen's cards as last read (features/kitchen/), shown through an outage and a reload. */
  kitchenView: 'hotel-till.kitchen-view',
  /** A kitchen screen's bumps not yet stored by the server (its outbox, features/kitchen/). */
  kitchenBumps: 'hotel-till.kitchen-bumps',
  /** The last completed sale's receipt, so the receipt view survives a reload. */
  lastReceipt: 'hotel-till.last-receipt',
  /** The last few hundred receipts, so a copy of any receipt of the shift can be printed. */
  receipts: 'hotel-till.receipts',
  /** Commodity groups created at this till that have no product yet (the PMS cannot list groups). */
  createdGroups: 'hotel-till.created-groups',
  /** This tablet's pairing with the till server as last known (features/device/device.ts), for selling offline. */
  device: 'hotel-till.device',
  /** The receipt header the till server keeps for this tablet's outlet (features/device/receipt-header.ts). */
  receiptHeader: 'hotel-till.receipt-header',
  /** The staff cards and outlet policy from the till server, for signing in offline (features/staff/staff-session.ts). */
  staff: 'hotel-till.staff',
  /** Wrong PIN tries on this tablet since the last right one. */
  pinTries: 'hotel-till.pin-tries',
  /** Reports for the server's audit log not yet delivered (features/staff/audit-reports.ts). */
  auditQueue: 'hotel-till.audit-queue',
  /** Reports the server refused, for the sync view. */
  auditRefused: 'hotel-till.audit-refused',
  /** Whether the till server signed this tablet's last recorded sale (features/payment/fiscal-receipt.ts). */
  fiscalRequired: 'hotel-till.fiscal-required',
  /** The till server's fiscal country as it last said (features/payment/fiscal-receipt.ts). */
  fiscalCountry: 'hotel-till.fiscal-country',
  /** Receipts not yet taken by the till server's print queue (features/payment/printing.ts). */
  printPending: 'hotel-till.print-pending',
  /** What the till's first screen shows of the cached catalogue, readable before its first frame
   * (features/catalogue/catalogue.ts; docs/ui-speed.md). */
  firstScreen: 'hotel-till.first-screen',
  /** The first screen's prices as the UI language last formatted them (words/kept-prices.ts). */
  firstScreenPrices: 'hotel-till.first-screen-prices',
} as const;

export type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS];

/**
 * The parsed JSON stored under `key`, or undefined when missing, unreadable or not JSON.
 * @example const saved = readLocal(LOCAL_KEYS.settings); // unknown: validate before use
 */
export function readLocal(key: LocalKey): unknown {
  try {
    const text = globalThis.localStorage?.getItem(key);
    return text == null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * Stores `value` as JSON under `key` (undefined removes it); false when the browser refused.
 * @example if (!writeLocal(LOCAL_KEYS.currentTicket, ticket)) console.warn('ticket not saved');
 */
export function writeLocal(key: LocalKey, value: unknown): boolean {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return false;
    if (value === undefined) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}
