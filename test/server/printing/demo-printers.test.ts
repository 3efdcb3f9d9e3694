// The demo's printers across restarts (issue 33): made once, named in German; on a restart, with the
// printer double on a new port, only they follow it, and a printer the manager set up on the
// loopback stays where it is.
import { afterEach, describe, expect, it } from 'vitest';
import { createHub } from '../../../src/server/hub/hub.ts';
import { setUpDemoPrinters } from '../../../src/server/printing/demo-printers.ts';
import { type PrinterDouble, startPrinterDouble } from '../../../src/server/printing/printer-double.ts';
import { createPrinting } from '../../../src/server/printing/printing.ts';
import { printerAt } from '../../support/printers.ts';

const doubles: PrinterDouble[] = [];
afterEach(async () => {
  for (const double of doubles.splice(0)) await double.close();
});

describe('the demo printers', () => {
  it('are named in German, and a restart moves them, not the manager’s own loopback printer', async () => {
    const hub = createHub({ dbFile: ':memory:' });
    try {
      const outlets = () => hub.outlets.list().map((outlet) => outlet.id);
      const printing = createPrinting({ db: hub.db, outlets, retryMs: 50, timeoutMs: 1000 });
      const first = await startPrinterDouble();
      doubles.push(first);
      setUpDemoPrinters(printing, first, hub.db);
      expect(
        printing.printers
          .list()
          .map((printer) => printer.name)
          .sort(),
      ).toEqual(['Bar', 'Bar', 'Bondrucker Bar', 'Bondrucker Restaurant', 'Küche', 'Küche'].sort());
      const own = printing.printers.add(
        printerAt({ host: first.host, port: 9100 }, { role: 'order', name: 'Eigener Drucker', groups: '4' }),
      );
      await printing.stop();

      const second = await startPrinterDouble();
      doubles.push(second);
      const restarted = createPrinting({ db: hub.db, outlets, retryMs: 50, timeoutMs: 1000 });
      setUpDemoPrinters(restarted, second, hub.db);
      const ports = restarted.printers.list().map((printer) => [printer.name, printer.port]);
      expect(
        ports.filter(([name]) => name !== 'Eigener Drucker').every(([, port]) => port === second.port),
      ).toBe(true);
      expect(restarted.printers.list().find((printer) => printer.id === own.id)?.port).toBe(9100);
      await restarted.stop();
    } finally {
      hub.close();
    }
  });
});
