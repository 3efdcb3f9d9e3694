// The demo's printers (`npm start` on the embedded test hotel): all at the printer double on the
// loopback. Made on the first start, named in the demo hotel's German: a receipt printer for the bar
// and the restaurant ("Bondrucker Bar", "Bondrucker Restaurant"), and order printers "Bar" (the
// demo's groups 1 Bar and 2 Minibar) and "Küche" (3 Kitchen) for both. Their ids are kept in the
// hub's settings: on later starts only these are pointed at the double's new port, never a printer
// the manager set up on the loopback (issue 33: each restart moved it to the demo printer).
import type { HubDb } from '../hub/hub-db.ts';
import type { PrinterDouble } from './printer-double.ts';
import type { Printing } from './printing.ts';

const KEPT_IDS = 'demo_printer_ids';
/** The names the demo gave its printers before their ids were kept, to find them once. */
const EARLIER_NAMES = new Set(['Bar receipts', 'Restaurant receipts', 'Bar', 'Küche']);

export function setUpDemoPrinters(printing: Printing, double: PrinterDouble, settings: HubDb): void {
  const at = { host: double.host, port: String(double.port), widthMm: '80', codepage: 'cp858' };
  const existing = printing.printers.list();
  if (existing.length === 0) {
    const made: string[] = [];
    for (const outlet of ['bar', 'restaurant'] as const) {
      const name = outlet === 'bar' ? 'Bar' : 'Restaurant';
      made.push(printing.printers.add({ ...at, outlet, role: 'receipt', name: `Bondrucker ${name}` }).id);
      made.push(printing.printers.add({ ...at, outlet, role: 'order', name: 'Bar', groups: '1, 2' }).id);
      made.push(printing.printers.add({ ...at, outlet, role: 'order', name: 'Küche', groups: '3' }).id);
    }
    keep(settings, made);
    return;
  }
  const kept = keptIds(settings);
  const demo =
    kept ??
    existing
      .filter((printer) => printer.host === double.host && EARLIER_NAMES.has(printer.name))
      .map((printer) => printer.id);
  if (!kept) keep(settings, demo);
  for (const printer of existing) {
    if (!demo.includes(printer.id) || !printing.printers.outlets().includes(printer.outlet)) continue;
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

function keptIds(settings: HubDb): string[] | undefined {
  const row = settings.prepare('SELECT value FROM hub_settings WHERE key = ?').get(KEPT_IDS) as
    | { value: string }
    | undefined;
  return row ? (JSON.parse(row.value) as string[]) : undefined;
}

function keep(settings: HubDb, ids: string[]): void {
  settings
    .prepare(
      'INSERT INTO hub_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    )
    .run(KEPT_IDS, JSON.stringify(ids));
}
