// The chosen stay and the check before charging it, shared by the room-charge page and the pay
// screen's "charge to room": the guest card, then either the clear "no" of the usage rule or the
// surname check. `createStayChoice` owns the chosen stay (re-read from the PMS when online, so a
// check-out since the last list refresh is caught before charging) and the confirmed surname.
import { createSignal, Show } from 'solid-js';
import { rereadStay } from '../../features/room-charge';
import type { RoomReservation } from '../../pms/wire';
import { chargeRefusal, localDate } from '../../rules/guest-rules';
import { GuestCard } from './GuestCard';
import { Refusal } from './Refusal';
import { SurnameCheck } from './SurnameCheck';

export function createStayChoice(onChange?: () => void) {
  const [stay, setStay] = createSignal<RoomReservation>();
  const [surname, setSurname] = createSignal<string>();
  const choose = (chosen: RoomReservation | undefined, confirmedSurname?: string) => {
    setStay(chosen);
    setSurname(confirmedSurname);
    onChange?.();
    if (chosen)
      void rereadStay(chosen.id).then((fresh) => fresh && stay()?.id === fresh.id && setStay(fresh));
  };
  /** Whether the chosen stay may be charged today (reactive). */
  const chargeable = () => {
    const chosen = stay();
    return chosen !== undefined && !chargeRefusal(chosen, localDate());
  };
  return { stay, surname, setSurname, choose, chargeable };
}

export type StayChoice = ReturnType<typeof createStayChoice>;

export function StayCheck(props: { choice: StayChoice; stay: RoomReservation }) {
  return (
    <>
      <GuestCard stay={props.stay} onOther={() => props.choice.choose(undefined)} />
      <Show
        when={chargeRefusal(props.stay, localDate())}
        fallback={
          <SurnameCheck
            stay={props.stay}
            confirmed={props.choice.surname()}
            onConfirm={props.choice.setSurname}
          />
        }
      >
        {(refusal) => <Refusal stay={props.stay} refusal={refusal()} />}
      </Show>
    </>
  );
}
