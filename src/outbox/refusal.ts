// Why the outbox refuses a staff action, as a typed code with its parameters; src/words says it in
// staff words (`refusal.<code>` in every language). The sale is left exactly as it was.

/** Every refusal of the outbox, by code; the fields are the placeholders of its text. */
export type OutboxRefusal =
  | { code: 'no-such-sale' }
  | { code: 'sale-changed' }
  | { code: 'nothing-to-send'; reference: string }
  | { code: 'confirm-step-first' }
  | { code: 'step-being-sent' }
  | { code: 'no-step-awaits-decision' }
  | { code: 'void-needs-reason' }
  | { code: 'already-voided'; reference: string }
  | { code: 'still-checking'; step: number }
  /** The ledger's record of the sale went out without an answer: read back before anything else. */
  | { code: 'still-recording'; reference: string }
  | { code: 'items-on-pms-invoice'; reference: string }
  | { code: 'product-exists'; reference: string }
  | { code: 'items-already-off-room'; reference: string }
  | { code: 'not-a-room-charge'; reference: string }
  | { code: 'already-reversed'; reference: string }
  | { code: 'voided'; reference: string }
  | { code: 'not-on-room'; reference: string }
  | { code: 'take-back-too-many'; reference: string; left: number }
  | { code: 'partly-taken-back'; reference: string }
  | { code: 'guest-not-gone'; reference: string }
  | { code: 'already-moved'; reference: string }
  | { code: 'cancel-needs-reason' }
  | { code: 'not-a-cash-sale'; reference: string }
  | { code: 'already-cancelled'; reference: string }
  | { code: 'not-confirmed-yet'; reference: string }
  | { code: 'is-cancellation'; reference: string };

export type OutboxRefusalCode = OutboxRefusal['code'];

/**
 * A staff action the state of the sale does not allow; `refusal` says why (its message is the code,
 * for logs only: staff see the words for the code).
 * @example if (error instanceof OutboxActionRefused) show(refusalText(error.refusal));
 */
export class OutboxActionRefused extends Error {
  override readonly name = 'OutboxActionRefused';
  constructor(readonly refusal: OutboxRefusal) {
    super(`${refusal.code} ${JSON.stringify(refusal)}`);
  }
}

/** Whether `value` (a decision's outcome) is a refusal rather than the work it answers. */
export function isRefusal(value: unknown): value is OutboxRefusal {
  return typeof value === 'object' && value !== null && 'code' in value;
}
