// The one tap that records a room charge, the minibar's (chargeRoomAction) and the ticket's
// (chargeTicketAction, which closes the ticket as a sale does, so it is paid once across tabs):
// pending while recording (a double tap cannot charge twice), the refusal or failure in staff
// words, and what to do after success (reset the counts; the ticket clears itself).

import type { SaleLine, SaleRecord } from '../../features/room-charge';
import type { RoomReservation } from '../../pms/wire';
import { chargeProblemText } from '../../words/charge-problem';
import { useSubmitter } from '../common/submit';
import { chargeRoomAction, chargeTicketAction } from './data';

/** What the charge panel's footer shows of a charge: pending, and why it failed. */
export interface ChargeState {
  busy: () => boolean;
  problem: () => string | undefined;
}

export interface ChargeAction extends ChargeState {
  /** Charges `lines`, then runs `afterwards`. */
  charge(lines: readonly SaleLine[], afterwards: () => void): Promise<void>;
}

export function createChargeAction(props: {
  stay: RoomReservation;
  surname: string | undefined;
  onCharged: (sale: SaleRecord) => void;
}): ChargeAction {
  const { submission, submit } = useSubmitter(chargeRoomAction);
  return {
    busy: () => submission.pending === true,
    problem: () => (submission.error ? chargeProblemText(submission.error, props.stay) : undefined),
    async charge(lines, afterwards) {
      if (!(await submit(props.stay, props.surname ?? '', lines, Date.now()))) return;
      afterwards();
      props.onCharged(submission.result as SaleRecord);
    },
  };
}

/**
 * Charging the whole current ticket to the stay (features/payment/sale.ts chargeTicketToRoom): refused, in
 * words, when another tab paid it first; the ticket starts afresh after success.
 * @example const action = createTicketChargeAction(props); <button onClick={() => void action.charge()}>
 */
export function createTicketChargeAction(props: {
  stay: RoomReservation;
  surname: string | undefined;
  onCharged: (sale: SaleRecord) => void;
}): ChargeState & { charge(): Promise<void> } {
  const { submission, submit } = useSubmitter(chargeTicketAction);
  return {
    busy: () => submission.pending === true,
    problem: () => (submission.error ? chargeProblemText(submission.error, props.stay) : undefined),
    async charge() {
      if (!(await submit({ stay: props.stay, confirmedSurname: props.surname ?? '' }))) return;
      props.onCharged(submission.result as SaleRecord);
    },
  };
}
