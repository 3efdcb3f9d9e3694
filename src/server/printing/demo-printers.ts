// The demo's printers (`npm start` on the embedded test hotel): all at the printer double on the
// loopback. Made on the first start: a receipt printer for the bar and the restaurant, and order
// printers "Bar" (the demo's groups 1 Bar and 2 Minibar) and "Küche" (3 Kitchen) for both. On later
// starts, printers on the loopback are pointed at the double's new port; others are left alone.
import type { PrinterDouble } from './printer-double.ts';
import type { Printing } from './printing.ts';

export function setUpDemoPrinters(printing: Printing, double: PrinterDouble): void {
  const at = { host: double.host, port: String(double.port), widthMm: '80', codepage: 'cp858' };
  const existing = printing.printers.list();
  if (existing.length === 0) {
    for (const outlet of ['bar', 'restaurant'] as const) {
      const name = outlet === 'bar' ? 'Bar' : 'Restaurant';
      printing.printers.add({ ...at, outlet, role: 'receipt', name: `${name} receipts` });
      printing.printers.add({ ...at, outlet, role: 'order', name: 'Bar', groups: '1, 2' });
      printing.printers.add({ ...at, outlet, role: 'order', name: 'Küche', groups: '3' });
    }
    return;
  }
  for (const printer of existing) {
    if (printer.host !== double.host || !printing.printers.outlets().includes(printer.outlet)) continue;
    printing.printers.update(printer.id, {
      outlet: printer.outlet,
      role: printer.role,
      name: printer.name,
      host: printer.host,
      port: String(double.port),
      widthMm: String(printer.widthMm),
      codepage: printer.codepage,
      groups: printer.groups.join(','),
    });
  }
}
