// The one tap that records a room charge, shared by the ticket and the minibar: busy while
// recording (so a double tap cannot charge twice), the refusal or failure in staff words, and
// what to do after success (clear the ticket, reset the counts).
import { type Accessor, createSignal } from 'solid-js';
import type { RoomReservation } from '../../pms/wire';
import type { SaleLine, SaleRecord } from '../../state/room-charges';
import { chargeRoom } from '../../state/room-charges';
import { chargeProblemText } from '../../words/charge-problem';

export interface ChargeAction {
  busy: Accessor<boolean>;
  problem: Accessor<string | undefined>;
  charge(lines: readonly SaleLine[], afterwards: () => void): Promise<void>;
}

export function createChargeAction(props: {
  stay: RoomReservation;
  surname: string | undefined;
  onCharged: (sale: SaleRecord) => void;
}): ChargeAction {
  const [busy, setBusy] = createSignal(false);
  const [problem, setProblem] = createSignal<string>();
  return {
    busy,
    problem,
    async charge(lines, afterwards) {
      if (busy()) return;
      setBusy(true);
      setProblem(undefined);
      try {
        const sale = await chargeRoom(props.stay, props.surname ?? '', lines);
        afterwards();
        props.onCharged(sale);
      } catch (error) {
        setProblem(chargeProblemText(error, props.stay));
      } finally {
        setBusy(false);
      }
    },
  };
}
