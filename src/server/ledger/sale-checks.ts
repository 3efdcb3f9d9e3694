// What makes a ledger record consistent before it is stored (the list: docs/ledger.md, "Recording"):
// lines that add up to the total, payments that settle it, quantities of the right sign, and what
// each kind must carry (a part of an equal split: its bill's lines, its equal part). Pure; a
// refusal is an ApiError 400 naming the field.
import { ApiError } from '../../node-http/errors.ts';
import type { LedgerKind, LedgerRecord, SaleRefusalCode } from '../../pms/ledger-wire.ts';
import { equalParts } from '../../shared/bill-share.ts';
import { lineGross } from '../../shared/vat.ts';

/** Kinds whose payments must settle the total exactly. */
const PAID_AT_TILL: readonly LedgerKind[] = ['sale', 'refund'];
/** Kinds that take something back from an earlier record, and so must name it. */
export const REFERRING: readonly LedgerKind[] = ['void', 'take-back', 'refund', 'late-charge'];
const SHIFT: readonly LedgerKind[] = ['shift-open', 'shift-close'];

const refuse = (field: string, message: string, code: SaleRefusalCode = 'sale_totals') =>
  new ApiError(400, `${field}: ${message}`, field, code);

/** @throws ApiError 400 `sale_totals` or `sale_invalid`, naming the first field that is wrong */
export function checkConsistent(record: LedgerRecord): void {
  const { kind, lines, payments } = record;
  if (SHIFT.includes(kind)) {
    if (lines.length > 0) throw refuse('lines', 'a shift event has no lines', 'sale_invalid');
    if (!record.shift) throw refuse('shift', 'a shift event names its shift', 'sale_invalid');
  } else if (kind === 'sale' || kind === 'room-charge' || kind === 'late-charge') {
    if (lines.length === 0) throw refuse('lines', 'a sale has at least one line', 'sale_invalid');
  }
  // A record that takes back has negative quantities only; any other, positive only.
  const takesBack = kind === 'void' || kind === 'take-back' || kind === 'refund';
  lines.forEach((line, index) => {
    if (takesBack ? line.quantity >= 0 : line.quantity <= 0)
      throw refuse(
        `lines.${index}.quantity`,
        takesBack ? `must be below 0 on a ${kind}` : `must be above 0 on a ${kind}`,
        'sale_invalid',
      );
  });
  if (REFERRING.includes(kind) && !record.refersTo)
    throw refuse('refersTo', `a ${kind} names the record it refers to`, 'sale_invalid');
  if (kind === 'take-back' && !record.takeBack)
    throw refuse('takeBack', 'a take-back names the line and quantity', 'sale_invalid');
  if (kind === 'room-charge' && !record.room)
    throw refuse('room', 'a room charge names the room reservation', 'sale_invalid');

  const linesTotal = lines.reduce((sum, line) => sum + lineGross(line), 0);
  if (record.share) checkShare(record, linesTotal);
  else if (linesTotal !== record.totalCents)
    throw refuse('totalCents', `is ${record.totalCents}, but the lines come to ${linesTotal}`);
  const paid = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  const mustSettle = PAID_AT_TILL.includes(kind) || payments.length > 0;
  if (mustSettle && paid !== record.totalCents)
    throw refuse('payments', `come to ${paid}, but the total is ${record.totalCents}`);
  payments.forEach((payment, index) => {
    if (kind === 'room-charge' && payment.method !== 'room')
      throw refuse(`payments.${index}.method`, 'a room charge is paid by the room', 'sale_invalid');
    if (
      payment.method !== 'cash' &&
      (payment.tenderedCents !== undefined || payment.changeCents !== undefined)
    )
      throw refuse(`payments.${index}.tenderedCents`, 'only cash is tendered', 'sale_invalid');
    if (payment.standalone) checkStandalone(kind, payment, `payments.${index}.standalone`);
    if (payment.tenderedCents === undefined) return;
    const settled = payment.tenderedCents - (payment.changeCents ?? 0);
    if (settled !== payment.amountCents)
      throw refuse(
        `payments.${index}.changeCents`,
        `tendered ${payment.tenderedCents} less change ${payment.changeCents ?? 0} is not ${payment.amountCents}`,
      );
  });
}

/** A part of a bill paid in equal parts: its lines are the whole bill's, its total its equal part. */
function checkShare(record: LedgerRecord, linesTotal: number): void {
  const share = record.share!;
  if (record.kind !== 'sale' && record.kind !== 'room-charge')
    throw refuse('share', `a ${record.kind} is not a part of a bill`, 'sale_invalid');
  if (linesTotal !== share.billCents)
    throw refuse('share.billCents', `is ${share.billCents}, but the bill's lines come to ${linesTotal}`);
  const part = equalParts(share.billCents, share.parts)[share.part - 1]!;
  if (record.totalCents !== part)
    throw refuse(
      'totalCents',
      `is ${record.totalCents}, but part ${share.part} of ${share.parts} of ${share.billCents} is ${part}`,
    );
}

/** A stand-alone card payment: a card one, without the till's terminal data, of a sale or what takes it back. */
function checkStandalone(kind: LedgerKind, payment: LedgerRecord['payments'][number], field: string): void {
  if (payment.method !== 'card')
    throw refuse(field, 'only a card payment is taken on a stand-alone terminal', 'sale_invalid');
  if (payment.card)
    throw refuse(field, 'a payment the till drove on its terminal is not stand-alone', 'sale_invalid');
  if (kind !== 'sale' && kind !== 'void' && kind !== 'refund')
    throw refuse(field, `a ${kind} is not paid on a stand-alone terminal`, 'sale_invalid');
}
