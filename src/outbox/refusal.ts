// The error a staff action throws when the sale's state does not allow it. Its message says why in
// plain words, ready to show; the sale is left exactly as it was.

/** A staff action the state of the sale does not allow; `message` says why, in plain words. */
export class OutboxActionRefused extends Error {
  override readonly name = 'OutboxActionRefused';
}
