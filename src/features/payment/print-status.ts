// The printer state at this tablet's outlet as the till server last said it (`printStatus`,
// refreshed by printing.ts), and the language slips print in (the UI's, set by the app). Small and
// apart, so the printing modules share it without importing each other.
import { createSignal } from 'solid-js';
import type { PrintLanguage, PrintStatus } from '../../pms/print-calls';

const [printStatus, setPrintStatus] = createSignal<PrintStatus | null>(null);

/** The outlet's printers and what needs attention; null until the server answered, or when it does not (reactive). */
export { printStatus, setPrintStatus };

let language: PrintLanguage = 'de';
let languageChanged: (() => void) | null = null;
/** The language slips print in: the UI's (set by the app as it changes); the server is told at once. */
export function setPrintLanguage(next: PrintLanguage): void {
  if (next === language) return;
  language = next;
  languageChanged?.();
}

/** Who tells the server a new print language (printing.ts: the next status request carries it). */
export function onPrintLanguage(listener: () => void): void {
  languageChanged = listener;
}

/** The language slips print in now. */
export function printLanguage(): PrintLanguage {
  return language;
}
