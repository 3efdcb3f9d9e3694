// The PMS operations the till uses: one name per endpoint, its HTTP method, and whether it changes
// state in the PMS. "Changes state" is not the same as "is not a GET": the interface closes an
// invoice (and checks in, cancels) through GETs, so anything deciding whether a call may be retried
// blindly must look here, never at the HTTP method. The names are the PMS client's function names.

/** How an operation reaches the PMS and whether it writes. */
export interface OperationInfo {
  readonly method: 'GET' | 'POST';
  /** True when the call changes state in the PMS (a write), whatever its HTTP method. */
  readonly changesState: boolean;
}

/**
 * Every operation of the PMS client.
 * @example OPERATIONS.closeInvoice // { method: 'GET', changesState: true }
 */
export const OPERATIONS = {
  getAvailableProducts: { method: 'GET', changesState: false },
  getOptionalProducts: { method: 'GET', changesState: false },
  createProduct: { method: 'POST', changesState: true },
  createCommodityGroup: { method: 'POST', changesState: true },
  getTaxClassesAccounts: { method: 'GET', changesState: false },
  getPaymentOptions: { method: 'GET', changesState: false },
  createCashInvoice: { method: 'POST', changesState: true },
  addInvoiceProducts: { method: 'POST', changesState: true },
  closeInvoice: { method: 'GET', changesState: true },
  getInvoice: { method: 'GET', changesState: false },
  addProducts: { method: 'POST', changesState: true },
  removeProducts: { method: 'POST', changesState: true },
  getReservationCost: { method: 'GET', changesState: false },
  // A search, sent as POST because it carries a body; it changes nothing.
  searchReservation: { method: 'POST', changesState: false },
  getRoomReservation: { method: 'GET', changesState: false },
  getMainReservation: { method: 'GET', changesState: false },
  getMainReservationByNumber: { method: 'GET', changesState: false },
  getReservationsInTimespan: { method: 'GET', changesState: false },
} as const satisfies Record<string, OperationInfo>;

/** The name of a PMS client operation, e.g. 'closeInvoice'. */
export type PmsOperation = keyof typeof OPERATIONS;

/**
 * True when the operation writes to the PMS (including writes sent as GET).
 * @example changesState('closeInvoice') === true; changesState('searchReservation') === false
 */
export function changesState(operation: PmsOperation): boolean {
  return OPERATIONS[operation].changesState;
}
