// Card payments on the terminals, exactly once: a payment is a row first (sale id and payment number,
// amount, tip), then an attempt; a lost answer leaves it 'unknown' until the terminal's last transaction
// is read, and an unknown or approved row is never sent again. One command per terminal at a time.
// Reversal, refund and end-of-day too. Rules: docs/zvt.md, "Exactly once".

import { randomUUID } from 'node:crypto';
import { ApiError } from '../../node-http/errors.ts';
import type { HubDb } from '../hub/hub-db.ts';
import type { CardPaymentSource, TerminalPayment } from '../ledger/card-check.ts';
import type { CardTerminal, Terminals } from './terminals.ts';
import { authorization, endOfDay, refund, registration, repeatReceipt, reversal } from './zvt-apdu.ts';
import type { DeclineReason, EndOfDayTotals, TerminalPrompt, TransactionResult } from './zvt-parse.ts';
import { runCommand, type SessionEnd } from './zvt-session.ts';

export type PaymentState = 'new' | 'sent' | 'approved' | 'declined' | 'unknown' | 'reversed';
/** Why a payment was not approved: the terminal's reason, or ours. */
export type PaymentReason = DeclineReason | 'unreachable' | 'refused' | 'notCharged' | 'noAnswer';

/** What the tablet is told about a card payment. */
export interface PaymentView {
  saleId: string;
  paymentNo: number;
  state: PaymentState;
  reason: PaymentReason | null;
  /** The terminal's latest status text while the payment runs. */
  prompt: TerminalPrompt | null;
  amountCents: number;
  tillTipCents: number;
  terminalTipCents: number;
  /** What the card was charged (amount, both tips); null until approved. */
  chargedCents: number | null;
  card: {
    brand: string;
    maskedPan: string;
    terminalId: string;
    traceNumber: number;
    receiptNumber: number;
  } | null;
  /** The terminal's slip lines, when the till prints them. */
  slip: string[] | null;
}

/** A refusal of the card service: an ApiError, so every route answers its status and code, never 500 (issue 30). */
export class CardError extends ApiError {
  override readonly code: string;
  constructor(status: 400 | 404 | 409 | 503, code: string, message: string, field?: string) {
    super(status, message, field, code);
    this.code = code;
    this.name = 'CardError';
  }
}

interface PaymentRow {
  sale_id: string;
  payment_no: number;
  device_id: string;
  terminal_id: string;
  amount_cents: number;
  till_tip_cents: number;
  ask_tip: number;
  state: PaymentState;
  reason: PaymentReason | null;
  charged_cents: number | null;
  terminal_tip_cents: number;
  card_name: string | null;
  masked_pan: string | null;
  terminal_tid: string | null;
  trace_number: number | null;
  receipt_number: number | null;
  trace_before: number | null;
  slip: string | null;
}

export interface PaymentRequest {
  saleId: string;
  paymentNo: number;
  amountCents: number;
  tillTipCents: number;
  askTip: boolean;
}

export interface CardPaymentOptions {
  db: HubDb;
  terminals: Terminals;
  now?: () => Date;
  /** How long a terminal may stay silent in a command (ms); default 90 s. */
  silenceMs?: number;
}

/** Whether trace `trace` comes after `before` (trace numbers wrap after 999999). */
export function isNewerTrace(trace: number, before: number | null): boolean {
  if (before === null) return true;
  return trace > before ? trace - before < 500_000 : before - trace > 500_000;
}

export type CardPayments = ReturnType<typeof createCardPayments>;

