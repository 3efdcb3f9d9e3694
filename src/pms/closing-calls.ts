// The manager's tablet calls for the day's closing (`/till/closing`, docs/ledger.md "The Z report"):
// read the X report, count a drawer, close the day. Each carries the manager's `close_day`
// approval (signed on the tablet for DAY_CLOSING_SUBJECT) and a request id; refusals are
// TillServerError with the server's code (`approval_not_manager`, `drawer_not_counted`, ...).
import type {
  CashCountAnswer,
  CashCountInput,
  CloseDayAnswer,
  CloseDayInput,
  DayReport,
} from './closing-wire.ts';
import { callTillServer, type DeviceFetch } from './device-calls.ts';
import { APPROVAL_HEADER, newRequestId, REQUEST_ID_HEADER } from './till-headers.ts';

/** Called through a wrapper: `fetch` called as a method of something else throws "Illegal invocation". */
const globalFetch: DeviceFetch = (url, init) => fetch(url, init);

const headers = (approval: string, body: boolean): Record<string, string> => ({
  [APPROVAL_HEADER]: approval,
  [REQUEST_ID_HEADER]: newRequestId(),
  ...(body ? { 'content-type': 'application/json' } : {}),
});

/**
 * The X report (the open day so far).
 * @example const report = await fetchDayReport('', approvalToken);
 */
export async function fetchDayReport(
  baseUrl: string,
  approval: string,
  fetcher: DeviceFetch = globalFetch,
): Promise<DayReport> {
  const body = await callTillServer(fetcher, `${baseUrl}/till/closing`, {
    method: 'GET',
    headers: headers(approval, false),
  });
  return (body as { report: DayReport }).report;
}

/**
 * Records a drawer's count; answers the drawer's cash-up with the count.
 * @example await countDrawer('', token, { outlet: 'bar', drawer: 'Bar', denominations: { '5000': 2 } });
 */
export async function countDrawer(
  baseUrl: string,
  approval: string,
  count: CashCountInput,
  fetcher: DeviceFetch = globalFetch,
): Promise<CashCountAnswer> {
  return (await callTillServer(fetcher, `${baseUrl}/till/closing/counts`, {
    method: 'POST',
    headers: headers(approval, true),
    body: JSON.stringify(count),
  })) as CashCountAnswer;
}

/**
 * Closes the day up to the X report's `upToSeq`; answers the Z.
 * @example const z = await closeDay('', token, { upToSeq: report.upToSeq });
 */
export async function closeDay(
  baseUrl: string,
  approval: string,
  close: CloseDayInput,
  fetcher: DeviceFetch = globalFetch,
): Promise<CloseDayAnswer> {
  return (await callTillServer(fetcher, `${baseUrl}/till/closing/z`, {
    method: 'POST',
    headers: headers(approval, true),
    body: JSON.stringify(close),
  })) as CloseDayAnswer;
}
