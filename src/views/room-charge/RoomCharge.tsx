// The room-charge page. Owns: the flow "find the guest -> the usage rule -> confirm the surname ->
// charge the ticket or count the minibar" (the stay and its check: StayCheck.tsx, shared with the
// pay screen) and the last result.
import { createSignal, Match, Show, Switch } from 'solid-js';
import type { SaleRecord } from '../../features/room-charge';
import { t } from '../../words/i18n';
import { ChargeDone } from './ChargeDone';
import { GuestFinder } from './GuestFinder';
import { MinibarCount } from './MinibarCount';
import { type Mode, ModeSwitch } from './ModeSwitch';
import { OpenItems } from './OpenItems';
import { createStayChoice, StayCheck } from './StayCheck';
import { TicketCharge } from './TicketCharge';

export function RoomCharge() {
  const [mode, setMode] = createSignal<Mode>('ticket');
  const [done, setDone] = createSignal<SaleRecord>();
  const choice = createStayChoice(() => setDone(undefined));
  return (
    <section class="view desk-view room-charge">
      <h1>{t('roomCharge.title')}</h1>
      <ModeSwitch mode={mode()} onChange={setMode} />
      <Show when={choice.stay()} fallback={<GuestFinder onChoose={choice.choose} />}>
        {(chosen) => (
          <div class="rc-grid">
            <div class="rc-column">
              <StayCheck choice={choice} stay={chosen()} />
            </div>
            <div class="rc-column">
              <Show when={done()}>{(sale) => <ChargeDone sale={sale()} />}</Show>
              <Show when={choice.chargeable()}>
                <Switch>
                  <Match when={mode() === 'ticket'}>
                    <TicketCharge stay={chosen()} surname={choice.surname()} onCharged={setDone} />
                  </Match>
                  <Match when={mode() === 'minibar'}>
                    <MinibarCount stay={chosen()} surname={choice.surname()} onCharged={setDone} />
                  </Match>
                </Switch>
              </Show>
            </div>
            <OpenItems stay={chosen()} lastCharge={done()} />
          </div>
        )}
      </Show>
    </section>
  );
}
