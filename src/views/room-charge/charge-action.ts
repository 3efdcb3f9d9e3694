// The one tap that records a room charge, shared by the ticket and the minibar, on the router's
// chargeRoomAction: pending while recording (a double tap cannot charge twice), the refusal or
// failure in staff words, and what to do after success (clear the ticket, reset the counts).
import type { RoomReservation } from '../../pms/wire';
import type { SaleLine, SaleRecord } from '../../state/room-charges';
import type { ticketApprovals } from '../../state/ticket';
import { chargeProblemText } from '../../words/charge-problem';
import { useSubmitter } from '../common/submit';
import { chargeRoomAction } from './data';

type SaleApprovals = ReturnType<typeof ticketApprovals>;

export interface ChargeAction {
  busy: () => boolean;
  problem: () => string | undefined;
  /** Charges `lines`, with the sale's id and approvals when its lines needed a manager's. */
  charge(lines: readonly SaleLine[], afterwards: () => void, approved?: SaleApprovals): Promise<void>;
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
    async charge(lines, afterwards, approved = {}) {
      if (!(await submit(props.stay, props.surname ?? '', lines, Date.now(), approved))) return;
      afterwards();
      props.onCharged(submission.result as SaleRecord);
    },
  };
}
