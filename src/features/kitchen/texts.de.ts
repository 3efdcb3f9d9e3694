// The German texts of the kitchen screen: exactly the keys of texts.en.ts (its type says so), read
// through `t()` (src/words/i18n.ts).
import type { texts as english } from './texts.en';

export const texts: Record<keyof typeof english, string> = {
  'kitchen.title': 'Küche',
  'kitchen.connected': 'Verbunden',
  'kitchen.offline':
    'Keine Verbindung: Es werden die Bestellungen gezeigt, die dieser Bildschirm hat. „Fertig“ wird gespeichert und gesendet, sobald der Server wieder da ist.',
  'kitchen.waiting': '{n} fertig, noch nicht gesendet',
  'kitchen.refused': '{n}-mal „Fertig“ vom Server nicht angenommen ({code}).',
  'kitchen.nothing': 'Nichts zu kochen.',
  'kitchen.table': 'Tisch {name}',
  'kitchen.tab': 'Deckel {name}',
  'kitchen.round': 'Runde {n}',
  'kitchen.age': '{minutes}:{seconds}',
  'kitchen.ageLabel': 'wartet seit {minutes} min {seconds} s',
  'kitchen.seat': 'Platz {n}',
  'kitchen.cancelled': '{n} storniert',
  'kitchen.done': 'Fertig',
  'kitchen.doneLabel': 'Fertig: {table}, {course}, Runde {round}',
  'kitchen.recent': 'Zuletzt fertig',
  'kitchen.notSent': 'noch nicht gesendet',
  'kitchen.floor.cooking': 'Küche: {n} in Arbeit',
  'kitchen.floor.ready': 'Fertig: {courses}',
} as const;
