// The English texts of the tables: the floor, a table's lines, sending a round, what changed meanwhile.
// Keys and English here, German in texts.de.ts with exactly these keys; read through `t()`
// (src/words/i18n.ts), loaded with the feature (docs/texts.md).

export const texts = {
  'tables.floor': 'Floor',
  'tables.state.free': 'Free',
  'tables.state.open': 'Open',
  'tables.state.ordered': 'Ordered',
  'tables.state.course_waiting': 'Course waiting',
  'tables.state.bill_asked': 'Bill asked',
  'tables.covers': '{n} covers',
  'tables.sinceRound': 'last round {minutes} min ago',
  'tables.noTables': 'No tables are set up for this outlet yet (admin page, Tables).',
  'tables.back': 'Back to the floor',
  'tables.addProduct': 'Add a product',
  'tables.search': 'Search products',
  'tables.course': 'Course',
  'tables.fire': 'Fire {course}',
  'tables.send': 'Send',
  'tables.bill': 'Bill',
  'tables.billFailed': 'The bill could not be opened: {reason}',
  'tables.sent': 'sent {n}',
  'tables.more': 'One more {name}',
  'tables.less': 'One fewer {name}',
  'tables.nothingYet': 'Nothing on this table yet.',
  'tables.offline': 'Not connected: your changes are kept on this tablet and sent when it is back.',
  'tables.meanwhile': 'Changed meanwhile: {changes}',
  'tables.conflict': '{staff}: {n} not taken ({rule})',
} as const;
