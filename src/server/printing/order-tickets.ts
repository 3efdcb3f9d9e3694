// What each ticket has already sent to the order printers, kept on the server per ticket and line:
// a send prints only the quantity added since the last one, so a second "Send order" prints the
// new round and a resend of the same request prints nothing. A line taken off after it was sent
// is not printed as a cancellation (docs/printing.md: not yet).
import type { HubDb } from '../hub/hub-db.ts';

export interface SentLine {
  key: string;
  quantity: number;
}

/**
 * Within one transaction of the caller: the lines' quantities not sent yet, and the round this
 * send is (the count of sends that printed something). Records them as sent. With `sharedSuffix`,
 * a line's key names the same line on every ticket whose id ends so (a restaurant table's line,
 * moved to another table): what those printed counts as sent too.
 * @example const { round, added } = takeNewLines(db, 'ticket-1', [{ key: 'p7', quantity: 3 }]);
 */
export function takeNewLines<T extends SentLine>(
  db: HubDb,
  ticketId: string,
  lines: readonly T[],
  sharedSuffix?: string,
): { round: number; added: T[] } {
  const sentBefore = new Map(
    (
      db
        .prepare('SELECT line_key AS key, quantity FROM order_lines_sent WHERE ticket_id = ?')
        .all(ticketId) as SentLine[]
    ).map((line) => [line.key, line.quantity]),
  );
  const added: T[] = [];
  const keep = db.prepare(
    `INSERT INTO order_lines_sent (ticket_id, line_key, quantity) VALUES (?, ?, ?)
     ON CONFLICT (ticket_id, line_key) DO UPDATE SET quantity = excluded.quantity`,
  );
  const elsewhere = sharedSuffix
    ? db.prepare(
        `SELECT COALESCE(SUM(quantity), 0) AS quantity FROM order_lines_sent
          WHERE line_key = ? AND ticket_id <> ? AND ticket_id LIKE ?`,
      )
    : null;
  for (const line of lines) {
    const before = sentBefore.get(line.key) ?? 0;
    const due =
      line.quantity -
      ((elsewhere?.get(line.key, ticketId, `%${sharedSuffix}`) as { quantity: number } | undefined)
        ?.quantity ?? 0);
    if (due > before) {
      added.push({ ...line, quantity: due - before });
      keep.run(ticketId, line.key, due);
    }
  }
  const rounds =
    (
      db.prepare('SELECT rounds FROM order_sends WHERE ticket_id = ?').get(ticketId) as
        | { rounds: number }
        | undefined
    )?.rounds ?? 0;
  if (added.length === 0) return { round: rounds, added };
  db.prepare(
    `INSERT INTO order_sends (ticket_id, rounds) VALUES (?, 1)
     ON CONFLICT (ticket_id) DO UPDATE SET rounds = rounds + 1`,
  ).run(ticketId);
  return { round: rounds + 1, added };
}
