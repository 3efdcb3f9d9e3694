// What the gateway is told with each write of a sale: which sale it belongs to (the subject a
// manager's approval names: a take-back by line is approved itself; the whole reversal a void
// queues goes by the voided charge) and the sale's approvals. Owns building the PMS client a
// sale's steps are sent with; its calls carry these headers.
import { withRequestHeaders } from '../pms/client.ts';
import { APPROVAL_HEADER, SALE_HEADER } from '../pms/till-headers.ts';
import type { SaleRecord } from '../storage/records.ts';

/** The headers of `sale`'s writes. */
export function saleHeaders(sale: SaleRecord): Record<string, string> {
  return {
    [SALE_HEADER]: sale.takeBack ? sale.id : (sale.reverses ?? sale.id),
    ...(sale.approvals?.length ? { [APPROVAL_HEADER]: sale.approvals.join(',') } : {}),
  };
}

/** `pms`, sending `sale`'s headers with every call. */
export function pmsForSale<C extends object>(pms: C, sale: SaleRecord): C {
  return withRequestHeaders(pms, saleHeaders(sale));
}
