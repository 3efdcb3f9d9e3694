// What the gateway is told with each write of a sale: which sale it belongs to (the subject a
// manager's approval names: a take-back by line is approved itself; the whole reversal a void
// queues goes by the voided charge; a late charge by the room charge it carries on, whose
// approvals it carries), the sale's approvals (all of them: the gateway takes the one each check
// needs), and whether it is a part of a split bill. Owns building the PMS client a sale's steps
// are sent with; its calls carry these headers.
import { withRequestHeaders } from '../pms/client.ts';
import { APPROVAL_HEADER, SALE_HEADER, SPLIT_HEADER } from '../pms/till-headers.ts';
import type { SaleRecord } from '../storage/records.ts';

/** The headers of `sale`'s writes. */
export function saleHeaders(sale: SaleRecord): Record<string, string> {
  return {
    [SALE_HEADER]: sale.takeBack ? sale.id : (sale.reverses ?? sale.lateChargeOf ?? sale.id),
    ...(sale.approvals?.length ? { [APPROVAL_HEADER]: sale.approvals.join(',') } : {}),
    ...(sale.split ? { [SPLIT_HEADER]: '1' } : {}),
  };
}

/** `pms`, sending `sale`'s headers with every call. */
export function pmsForSale<C extends object>(pms: C, sale: SaleRecord): C {
  return withRequestHeaders(pms, saleHeaders(sale));
}
