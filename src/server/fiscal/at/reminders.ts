// What the Austrian register's admin must do now (docs/fiscal.md, "Austria"): report an outage
// past 48 hours to FinanzOnline (Kassen-ID, start, cause), check the Startbeleg and the Jahresbeleg
// (the latter by 15 February), make a missing Jahresbeleg, back the DEP up each quarter.
import type { DepStore } from './dep-store.ts';
import { OUTAGE_REPORT_MS } from './register-service.ts';

export interface Reminder {
  kind: 'outage-48h' | 'yearly-check' | 'yearly-missing' | 'backup' | 'start-check';
  text: string;
  overdue: boolean;
}

export function remindersOf(store: DepStore, now: Date): Reminder[] {
  const list: Reminder[] = [];
  const register = store.register();
  if (!register) return list;
  const today = now;
  const checked = new Set(store.events('check').map((event) => event.subject));
  const outage = store.openOutage();
  if (outage && today.getTime() - Date.parse(outage.startedAt) >= OUTAGE_REPORT_MS)
    list.push({
      kind: 'outage-48h',
      text: `${register.kassenId}|${outage.startedAt}|${outage.cause}`,
      overdue: true,
    });
  const start = store.lastOf('start');
  if (start && !checked.has(start.receiptNumber))
    list.push({ kind: 'start-check', text: start.receiptNumber, overdue: false });
  const year = today.getUTCFullYear();
  const yearly = store.lastOf('yearly');
  const made = yearly?.signed && Number(yearly.time.slice(0, 4)) >= year ? yearly : undefined;
  if (made && !checked.has(made.receiptNumber)) {
    const due = `${made.time.slice(0, 4)}-02-15`;
    list.push({
      kind: 'yearly-check',
      text: `${made.receiptNumber}|${due}`,
      overdue: today.toISOString().slice(0, 10) > due,
    });
  } else if (!made && register.setUpAt.slice(0, 4) < String(year) && today.getUTCMonth() < 2)
    list.push({ kind: 'yearly-missing', text: String(year - 1), overdue: false });
  const quarterStart = new Date(Date.UTC(year, Math.floor(today.getUTCMonth() / 3) * 3, 1)).toISOString();
  const lastExport = store.events('dep-export')[0]?.at;
  if ((!lastExport || lastExport < quarterStart) && register.setUpAt < quarterStart)
    list.push({ kind: 'backup', text: lastExport ?? '', overdue: true });
  return list;
}
