// The English texts of the kitchen screen: its cards, their age, "Done", and whether it is connected.
// Keys and English here, German in texts.de.ts with exactly these keys; read through `t()`
// (src/words/i18n.ts), loaded with the feature (docs/texts.md).

export const texts = {
  'kitchen.title': 'Kitchen',
  'kitchen.connected': 'Connected',
  'kitchen.offline':
    'Not connected: showing the orders this screen holds. Done is kept and sent when the server is back.',
  'kitchen.waiting': '{n} done, waiting to be sent',
  'kitchen.refused': '{n} Done not taken by the server ({code}).',
  'kitchen.nothing': 'No orders to cook.',
  'kitchen.table': 'Table {name}',
  'kitchen.tab': 'Tab {name}',
  'kitchen.round': 'Round {n}',
  'kitchen.age': '{minutes}:{seconds}',
  'kitchen.ageLabel': 'waiting {minutes} min {seconds} s',
  'kitchen.seat': 'Seat {n}',
  'kitchen.cancelled': '{n} cancelled',
  'kitchen.done': 'Done',
  'kitchen.doneLabel': 'Done: {table}, {course}, round {round}',
  'kitchen.recent': 'Done recently',
  'kitchen.notSent': 'not sent yet',
  'kitchen.floor.cooking': 'Kitchen: {n} cooking',
  'kitchen.floor.ready': 'Ready: {courses}',
} as const;
