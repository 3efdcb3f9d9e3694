// Why the outbox refused a staff action (OutboxActionRefused), one text per refusal code, in English
// (German: de.ts). Its type makes every code of src/outbox/refusal.ts have a text; the placeholders
// are the refusal's fields. Not in the first screen's dictionary: only views that act on a sale
// load it (see index.ts).
import type { OutboxRefusalCode } from '../../outbox/refusal';

export const en = {
  'refusal.no-such-sale': 'This sale is not on this tablet.',
  'refusal.sale-changed': 'The sale changed meanwhile; try again.',
  'refusal.nothing-to-send': 'Sale {reference} has nothing left to send.',
  'refusal.confirm-step-first': 'First say whether this step reached the PMS.',
  'refusal.step-being-sent': 'This step is being sent right now.',
  'refusal.no-step-awaits-decision': 'No step of this sale is waiting for that decision.',
  'refusal.void-needs-reason': 'Give a reason for voiding the sale.',
  'refusal.already-voided': 'Sale {reference} is already voided.',
  'refusal.still-checking':
    'The till is still finding out whether step {step} reached the PMS; try again shortly.',
  'refusal.still-recording':
    'The till is still finding out whether the till server recorded sale {reference}; try again shortly.',
  'refusal.items-on-pms-invoice':
    'The items of {reference} are on a PMS invoice already. Finish the sale (retry), or cancel the invoice in the PMS.',
  'refusal.product-exists': 'The product of {reference} exists in the PMS already.',
  'refusal.items-already-off-room': 'The items of {reference} are already off the room.',
  'refusal.not-a-room-charge': 'Only a room charge can be taken back; {reference} is not one.',
  'refusal.already-reversed': 'Sale {reference} is already taken back.',
  'refusal.voided': 'Sale {reference} is voided.',
  'refusal.not-on-room':
    'Sale {reference} is not on the room (the PMS refused it or it is unconfirmed): void it instead.',
  'refusal.take-back-too-many': 'Only {left} of this line of {reference} can still be taken back.',
  'refusal.partly-taken-back':
    'Part of {reference} is already taken back: take the rest back line by line instead of voiding.',
  'refusal.guest-not-gone':
    'Sale {reference} was not refused because the guest left: send it again or void it.',
  'refusal.already-moved': 'Sale {reference} is already moved to a late charge.',
  'refusal.cancel-needs-reason': 'Say why the sale is cancelled.',
  'refusal.not-a-cash-sale': 'Sale {reference} is not a cash sale: only those can be cancelled here.',
  'refusal.already-cancelled': 'Sale {reference} is already cancelled.',
  'refusal.not-confirmed-yet':
    'Sale {reference} is not confirmed by the PMS yet: void it in Sync instead, or wait until it is confirmed.',
  'refusal.is-cancellation': '{reference} is a cancellation: it cannot be voided.',
} as const satisfies Record<`refusal.${OutboxRefusalCode}`, string>;
