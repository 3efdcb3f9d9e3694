// Printer fixtures: a printer row (the admin form's fields) for a printer double on the loopback,
// 80 mm wide with the cp858 code page; by default the bar's receipt printer.
import type { PrinterDouble } from '../../src/server/printing/printer-double.ts';

/**
 * The fields `printers.add` takes for a printer at `double`; `extra` sets the role, name or groups.
 * @example printing.printers.add(printerAt(kitchen, { role: 'order', name: 'Küche', groups: '3' }));
 */
export function printerAt(double: Pick<PrinterDouble, 'host' | 'port'>, extra: Record<string, string> = {}) {
  return {
    outlet: 'bar',
    role: 'receipt',
    name: 'Bar receipts',
    host: double.host,
    port: String(double.port),
    widthMm: '80',
    codepage: 'cp858',
    ...extra,
  };
}
