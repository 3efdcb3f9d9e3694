// German words of the shift report (English and the keys: the same file in words/en/). Part of
// src/words/messages-de.ts; the type makes it have exactly the English keys.
import type { en } from '../en/report';

export const de: Record<keyof typeof en, string> = {
  'report.shiftSince': 'Schicht seit {time}',
  'report.shiftSinceStart': 'Schicht seit Einrichtung der Kasse',
  'report.asOf': 'Stand {time} · {till} · {staff}',
  'report.print': 'Drucken',
  'report.total': 'Gesamt',
  'report.salesCount.one': '{count} Verkauf',
  'report.salesCount.other': '{count} Verkäufe',
  'report.empty': 'In dieser Schicht gibt es noch keine Verkäufe.',
  'report.byPayment': 'Nach Zahlungsart',
  'report.roomCharge': 'Zimmerbelastung',
  'report.lateCharge': 'Nachbelastung (offene Rechnung)',
  'report.unknownMethod': 'Zahlungsart {id}',
  'report.byGroup': 'Nach Warengruppe',
  'report.otherGroup': 'Sonstige',
  'report.roomCharges': 'Zimmerbelastungen',
  'report.charges': 'Auf Zimmer gebucht',
  'report.reversals': 'Zurückgebucht',
  'report.roomNet': 'Zimmerbelastungen nach Rückbuchungen',
  'report.sync': 'Ausstehend und bestätigt',
  'report.confirmed': 'Vom PMS bestätigt',
  'report.pending': 'Ausstehend',
  'report.needsAttention': 'davon zu prüfen',
  'report.voided': 'Storniert (nicht gezählt)',
  'report.col.what': 'Was',
  'report.col.count': 'Verkäufe',
  'report.col.quantity': 'Stück',
  'report.col.amount': 'Betrag',
  'report.close': 'Schichtabschluss',
  'report.closeQuestion': 'Schicht jetzt abschließen? Die nächste Schicht beginnt sofort.',
  'report.closeWarn.other':
    '{count} Verkäufe dieser Schicht sind vom PMS noch nicht bestätigt. Sie werden nach dem Abschluss weiter abgeglichen, bitte trotzdem prüfen:',
  'report.closeWarn.one':
    '{count} Verkauf dieser Schicht ist vom PMS noch nicht bestätigt. Er wird nach dem Abschluss weiter abgeglichen, bitte trotzdem prüfen:',
  'report.closeAnyway': 'Schicht trotzdem abschließen',
  'report.closeYes': 'Ja, Schicht abschließen',
  'report.closeCancel': 'Schicht offen lassen',
  'report.closed': 'Schicht um {time} abgeschlossen. Eine neue Schicht hat begonnen.',
  'report.closeFailed':
    'Der Schichtabschluss konnte auf diesem Tablet nicht gespeichert werden; die Schicht ist noch offen.',
  'report.openSync': 'Abgleich öffnen',
  'report.history': 'Abgeschlossene Schichten',
  'report.historyRow': '{from} – {to}',
  'report.historyOpen': '{count} beim Abschluss unbestätigt',
};
