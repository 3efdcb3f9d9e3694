// The card terminals' days for the X and Z reports (ledger/closing/): per terminal, the sales
// ledger's card money in the report's records (sales, and refunds of sales paid on it, matched to
// the terminal through the card rows), and its latest end-of-day since the previous Z with the
// ledger's card money it was set beside. docs/ledger.md "Card payments".
import type { CardTerminalDay } from '../../pms/closing-wire.ts';
import type { HubDb } from '../hub/hub-db.ts';
import type { CardDaySource } from '../ledger/closing/day-closing.ts';

/** Reads the card terminals' days from the card rows and the ledger in `db`. */
export function cardDaySource(db: HubDb): CardDaySource {
  const ledgerMoney = db.prepare(
    `SELECT c.terminal_id AS terminalId, COUNT(*) AS count, SUM(p.amount_cents) AS cents, SUM(p.tip_cents) AS tips
       FROM ledger_payments p JOIN ledger_sales s ON s.seq = p.sale_seq
       JOIN card_payments c ON c.sale_id = CASE WHEN s.kind = 'refund' THEN s.refers_to ELSE s.sale_id END
        AND c.payment_no = json_extract(p.card, '$.paymentNo')
      WHERE p.method = 'card' AND p.card IS NOT NULL AND s.seq > ? AND s.seq <= ?
      GROUP BY c.terminal_id`,
  );
  const endOfDays = db.prepare(
    `SELECT terminal_id AS terminalId, at, terminal_total_cents AS terminalTotalCents,
            ledger_total_cents AS ledgerTotalCents
       FROM card_end_of_day e
      WHERE at > ? AND seq = (SELECT MAX(seq) FROM card_end_of_day WHERE terminal_id = e.terminal_id)`,
  );
  const names = db.prepare('SELECT id, name FROM card_terminals');
  return (range, since) => {
    const name = new Map((names.all() as { id: string; name: string }[]).map((t) => [t.id, t.name]));
    const days = new Map<string, CardTerminalDay>();
    const dayOf = (terminalId: string) => {
      let day = days.get(terminalId);
      if (!day) {
        day = {
          terminal: name.get(terminalId) ?? terminalId,
          ledgerCount: 0,
          ledgerAmountCents: 0,
          ledgerTipsCents: 0,
          endOfDay: null,
        };
        days.set(terminalId, day);
      }
      return day;
    };
    for (const row of ledgerMoney.all(range.after, range.upTo) as {
      terminalId: string;
      count: number;
      cents: number;
      tips: number;
    }[]) {
      Object.assign(dayOf(row.terminalId), {
        ledgerCount: row.count,
        ledgerAmountCents: row.cents,
        ledgerTipsCents: row.tips,
      });
    }
    for (const row of endOfDays.all(since) as {
      terminalId: string;
      at: string;
      terminalTotalCents: number;
      ledgerTotalCents: number | null;
    }[]) {
      const ledger = row.ledgerTotalCents ?? 0;
      dayOf(row.terminalId).endOfDay = {
        at: row.at,
        terminalTotalCents: row.terminalTotalCents,
        ledgerTotalCents: ledger,
        differenceCents: row.terminalTotalCents - ledger,
      };
    }
    return [...days.values()].sort((a, b) => a.terminal.localeCompare(b.terminal));
  };
}
