// The German texts of the tables: the floor, a table's lines, sending a round, what changed meanwhile:
// exactly the keys of texts.en.ts (its type says so), read through `t()` (src/words/i18n.ts).
import type { texts as english } from './texts.en';

export const texts: Record<keyof typeof english, string> = {
  'tables.floor': 'Tischplan',
  'tables.state.free': 'Frei',
  'tables.state.open': 'Offen',
  'tables.state.ordered': 'Bestellt',
  'tables.state.course_waiting': 'Gang wartet',
  'tables.state.bill_asked': 'Rechnung gewünscht',
  'tables.covers': '{n} Gäste',
  'tables.sinceRound': 'letzte Runde vor {minutes} Min.',
  'tables.noTables': 'Für dieses Outlet sind noch keine Tische angelegt (Admin-Seite, Tische).',
  'tables.back': 'Zurück zum Tischplan',
  'tables.addProduct': 'Artikel hinzufügen',
  'tables.search': 'Artikel suchen',
  'tables.course': 'Gang',
  'tables.fire': '{course} abrufen',
  'tables.send': 'Senden',
  'tables.bill': 'Rechnung',
  'tables.billFailed': 'Die Rechnung konnte nicht geöffnet werden: {reason}',
  'tables.sent': '{n} gesendet',
  'tables.more': 'Ein {name} mehr',
  'tables.less': 'Ein {name} weniger',
  'tables.nothingYet': 'Noch nichts auf diesem Tisch.',
  'tables.offline':
    'Keine Verbindung: Ihre Änderungen bleiben auf diesem Tablet und werden gesendet, sobald sie wieder besteht.',
  'tables.meanwhile': 'Inzwischen geändert: {changes}',
  'tables.conflict': '{staff}: {n} nicht übernommen ({rule})',
  'tables.modifiers.for': 'Auswahl für {name}',
  'tables.modifiers.required': ' (Pflicht: {n})',
  'tables.modifiers.upTo': ' (freiwillig, bis zu {n})',
  'tables.modifiers.choose': 'Zuerst {group} wählen.',
  'tables.modifiers.tooMany': 'Zu viel gewählt bei {group}.',
  'tables.modifiers.add': '{name} hinzufügen',
  'tables.modifiers.cancel': 'Nicht hinzufügen',
};
