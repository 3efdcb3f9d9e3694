// The English texts of the sync view: sales, their steps, their troubles, and the outbox's refusals of a staff action.
// Keys and English here, German in texts.de.ts with exactly these keys; read through `t()`
// (src/words/i18n.ts), loaded with the feature (docs/texts.md).

export const texts = {
  'sync.now': 'Sync now',
  'sync.busy': 'Syncing…',
  'sync.lastSync': 'Last sync: {time}',
  'sync.neverSynced': 'Not synced yet.',
  'sync.nextAttempt': 'Next try at {time}.',
  'sync.lastProblem': 'The last try at {time} did not get through; the till keeps trying by itself.',
  'sync.storage.kept': 'Storage is persistent: the browser will not clear the till’s sales.',
  'sync.storage.notKept':
    'Storage is not persistent: the browser may clear it when space runs low. Sync soon.',
  'sync.storage.unknown': 'This browser does not say whether the till’s storage is persistent.',
  'sync.allInPms': 'Every sale is in the PMS.',
  'sync.oldest.sending': 'Oldest waiting: {reference} from {time}, step {step} is being sent.',
  'sync.oldest.due': 'Oldest waiting: {reference} from {time}, step {step} is due now.',
  'sync.oldest.retry.unreachable':
    'Oldest waiting: {reference} from {time}, step {step}: the till server or the PMS did not answer. Next try at {at}.',
  'sync.oldest.retry.server':
    'Oldest waiting: {reference} from {time}, step {step}: the PMS answered with an error. Next try at {at}.',
  'sync.oldest.retry.other': 'Oldest waiting: {reference} from {time}, step {step}: next try at {at}.',
  'sync.oldest.heldBehind':
    'Oldest waiting: {reference} from {time}, step {step} waits until {behind} (same room) is settled.',
  'sync.oldest.dependency':
    'Oldest waiting: {reference} from {time}, step {step} waits for the sale it refers to.',
  'sync.showing': 'The oldest {shown} of {total} are listed.',
  'sync.showMore': 'Show more',
  'sync.section.attention': 'Needs attention',
  'sync.section.pending': 'Pending',
  'sync.section.confirmed': 'Confirmed',
  'sync.section.voided': 'Voided',
  'sync.count': '{count}',
  'sync.sale.kind.cash-sale': 'Sale',
  'sync.sale.kind.room-charge': 'Room charge',
  'sync.sale.kind.charge-reversal': 'Charge taken back',
  'sync.sale.kind.product-creation': 'New product',
  'sync.sale.kind.late-charge': 'Late charge',
  'sync.sale.kind.shift-close': 'Shift closed',
  'sync.sale.kind.shift-open': 'Shift opened (float)',
  'sync.sale.status.pending': 'Pending',
  'sync.sale.status.sending': 'Sending',
  'sync.sale.status.needs-attention': 'Needs attention',
  'sync.sale.status.synced': 'Confirmed',
  'sync.sale.status.refund': 'To do in the PMS',
  'sync.sale.status.voided': 'Voided',
  'sync.sale.reference': 'Sale {reference}',
  'sync.sale.room': 'Room {room} · {guest}',
  'sync.sale.madeBy': '{time} · {staff}',
  'sync.sale.voided': 'Voided by {staff}: {reason}',
  'sync.sale.steps': 'Steps',
  'sync.step.cash-invoice.create': 'Open the invoice',
  'sync.step.cash-invoice.add-products': 'Put the items on the invoice',
  'sync.step.cash-invoice.close': 'Close the invoice with the payment',
  'sync.step.cash-invoice.address-to-guest': 'Make the invoice out to the guest',
  'sync.step.room.add-products': 'Charge the items to the room',
  'sync.step.room.remove-products': 'Take the items back off the room',
  'sync.step.product.create': 'Create the product',
  'sync.step.ledger.record': 'Record the sale on the till server',
  'sync.step.ledger.void': 'Record the sale and its void on the till server',
  'sync.server.title': 'Sales on the till server',
  'sync.server.show': 'Show the sales the till server holds',
  'sync.server.more': 'Show more',
  'sync.server.inPms': 'in the PMS',
  'sync.server.notYetInPms': 'not yet in the PMS',
  'sync.server.notOnTablet': '(no longer kept on this tablet)',
  'sync.server.failed': 'The till server could not be reached. Try again later.',
  'sync.step.other': 'Step {step}',
  'sync.step.state.queued': 'Waiting',
  'sync.step.state.in-flight': 'Sending',
  'sync.step.state.unsure': 'No answer',
  'sync.step.state.done': 'Done',
  'sync.step.state.failed': 'Refused',
  'sync.step.state.unverifiable': 'Unclear',
  'sync.step.state.voided': 'Voided',
  'sync.step.state.superseded': 'Replaced',
  'sync.problem.refused': 'The PMS refused this: {message}',
  'sync.problem.unreachable': 'Could not reach the PMS — will retry at {time}',
  'sync.problem.tillUnreachable':
    'Could not reach the till server, nothing sent — will retry at {time}. It can still be voided.',
  'sync.problem.checkingLater':
    'Sent without an answer — at {time} the till asks the PMS whether it arrived. It can be voided after that.',
  'sync.problem.pmsFailed': 'The PMS had a problem — will retry at {time}',
  'sync.problem.slowDown': 'The PMS asked the till to wait — will retry at {time}',
  'sync.problem.oddAnswer': 'The PMS gave an unexpected answer — the till checks and retries at {time}',
  'sync.problem.interrupted': 'Sending was interrupted — the till checks the PMS at {time}',
  'sync.problem.cannotVerify':
    'The till cannot tell whether this reached the PMS. Look in the PMS for {items} from {time} (sale {reference}), then choose below.',
  'sync.problem.badRequest':
    'The till built a request the PMS cannot take ({message}). Void the sale and enter it again.',
  'sync.problem.ledger.sale_conflict':
    'The till server already holds a different sale under this number. Ask a manager to check the sales ledger.',
  'sync.problem.ledger.card_payment_unknown':
    'The till server knows no card payment on its terminal that matches this sale ({message}). Check the terminal’s slips for it, then ask a manager.',
  'sync.problem.ledger.product_unknown':
    'A product of this sale is not in the hotel’s catalogue on the till server ({message}). Ask a manager to check the product in the PMS.',
  'sync.problem.ledger.catalogue_unavailable':
    'The till server cannot read the hotel’s catalogue to price this sale just now ({message}). The till sends it again.',
  'sync.problem.ledger.limit_exceeded':
    'This sale is above the outlet’s limit ({message}) and needs a manager’s approval. Ask a manager.',
  'sync.problem.ledger.refund_exceeds_sale':
    'This takes back more than is left of the sale ({message}), so the till server did not record it. Ask a manager to check the sale.',
  'sync.problem.ledger.business_missing':
    'The hotel’s name and address are not entered on the till server, so this sale cannot be signed ({message}). Ask a manager to enter them on the admin page, then send again.',
  'sync.problem.ledger.till_decommissioned':
    'This till was taken out of service on the till server, so it takes no more sales ({message}). The sale is kept here: ask a manager.',
  'sync.problem.ledger.approval':
    'The till server did not accept the manager approval of this sale ({message}). Void the sale and ring it up again with a new approval.',
  'sync.problem.ledger.refused': 'The till server refused this sale: {message}',
  'sync.problem.ledger.sale_totals':
    'The amounts of this sale do not add up, so the till server did not record it. Void the sale and ring it up again.',
  'sync.problem.ledger.sale_invalid':
    'The till server could not read this sale ({message}). Void the sale and ring it up again; if it happens again, update the app.',
  'sync.problem.ledger.sale_unknown':
    'The sale this refers to is not on the till server. Ask a manager to check the sales ledger.',
  'sync.problem.ledger.sale_not_recorded':
    'The till server has no record of this sale, so nothing went to the PMS. Send again; if it stays, ask a manager.',
  'sync.problem.ledger.write_mismatch':
    'What the till sent differs from the recorded sale, so the till server stopped it and nothing was booked. Ask a manager to check the sale.',
  'sync.problem.ledger.invoice_not_of_sale':
    'This PMS invoice was not opened for this sale, so the till server stopped it and nothing was booked. Ask a manager to check the sale.',
  'sync.problem.ledger.payment_mismatch':
    'The payment is not the one recorded for this sale, so the till server did not close the invoice. Ask a manager to check the sale.',
  'sync.problem.ledger.write_repeated':
    'This is already in the PMS (or on its way there), so the till server did not book it twice. Look in the PMS; if it is there, choose “It was posted”.',
  'sync.problem.unknownStep': 'This version of the till does not know this step. Update the app.',
  'sync.problem.waitsForCharge': 'Waits until the charge it takes back is confirmed.',
  'sync.problem.heldBehind':
    'Waits until the charge {reference} to the same room is confirmed: two charges to one room are sent one after the other.',
  'sync.action.retry': 'Send again',
  'sync.action.retryNow': 'Retry now',
  'sync.action.posted': 'It was posted',
  'sync.action.postAgain': 'Post again',
  'sync.action.void': 'Void…',
  'sync.action.voidReason': 'Reason for voiding',
  'sync.action.voidConfirm': 'Void sale',
  'sync.action.cancel': 'Cancel',
  'reason.quick.label': 'Quick reasons',
  'reason.quick.wrongItem': 'Wrong item',
  'reason.quick.complaint': 'Guest complaint',
  'reason.quick.spilled': 'Spilled',
  'sync.action.needReason': 'Give a reason.',
  'sync.action.refused': 'Not possible: {message}',
  'sync.action.voidRoomNote': 'The items are already on the room: voiding takes them back off it.',
  'sync.section.cancellations': 'Refunded: to do in the PMS',
  'sync.sale.kind.cash-cancellation': 'Refund',
  'sync.allInPmsButVoided': 'Every sale that was not voided is in the PMS; voided sales were never sent.',
  'sync.sale.cancelInPms': 'Cancel invoice {invoice} (sale {reference}) in the PMS: the till cannot.',
  'sync.sale.cancelled': 'Refunded by {staff}: {reason}',
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
} as const;
