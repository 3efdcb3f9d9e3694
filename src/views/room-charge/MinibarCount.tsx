// Minibar mode: count what was taken from the room's minibar (the catalogue's minibar products,
// with - and + per product) and post it all as one room charge. Owns the counts; they reset after
// posting.
import { createMemo, createSignal, createUniqueId, For, onMount, Show } from 'solid-js';
import { catalogue, startCatalogue } from '../../features/catalogue';
import type { SaleRecord } from '../../features/room-charge';
import type { RoomReservation } from '../../pms/wire';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

import { ChargeFooter } from './ChargeFooter';
import { Counter } from './Counter';
import { createChargeAction } from './charge-action';

export function MinibarCount(props: {
  stay: RoomReservation;
  surname: string | undefined;
  onCharged: (sale: SaleRecord) => void;
}) {
  const headingId = createUniqueId();
  onMount(startCatalogue); // idempotent: loads the cached catalogue and keeps it fresh
  const action = createChargeAction(props);
  const [counts, setCounts] = createSignal<Record<number, number>>({});
  const products = createMemo(() =>
    catalogue().index.products.filter((p) => /minibar/i.test(p.commodity_group_name) && !p.open_price),
  );
  const lines = createMemo(() =>
    products()
      .filter((p) => (counts()[p.id] ?? 0) > 0)
      .map((p) => ({
        productId: p.id,
        name: p.name,
        quantity: counts()[p.id] ?? 0,
        unitPriceCents: p.price,
      })),
  );
  const items = () => lines().reduce((sum, line) => sum + line.quantity, 0);
  const total = () => lines().reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const label = () =>
    t('roomCharge.minibar.post', {
      count: items(),
      amount: formatCents(total()),
      room: props.stay.room_number,
    });
  return (
    <section class="desk-panel rc-minibar" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('roomCharge.minibar.title')}</h2>
      <Show when={products().length > 0} fallback={<p class="desk-muted">{t('roomCharge.minibar.none')}</p>}>
        <p class="desk-muted">{t('roomCharge.minibar.hint')}</p>
        <ul class="rc-counters">
          <For each={products()}>
            {(p) => (
              <Counter
                product={p}
                count={counts()[p.id] ?? 0}
                onCount={(n) => setCounts((all) => ({ ...all, [p.id]: n }))}
              />
            )}
          </For>
        </ul>
        <button type="button" disabled={items() === 0 || action.busy()} onClick={() => setCounts({})}>
          {t('roomCharge.minibar.reset')}
        </button>
        <ChargeFooter
          action={action}
          label={label()}
          ready={items() > 0}
          confirmed={Boolean(props.surname)}
          onCharge={() => void action.charge(lines(), () => setCounts({}))}
        />
      </Show>
    </section>
  );
}
