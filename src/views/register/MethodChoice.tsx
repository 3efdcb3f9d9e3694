// Choosing the payment method: one large radio button per method the PMS offers.
import { For } from 'solid-js';
import type { NamedEntry } from '../../pms/wire';
import { t } from '../../words/i18n';

export function MethodChoice(props: {
  methods: readonly NamedEntry[];
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <fieldset class="method-choice">
      <legend>{t('pay.method')}</legend>
      <For each={props.methods}>
        {(method) => (
          <label class="choice" classList={{ selected: props.selected === method.id }}>
            <input
              type="radio"
              name="payment-method"
              value={method.id}
              checked={props.selected === method.id}
              onChange={() => props.onSelect(method.id)}
            />
            <span>{method.name}</span>
          </label>
        )}
      </For>
    </fieldset>
  );
}
