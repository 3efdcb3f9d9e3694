// Keeping the tablet's staff list and audit reports in step with the till server, in the background:
// the staff cards, outlet policy and receipt header are fetched at start, every 5 minutes and when the network
// returns (so a new colleague or a reset PIN reaches the tablet while it is online); audit reports
// are delivered half a second after they are made, every 30 seconds, and at the same moments. Also the idle lock: no touch or
// key for the outlet's idle minutes locks the till.
import { fetchStaffList, reportAuditEvents } from '../../pms/staff-calls';
import { refreshReceiptHeader, settings } from '../device';
import { deliverReports, type SendReports, useReportSender } from './audit-reports';
import { isLocked, keepStaffList, lock, outletPolicy } from './staff-session';

const STAFF_EVERY_MS = 5 * 60_000;
const REPORTS_EVERY_MS = 30_000;

/** Fetches the staff list now; false when the server could not tell. */
export async function refreshStaff(): Promise<boolean> {
  try {
    keepStaffList(await fetchStaffList(settings().gatewayUrl));
    return true;
  } catch {
    return false; // offline or unpaired: keep what the tablet has
  }
}

const sendReports: SendReports = (events) => reportAuditEvents(settings().gatewayUrl, events);

/** Delivers the queued audit reports now. */
export function deliverAuditReports(): Promise<void> {
  return deliverReports(sendReports);
}

/** Starts the refreshes, deliveries and the idle lock; answers a stop function. */
export function startStaffSync(): () => void {
  // Each on its own: a staff list that is slow to come must not hold the reports back.
  const refresh = () => {
    void refreshStaff();
    void refreshReceiptHeader();
    void deliverAuditReports();
  };
  useReportSender(sendReports); // a report is delivered shortly after it is made, when online
  refresh();
  const staffTimer = setInterval(refresh, STAFF_EVERY_MS);
  const reportTimer = setInterval(() => void deliverAuditReports(), REPORTS_EVERY_MS);
  window.addEventListener('online', refresh);
  const stopIdleLock = startIdleLock();
  return () => {
    clearInterval(staffTimer);
    clearInterval(reportTimer);
    window.removeEventListener('online', refresh);
    useReportSender(undefined);
    stopIdleLock();
  };
}

/** Locks the till after the outlet's idle minutes without a touch or a key. */
function startIdleLock(): () => void {
  let lastActive = Date.now();
  const active = () => {
    lastActive = Date.now();
  };
  const events = ['pointerdown', 'keydown'] as const;
  for (const name of events) document.addEventListener(name, active, { capture: true, passive: true });
  const timer = setInterval(() => {
    const minutes = outletPolicy()?.idleLockMinutes;
    if (minutes && !isLocked() && Date.now() - lastActive >= minutes * 60_000) lock();
  }, 1000);
  return () => {
    clearInterval(timer);
    for (const name of events) document.removeEventListener(name, active, { capture: true });
  };
}
