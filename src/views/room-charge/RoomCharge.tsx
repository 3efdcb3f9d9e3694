// The room-charge page. Owns: the flow "find the guest -> the usage rule -> confirm the surname ->
// charge the ticket or count the minibar", the chosen stay (re-read from the PMS when online, so a
// check-out since the last list refresh is caught before charging) and the last result.
import { createSignal, Match, Show, Switch } from 'solid-js';
import type { RoomReservation } from '../../pms/wire';
import { chargeRefusal, localDate } from '../../rules/guest-rules';
import { rereadStay } from '../../state/reservations';
import type { SaleRecord } from '../../state/room-charges';
import { t } from '../../words/i18n';
import { ChargeDone } from './ChargeDone';
import { GuestCard } from './GuestCard';
import { GuestFinder } from './GuestFinder';
import { MinibarCount } from './MinibarCount';
import { type Mode, ModeSwitch } from './ModeSwitch';
import { OpenItems } from './OpenItems';
import { Refusal } from './Refusal';
import { SurnameCheck } from './SurnameCheck';
import { TicketCharge } from './TicketCharge';

export function RoomCharge() {
  const [mode, setMode] = createSignal<Mode>('ticket');
  const [stay, setStay] = createSignal<RoomReservation>();
  const [surname, setSurname] = createSignal<string>();
  const [done, setDone] = createSignal<SaleRecord>();
  const choose = (chosen: RoomReservation | undefined, confirmedSurname?: string) => {
    setStay(chosen);
    setSurname(confirmedSurname);
    setDone(undefined);
    if (chosen)
      void rereadStay(chosen.id).then((fresh) => fresh && stay()?.id === fresh.id && setStay(fresh));
  };
  return (
    <section class="view desk-view room-charge">
      <h1>{t('roomCharge.title')}</h1>
      <ModeSwitch mode={mode()} onChange={setMode} />
      <Show when={stay()} fallback={<GuestFinder onChoose={choose} />}>
        {(chosen) => (
          <div class="rc-grid">
            <div class="rc-column">
              <GuestCard stay={chosen()} onOther={() => choose(undefined)} />
              <Show
                when={chargeRefusal(chosen(), localDate())}
                fallback={<SurnameCheck stay={chosen()} confirmed={surname()} onConfirm={setSurname} />}
              >
                {(refusal) => <Refusal stay={chosen()} refusal={refusal()} />}
              </Show>
            </div>
            <div class="rc-column">
              <Show when={done()}>{(sale) => <ChargeDone sale={sale()} />}</Show>
              <Show when={!chargeRefusal(chosen(), localDate())}>
                <Switch>
                  <Match when={mode() === 'ticket'}>
                    <TicketCharge stay={chosen()} surname={surname()} onCharged={setDone} />
                  </Match>
                  <Match when={mode() === 'minibar'}>
                    <MinibarCount stay={chosen()} surname={surname()} onCharged={setDone} />
                  </Match>
                </Switch>
              </Show>
            </div>
            <OpenItems stay={chosen()} />
          </div>
        )}
      </Show>
    </section>
  );
}
