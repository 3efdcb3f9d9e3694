// Words of server printing on the tablet (the header's printer attention, printing receipts, copies
// and orders at the server's printers), in English (German: de.ts). Loaded with the printing code.

export const en = {
  'printer.attention': '{printer}: {problem}',
  'printer.problem.unreachable': 'not reachable',
  'printer.problem.offline': 'offline',
  'printer.problem.cover_open': 'cover open',
  'printer.problem.paper_out': 'paper out',
  'printer.problem.unsure': 'did a slip print?',
  'printer.jobsTitle': 'Waiting at {printer}',
  'printer.jobWaiting': 'waiting',
  'printer.jobHeld': 'sent, not confirmed: check the printer',
  'printer.giveUp': 'Give up',
  'printer.close': 'Close',
  'printer.givenUp': 'Given up: it will not print.',
  'print.copy': 'Print copy',
  'print.copyQueued': 'Copy sent to {printer}.',
  'print.slipQueued': 'Slip sent to {printer}.',
  'print.receiptQueued': 'Receipt sent to {printer}.',
  'print.receiptWaiting': 'The receipt prints once the till server is reached.',
  'print.sendOrder': 'Send order',
  'print.orderSent': 'Order sent to {printers}.',
  'print.orderNothingNew': 'Nothing new to send.',
  'print.orderUnrouted': 'No printer for: {lines}',
  'print.orderFailed': 'The order could not be sent: the till server is not reachable.',
};
