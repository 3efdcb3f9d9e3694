// The guest's open items as the PMS has them (online only), and taking back a charge this till
// made: a row whose item one of this till's charges made (by the item ids it kept) gets a "Take
// back" button for its line, and this till's charges not yet in the PMS are listed below the table. Read
// again when sales are sent, so a charge or a take-back shows up once the PMS has it; a take-back
// form (and its "being taken back" notice) closes when the next charge is made.
import { createEffect, createSignal, createUniqueId, Match, on, onCleanup, Show, Switch } from 'solid-js';
import { createOnlineStatus } from '../../features/device';
import type { SaleRecord } from '../../features/room-charge';
import {
  type ChargedLine,
  chargedLines,
  chargesOfStay,
  onChargesChanged,
  readOpenItems,
} from '../../features/room-charge';
import type { ReservationCost, RoomReservation } from '../../pms/wire';
import { t } from '../../words/i18n';
import { OpenItemsTable } from './OpenItemsTable';
import { PendingCharges } from './PendingCharges';
import { TakeBackForm, type TakeBackTarget } from './TakeBackForm';

export function OpenItems(props: { stay: RoomReservation; lastCharge?: SaleRecord | undefined }) {
  const headingId = createUniqueId();
  const online = createOnlineStatus();
  const [cost, setCost] = createSignal<ReservationCost | 'loading' | 'failed'>('loading');
  const [charges, setCharges] = createSignal<SaleRecord[]>([]);
  const [charged, setCharged] = createSignal<ReadonlyMap<number, ChargedLine>>(new Map());
  const [takingBack, setTakingBack] = createSignal<TakeBackTarget>();
  createEffect(
    on(
      () => props.lastCharge,
      () => setTakingBack(undefined),
      { defer: true },
    ),
  );
  // Answers arrive after staff may have picked another guest or left: they are applied only while
  // this component still shows the stay they were read for (never reading props after disposal).
  let shownStayId: number | undefined;
  onCleanup(() => {
    shownStayId = undefined;
  });
  const load = () => {
    const id = props.stay.id;
    shownStayId = id;
    const stillShown = () => shownStayId === id;
    void chargesOfStay(id).then(async (found) => {
      const lines = await chargedLines(found);
      if (!stillShown()) return;
      setCharges(found);
      setCharged(lines);
    });
    if (!online()) return;
    if (cost() === 'failed') setCost('loading');
    readOpenItems(id).then(
      (read) => stillShown() && setCost(read),
      () => stillShown() && setCost('failed'),
    );
  };
  createEffect(on([() => props.stay.id, online], load));
  onCleanup(onChargesChanged(load));
  return (
    <section class="desk-panel rc-open-items" aria-labelledby={headingId}>
      <header class="rc-panel-head">
        <h2 id={headingId}>{t('roomCharge.openItems.title')}</h2>
        <button type="button" disabled={!online()} onClick={load}>
          {t('roomCharge.openItems.reload')}
        </button>
      </header>
      <Switch>
        <Match when={!online()}>
          <p class="desk-muted">{t('roomCharge.openItems.offline')}</p>
        </Match>
        <Match when={cost() === 'loading'}>
          <p class="desk-muted">{t('roomCharge.openItems.loading')}</p>
        </Match>
        <Match when={cost() === 'failed'}>
          <p class="desk-notice" data-tone="error" role="alert">
            {t('roomCharge.openItems.failed')}
          </p>
        </Match>
        <Match when={typeof cost() === 'object' && (cost() as ReservationCost)}>
          {(read) => <OpenItemsTable cost={read()} charged={charged()} onTakeBack={setTakingBack} />}
        </Match>
      </Switch>
      <PendingCharges charges={charges()} onTakeBack={setTakingBack} />
      <Show when={takingBack()} keyed>
        {(target) => <TakeBackForm target={target} onClose={() => setTakingBack(undefined)} />}
      </Show>
    </section>
  );
}
