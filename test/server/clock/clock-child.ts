// Run by hotel-clock.test.ts in a child process whose `TZ` is not the hotel's: a German demo hotel
// (Europe/Berlin from its country), its slip, TSE lines, business day, sale hour, admin audit page
// and audit CSV, printed as JSON on stdout for the test to check against the hotel's clock.
import { hotelHour } from '../../../src/server/clock/hotel-clock.ts';
import { fiscalReceiptLines } from '../../../src/server/fiscal/de/receipt-lines.ts';
import type { FiscalOutcome } from '../../../src/server/fiscal/de/signing-service.ts';
import { localDate } from '../../../src/server/ledger/closing/day-closing.ts';
import { printedTime } from '../../../src/server/printing/slip-words.ts';
import { requestWithHost, startAdminServer } from '../../support/host-request.ts';

const server = await startAdminServer('k-c10c', { demoRegion: 'DE' });
try {
  server.hub.audit.append({ kind: 'receipt_header_changed', staffName: 'Anna', subject: 'hotel' });
  const at = server.hub.audit.list({ kind: 'receipt_header_changed' })[0]!.at;
  const unsigned = { status: 'unsigned', recordedAt: '2026-03-01T05:23:43.000Z' } as unknown as FiscalOutcome;
  const result = {
    processZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    hotelZone: server.hub.timeZone.get(),
    slip: printedTime(Date.parse('2026-03-01T05:23:00Z'), 'de'),
    tse: fiscalReceiptLines(unsigned, { language: 'de' }),
    businessDay: localDate(new Date('2026-03-01T23:30:00Z')),
    hour: hotelHour('2026-07-01T22:15:00Z'),
    auditAt: at,
    auditPage: (await requestWithHost(server.port, '/admin/audit')).body,
    auditCsv: (await requestWithHost(server.port, '/admin/audit.csv')).body,
  };
  process.stdout.write(JSON.stringify(result));
} finally {
  await server.close();
}
