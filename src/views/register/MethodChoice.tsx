// Choosing how the ticket is paid: one large radio button per method the PMS offers, and "charge
// to room". The PMS's room-transfer method (`roomMethodId`) stands for charging to the room, so it
// leads to the guest, never to a closed cash invoice; without one the till offers its own choice.
import { For, Show } from 'solid-js';
import type { NamedEntry } from '../../pms/wire';
import { t } from '../../words/i18n';
import { LabelledGroup } from '../common/LabelledGroup';

/** A PMS payment method's id, or 'room' for a room charge. */
export type MethodPick = number | 'room';

export function MethodChoice(props: {
  methods: readonly NamedEntry[];
  roomMethodId: number | null;
  selected: MethodPick | null;
  onSelect: (pick: MethodPick) => void;
}) {
  const pickOf = (method: NamedEntry): MethodPick => (method.id === props.roomMethodId ? 'room' : method.id);
  const choice = (pick: MethodPick, name: string) => (
    <label class="choice" classList={{ selected: props.selected === pick }}>
      <input
        type="radio"
        name="payment-method"
        value={pick}
        checked={props.selected === pick}
        onChange={() => props.onSelect(pick)}
      />
      <span>{name}</span>
    </label>
  );
  return (
    <LabelledGroup class="method-choice" role="radiogroup" label={t('pay.method')}>
      <For each={props.methods}>{(method) => choice(pickOf(method), method.name)}</For>
      <Show when={props.roomMethodId === null}>{choice('room', t('pay.toRoom'))}</Show>
    </LabelledGroup>
  );
}
