// Reporting an action for the audit log from code on the first screen, without loading the report
// queue's code with it: each call queues its report once that code is loaded (in call order).
import type { TabletAuditKind } from '../../pms/staff-calls';
import type { SaleRecord } from '../../storage/records';
import type { ActionReport } from './audit-reports';

/** Queues `action` for the audit log (audit-reports.ts `reportAction`). */
export function report(action: ActionReport): void {
  void import('./audit-reports').then(({ reportAction }) => reportAction(action));
}

/** Queues the report of a recorded sale (audit-reports.ts `reportRecorded`). */
export function reportSale(kind: TabletAuditKind, sale: SaleRecord, extra: Partial<ActionReport> = {}): void {
  void import('./audit-reports').then(({ reportRecorded }) => reportRecorded(kind, sale, extra));
}