export function createCardPayments(options: CardPaymentOptions) {
  const { db, terminals } = options;
  const now = options.now ?? (() => new Date());
  const iso = () => now().toISOString();
  const silenceMs = options.silenceMs ?? 90_000;
  /** Terminals running a command, with the payment's live prompt and its abort. */
  const running = new Map<string, { key: string; prompt: TerminalPrompt | null; abort: () => void }>();
  const inFlight = new Set<Promise<unknown>>();
  const keyOf = (saleId: string, no: number) => `${saleId}/${no}`;
  /** Terminals registered (06 00) by this process, with the slip setting they were registered for. */
  const registered = new Set<string>();

  /** Registers the till with the terminal once (who prints the slips), before its first command. */
  const ensureRegistered = async (terminal: CardTerminal) => {
    const key = `${terminal.id}:${terminal.printsOwnSlips}`;
    if (registered.has(key)) return;
    const end = await runCommand(
      terminal,
      registration({
        password: terminal.password,
        printsOwnSlips: terminal.printsOwnSlips,
        currency: terminal.currency,
      }),
      { silenceMs },
    ).done;
    if (end.ended === 'completion') registered.add(key);
  };

  const selectRow = db.prepare('SELECT * FROM card_payments WHERE sale_id = ? AND payment_no = ?');
  const row = (saleId: string, no: number) => selectRow.get(saleId, no) as PaymentRow | undefined;

  const logAttempt = (
    saleId: string,
    no: number,
    kind: string,
    started: string,
    end: SessionEnd,
    note = '',
  ) => {
    const code = end.ended === 'abort' || end.ended === 'refused' ? end.code : null;
    db.prepare(
      `INSERT INTO card_attempts (sale_id, payment_no, kind, started_at, ended, result_code, note)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(saleId, no, kind, started, end.ended, code, note || null);
  };

  /** The highest trace number this server saw from a terminal (payments, reversals, refunds). */
  const lastTrace = (terminalId: string): number | null => {
    const found = db
      .prepare(
        `SELECT MAX(trace) AS trace FROM (
           SELECT trace_number AS trace FROM card_payments WHERE terminal_id = ? AND trace_number IS NOT NULL
           UNION ALL
           SELECT trace_number FROM card_operations WHERE terminal_id = ? AND trace_number IS NOT NULL)`,
      )
      .get(terminalId, terminalId) as { trace: number | null };
    return found.trace;
  };

  const view = (r: PaymentRow): PaymentView => ({
    saleId: r.sale_id,
    paymentNo: r.payment_no,
    state: r.state,
    reason: r.reason,
    prompt:
      running.get(r.terminal_id)?.key === keyOf(r.sale_id, r.payment_no)
        ? running.get(r.terminal_id)!.prompt
        : null,
    amountCents: r.amount_cents,
    tillTipCents: r.till_tip_cents,
    terminalTipCents: r.terminal_tip_cents,
    chargedCents: r.charged_cents,
    card:
      (r.state === 'approved' || r.state === 'reversed') && r.trace_number !== null
        ? {
            brand: r.card_name ?? '',
            maskedPan: r.masked_pan ?? '',
            terminalId: r.terminal_tid ?? '',
            traceNumber: r.trace_number,
            receiptNumber: r.receipt_number ?? 0,
          }
        : null,
    slip: r.slip ? (JSON.parse(r.slip) as string[]) : null,
  });

  const approve = (r: PaymentRow, result: TransactionResult, lines: string[]) => {
    const sent = r.amount_cents + r.till_tip_cents;
    const charged = result.amountCents ?? sent;
    db.prepare(
      `UPDATE card_payments SET state = 'approved', reason = NULL, charged_cents = ?, terminal_tip_cents = ?,
         card_name = ?, masked_pan = ?, terminal_tid = ?, trace_number = ?, receipt_number = ?, slip = ?,
         updated_at = ? WHERE sale_id = ? AND payment_no = ?`,
    ).run(
      charged,
      Math.max(0, charged - sent),
      result.cardName ?? (result.cardType === undefined ? 'Card' : `Card type ${result.cardType}`),
      result.maskedPan ?? null,
      result.terminalId ?? null,
      result.traceNumber ?? null,
      result.receiptNumber ?? null,
      lines.length > 0 ? JSON.stringify(lines) : null,
      iso(),
      r.sale_id,
      r.payment_no,
    );
  };

  const setState = (r: PaymentRow, state: PaymentState, reason: PaymentReason | null) =>
    db
      .prepare(
        'UPDATE card_payments SET state = ?, reason = ?, updated_at = ? WHERE sale_id = ? AND payment_no = ?',
      )
      .run(state, reason, iso(), r.sale_id, r.payment_no);

  /** Runs `work` as the terminal's one command; refuses while another runs. */
  const exclusive = <T>(terminal: CardTerminal, key: string, abort: () => void, work: () => Promise<T>) => {
    if (running.has(terminal.id)) throw new CardError(409, 'terminal_busy', 'the card terminal is busy');
    running.set(terminal.id, { key, prompt: null, abort });
    const done = work().finally(() => {
      running.delete(terminal.id);
      inFlight.delete(done);
    });
    inFlight.add(done);
    return done;
  };

  const terminalOf = (r: PaymentRow) => {
    const terminal = terminals.get(r.terminal_id);
    if (!terminal) throw new CardError(404, 'no_terminal', 'the payment’s terminal is gone');
    return terminal;
  };

  /** Reads the terminal's last transaction and settles an unknown payment by it. */
  async function settleUnknown(saleId: string, no: number): Promise<void> {
    const r = row(saleId, no)!;
    const terminal = terminalOf(r);
    const started = iso();
    const end = await runCommand(terminal, repeatReceipt(terminal.password), { silenceMs }).done;
    logAttempt(saleId, no, 'status_check', started, end);
    const current = row(saleId, no)!;
    if (current.state !== 'unknown') return;
    const last =
      end.ended === 'completion' ? end.results.find((result) => result.traceNumber !== undefined) : undefined;
    if (!last || last.traceNumber === undefined) return; // no answer: still unknown, "check the terminal"
    const sent = current.amount_cents + current.till_tip_cents;
    const recorded = db
      .prepare(
        `SELECT 1 FROM card_payments WHERE terminal_id = ? AND trace_number = ?
         UNION ALL SELECT 1 FROM card_operations WHERE terminal_id = ? AND trace_number = ?`,
      )
      .get(current.terminal_id, last.traceNumber, current.terminal_id, last.traceNumber);
    const ours =
      last.resultCode === 0 &&
      !recorded &&
      isNewerTrace(last.traceNumber, current.trace_before) &&
      (current.ask_tip ? (last.amountCents ?? 0) >= sent : last.amountCents === sent);
    if (ours) approve(current, last, end.ended === 'completion' ? end.lines : []);
    else if (current.trace_before !== null && !isNewerTrace(last.traceNumber, current.trace_before))
      setState(current, 'declined', 'notCharged');
    // else a newer transaction that is not this payment: keep it unknown for staff to check
  }

  async function authorize(saleId: string, no: number, terminal: CardTerminal): Promise<void> {
    await ensureRegistered(terminal);
    const r = row(saleId, no)!;
    const started = iso();
    db.prepare(
      `UPDATE card_payments SET state = 'sent', reason = NULL, trace_before = ?, updated_at = ?
         WHERE sale_id = ? AND payment_no = ?`,
    ).run(lastTrace(terminal.id), started, saleId, no);
    const command = runCommand(
      terminal,
      authorization({ amountCents: r.amount_cents + r.till_tip_cents, currency: terminal.currency }),
      {
        silenceMs,
        onMessage: (message) => {
          const live = running.get(terminal.id);
          if (live && message.kind === 'intermediate') live.prompt = message.prompt;
        },
      },
    );
    const live = running.get(terminal.id);
    if (live) live.abort = command.abort;
    const end = await command.done;
    logAttempt(saleId, no, 'authorization', started, end);
    const current = row(saleId, no)!;
    if (end.ended === 'completion') {
      const result = end.results.find((item) => item.resultCode === 0 && item.traceNumber !== undefined);
      if (result) approve(current, result, end.lines);
      else setState(current, 'unknown', 'noAnswer');
    } else if (end.ended === 'abort') setState(current, 'declined', end.reason);
    else if (end.ended === 'unreachable') setState(current, 'declined', 'unreachable');
    else if (end.ended === 'refused') setState(current, 'declined', 'refused');
    else {
      // lost or silent: the card may have been charged. Ask the terminal before anything else.
      setState(current, 'unknown', 'noAnswer');
      await settleUnknown(saleId, no);
    }
  }

  const ownRow = (deviceId: string, saleId: string, no: number) => {
    const r = row(saleId, no);
    if (!r || r.device_id !== deviceId)
      throw new CardError(404, 'no_payment', 'no such card payment', 'saleId');
    return r;
  };

  return {
    /**
     * Starts (or resumes) a card payment: creates its row, then sends it unless it is approved,
     * unknown or already running. Answers at once; the tablet follows it with `view`.
     */
    start(device: { id: string; outlet: string }, request: PaymentRequest): PaymentView {
      const terminal = terminals.forDevice(device);
      if (!terminal) throw new CardError(404, 'no_terminal', 'no card terminal is set up for this tablet');
      let r = row(request.saleId, request.paymentNo);
      if (r && r.device_id !== device.id)
        throw new CardError(409, 'payment_elsewhere', 'this payment was started on another tablet', 'saleId');
      if (!r) {
        db.prepare(
          `INSERT INTO card_payments (sale_id, payment_no, device_id, terminal_id, amount_cents, till_tip_cents,
             ask_tip, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'new', ?, ?)`,
        ).run(
          request.saleId,
          request.paymentNo,
          device.id,
          terminal.id,
          request.amountCents,
          request.tillTipCents,
          request.askTip ? 1 : 0,
          iso(),
          iso(),
        );
        r = row(request.saleId, request.paymentNo)!;
      } else if (r.state === 'new' || r.state === 'declined') {
        // Sent again after a decline: the same row, with what the tablet asks now.
        db.prepare(
          `UPDATE card_payments SET amount_cents = ?, till_tip_cents = ?, ask_tip = ?, terminal_id = ?
             WHERE sale_id = ? AND payment_no = ?`,
        ).run(
          request.amountCents,
          request.tillTipCents,
          request.askTip ? 1 : 0,
          terminal.id,
          r.sale_id,
          r.payment_no,
        );
        r = row(request.saleId, request.paymentNo)!;
      }
      if (r.state === 'new' || r.state === 'declined') {
        const key = keyOf(r.sale_id, r.payment_no);
        void exclusive(
          terminal,
          key,
          () => {},
          () => authorize(r!.sale_id, r!.payment_no, terminal),
        );
      }
      return view(row(request.saleId, request.paymentNo)!);
    },

    view(deviceId: string, saleId: string, no: number): PaymentView {
      return view(ownRow(deviceId, saleId, no));
    },

    /** The waiter cancels: abort (06 B0) on the running payment's connection. */
    abort(deviceId: string, saleId: string, no: number): PaymentView {
      const r = ownRow(deviceId, saleId, no);
      const live = running.get(r.terminal_id);
      if (live?.key === keyOf(saleId, no)) live.abort();
      return view(r);
    },

    /** Asks the terminal for its last transaction to settle an unknown payment ("check the terminal"). */
    async check(deviceId: string, saleId: string, no: number): Promise<PaymentView> {
      const r = ownRow(deviceId, saleId, no);
      if (r.state === 'unknown') {
        const terminal = terminalOf(r);
        await exclusive(
          terminal,
          keyOf(saleId, no),
          () => {},
          () => settleUnknown(saleId, no),
        );
      }
      return view(row(saleId, no)!);
    },

    /** Reverses an approved payment, if it is its terminal's last one (06 30 by receipt number). */
    async reverse(
      device: { id: string },
      saleId: string,
      no: number,
      approvedBy: string,
    ): Promise<PaymentView> {
      const r = ownRow(device.id, saleId, no);
      if (r.state !== 'approved' || r.receipt_number === null)
        throw new CardError(409, 'not_approved', 'only an approved card payment can be reversed', 'saleId');
      const last = db
        .prepare(
          `SELECT sale_id, payment_no FROM card_payments WHERE terminal_id = ? AND state = 'approved'
             ORDER BY updated_at DESC LIMIT 1`,
        )
        .get(r.terminal_id) as { sale_id: string; payment_no: number } | undefined;
      if (last?.sale_id !== saleId || last.payment_no !== no)
        throw new CardError(
          409,
          'not_last_payment',
          'only the terminal’s last payment can be reversed; refund it instead',
          'saleId',
        );
      const terminal = terminalOf(r);
      const started = iso();
      const end = await exclusive(
        terminal,
        `reversal:${saleId}/${no}`,
        () => {},
        () =>
          runCommand(terminal, reversal({ password: terminal.password, receiptNumber: r.receipt_number! }), {
            silenceMs,
          }).done,
      );
      logAttempt(saleId, no, 'reversal', started, end);
      const result =
        end.ended === 'completion' ? end.results.find((item) => item.resultCode === 0) : undefined;
      const state = result
        ? 'approved'
        : end.ended === 'abort' || end.ended === 'refused'
          ? 'declined'
          : 'unknown';
      db.prepare(
        `INSERT INTO card_operations (id, kind, terminal_id, sale_id, payment_no, amount_cents, state, reason,
           trace_number, receipt_number, approved_by, device_id, created_at)
         VALUES (?, 'reversal', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        randomUUID(),
        terminal.id,
        saleId,
        no,
        r.charged_cents ?? r.amount_cents,
        state,
        end.ended === 'abort' ? end.reason : null,
        result?.traceNumber ?? null,
        result?.receiptNumber ?? null,
        approvedBy,
        device.id,
        iso(),
      );
      if (state === 'approved') setState(r, 'reversed', null);
      if (state === 'declined')
        throw new CardError(
          409,
          'reversal_declined',
          `the terminal did not reverse the payment (${end.ended === 'abort' ? end.reason : 'refused'})`,
        );
      if (state === 'unknown')
        throw new CardError(503, 'check_terminal', 'no answer from the terminal: check it');
      return view(row(saleId, no)!);
    },

    /** Refunds an amount to a card (06 31), for a sale; the guest presents the card. */
    async refund(
      device: { id: string; outlet: string },
      saleId: string,
      amountCents: number,
      approvedBy: string,
    ) {
      const terminal = terminals.forDevice(device);
      if (!terminal) throw new CardError(404, 'no_terminal', 'no card terminal is set up for this tablet');
      const started = iso();
      const end = await exclusive(
        terminal,
        `refund:${saleId}`,
        () => {},
        () =>
          runCommand(
            terminal,
            refund({ password: terminal.password, amountCents, currency: terminal.currency }),
            {
              silenceMs,
            },
          ).done,
      );
      logAttempt(saleId, 0, 'refund', started, end);
      const result =
        end.ended === 'completion' ? end.results.find((item) => item.resultCode === 0) : undefined;
      const state = result
        ? 'approved'
        : end.ended === 'abort' || end.ended === 'refused'
          ? 'declined'
          : 'unknown';
      db.prepare(
        `INSERT INTO card_operations (id, kind, terminal_id, sale_id, payment_no, amount_cents, state, reason,
           trace_number, receipt_number, approved_by, device_id, created_at)
         VALUES (?, 'refund', ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        randomUUID(),
        terminal.id,
        saleId,
        amountCents,
        state,
        end.ended === 'abort' ? end.reason : null,
        result?.traceNumber ?? null,
        result?.receiptNumber ?? null,
        approvedBy,
        device.id,
        iso(),
      );
      return {
        state,
        reason: end.ended === 'abort' ? end.reason : null,
        traceNumber: result?.traceNumber ?? null,
        receiptNumber: result?.receiptNumber ?? null,
      };
    },

    /**
     * The terminal's end-of-day (06 50), its total set beside the card money on that terminal since
     * the last end-of-day: the sales ledger's (sales and refunds recorded, tips included; the
     * difference is against it) and the card rows' own (approved payments less refunds).
     */
    async endOfDay(device: { id: string; outlet: string }) {
      const terminal = terminals.forDevice(device);
      if (!terminal) throw new CardError(404, 'no_terminal', 'no card terminal is set up for this tablet');
      const since =
        (
          db.prepare('SELECT MAX(at) AS at FROM card_end_of_day WHERE terminal_id = ?').get(terminal.id) as {
            at: string | null;
          }
        ).at ?? '';
      const started = iso();
      const end = await exclusive(
        terminal,
        'end-of-day',
        () => {},
        () => runCommand(terminal, endOfDay(terminal.password), { silenceMs }).done,
      );
      const result =
        end.ended === 'completion' ? end.results.find((item) => item.resultCode === 0) : undefined;
      if (!result)
        throw new CardError(
          503,
          'end_of_day_failed',
          `the terminal's end-of-day did not complete (${end.ended})`,
        );
      const till = db
        .prepare(
          `SELECT COUNT(*) AS count, COALESCE(SUM(charged_cents), 0) AS cents,
                  COALESCE(SUM(till_tip_cents + terminal_tip_cents), 0) AS tips
             FROM card_payments WHERE terminal_id = ? AND state = 'approved' AND updated_at > ?`,
        )
        .get(terminal.id, since) as { count: number; cents: number; tips: number };
      const refunds = (
        db
          .prepare(
            `SELECT COALESCE(SUM(amount_cents), 0) AS cents FROM card_operations
               WHERE terminal_id = ? AND kind = 'refund' AND state = 'approved' AND created_at > ?`,
          )
          .get(terminal.id, since) as { cents: number }
      ).cents;
      // The sales ledger's card payments on this terminal (sales, and refunds of its sales), tips included.
      const ledger = db
        .prepare(
          `SELECT COUNT(*) AS count, COALESCE(SUM(p.amount_cents + p.tip_cents), 0) AS cents,
                  COALESCE(SUM(p.tip_cents), 0) AS tips
             FROM ledger_payments p JOIN ledger_sales s ON s.seq = p.sale_seq
            WHERE p.method = 'card' AND p.card IS NOT NULL AND s.recorded_at > ?
              AND EXISTS (SELECT 1 FROM card_payments c WHERE c.terminal_id = ?
                    AND c.sale_id = CASE WHEN s.kind = 'refund' THEN s.refers_to ELSE s.sale_id END)`,
        )
        .get(since, terminal.id) as { count: number; cents: number; tips: number };
      const terminalTotalCents = result.amountCents ?? 0;
      const report = {
        terminal: terminal.name,
        at: started,
        terminalTotalCents,
        tillTotalCents: till.cents - refunds,
        tillTipsCents: till.tips,
        tillCount: till.count,
        /** The sales ledger's card money on this terminal since its last end-of-day (tips included). */
        ledgerTotalCents: ledger.cents,
        ledgerTipsCents: ledger.tips,
        ledgerCount: ledger.count,
        /** The terminal's total less the ledger's: what neither side explains. */
        differenceCents: terminalTotalCents - ledger.cents,
        families:
          (result.totals as EndOfDayTotals | undefined)?.families.filter((family) => family.count > 0) ?? [],
      };
      db.prepare(
        `INSERT INTO card_end_of_day (terminal_id, at, terminal_total_cents, till_total_cents, till_tips_cents,
           till_count, terminal_totals, ledger_total_cents, ledger_tips_cents, ledger_count)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        terminal.id,
        started,
        report.terminalTotalCents,
        report.tillTotalCents,
        report.tillTipsCents,
        report.tillCount,
        JSON.stringify(result.totals ?? null),
        report.ledgerTotalCents,
        report.ledgerTipsCents,
        report.ledgerCount,
      );
      return report;
    },

    /** The rows the sales ledger checks a recorded card payment against (ledger/card-check.ts). */
    ledgerSource(): CardPaymentSource {
      const byKey = db.prepare(
        `SELECT state, amount_cents AS amountCents, till_tip_cents + terminal_tip_cents AS tipCents,
                trace_number AS traceNumber FROM card_payments WHERE sale_id = ? AND payment_no = ?`,
      );
      const gaveBack = db.prepare(
        `SELECT 1 FROM card_operations WHERE sale_id = ? AND state = 'approved' LIMIT 1`,
      );
      return {
        payment: (saleId, paymentNo) => byKey.get(saleId, paymentNo) as TerminalPayment | undefined,
        gaveBack: (saleId) => gaveBack.get(saleId) !== undefined,
      };
    },

    /** What a sale's approved card payments came to (the sale's amount, and charged with tips). */
    /** The card money refunded for `saleId` (refunds approved, or whose outcome is unknown). */
    refundedFor(saleId: string): number {
      return (
        db
          .prepare(
            `SELECT COALESCE(SUM(amount_cents), 0) AS cents FROM card_operations
              WHERE sale_id = ? AND kind = 'refund' AND state IN ('approved', 'unknown')`,
          )
          .get(saleId) as { cents: number }
      ).cents;
    },

    paidBy(saleId: string): { amountCents: number; chargedCents: number } | undefined {
      const found = db
        .prepare(
          `SELECT COUNT(*) AS n, COALESCE(SUM(amount_cents), 0) AS amount, COALESCE(SUM(charged_cents), 0) AS charged
             FROM card_payments WHERE sale_id = ? AND state = 'approved'`,
        )
        .get(saleId) as { n: number; amount: number; charged: number };
      return found.n > 0 ? { amountCents: found.amount, chargedCents: found.charged } : undefined;
    },

    /** Resolves once every command running now has ended (tests, a clean stop). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
