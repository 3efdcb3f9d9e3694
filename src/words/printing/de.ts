// German words of server printing on the tablet (English and the keys: en.ts); the type makes it
// have exactly the English keys.
import type { en } from './en';

export const de: Record<keyof typeof en, string> = {
  'printer.attention': '{printer}: {problem}',
  'printer.problem.unreachable': 'nicht erreichbar',
  'printer.problem.offline': 'offline',
  'printer.problem.cover_open': 'Deckel offen',
  'printer.problem.paper_out': 'Papier leer',
  'printer.problem.unsure': 'Bon gedruckt?',
  'printer.jobsTitle': 'Wartet bei {printer}',
  'printer.jobWaiting': 'wartet',
  'printer.jobHeld': 'gesendet, nicht bestätigt: bitte am Drucker prüfen',
  'printer.giveUp': 'Aufgeben',
  'printer.close': 'Schließen',
  'printer.givenUp': 'Aufgegeben: wird nicht gedruckt.',
  'print.copy': 'Kopie drucken',
  'print.copyQueued': 'Kopie an {printer} gesendet.',
  'print.slipQueued': 'Beleg an {printer} gesendet.',
  'print.receiptQueued': 'Beleg an {printer} gesendet.',
  'print.receiptWaiting': 'Der Beleg wird gedruckt, sobald der Kassenserver erreichbar ist.',
  'print.sendOrder': 'Bestellung senden',
  'print.orderSent': 'Bestellung an {printers} gesendet.',
  'print.orderNothingNew': 'Nichts Neues zu senden.',
  'print.orderUnrouted': 'Kein Drucker für: {lines}',
  'print.orderFailed': 'Die Bestellung konnte nicht gesendet werden: Kassenserver nicht erreichbar.',
};
