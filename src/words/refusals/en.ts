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
  'refusal.items-on-pms-invoice':
    'The items of {reference} are on a PMS invoice already. Finish the sale (retry), or cancel the invoice in the PMS.',
  'refusal.product-exists': 'The product of {reference} exists in the PMS already.',
  'refusal.items-already-off-room': 'The items of {reference} are already off the room.',
  'refusal.not-a-room-charge': 'Only a room charge can be taken back; {reference} is not one.',
  'refusal.already-reversed': 'Sale {reference} is already taken back.',
  'refusal.voided': 'Sale {reference} is voided.',
  'refusal.not-on-room':
    'Sale {reference} is not on the room (the PMS refused it or it is unconfirmed): void it instead.',
} as const satisfies Record<`refusal.${OutboxRefusalCode}`, string>;
