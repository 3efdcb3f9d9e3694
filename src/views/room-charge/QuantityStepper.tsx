// How many units to take back: big − and + buttons around the number, from 1 to `max` (what is
// still on the room). Reaching the limit says so instead of doing nothing.
import { createUniqueId, Show } from 'solid-js';
import { t } from '../../words/i18n';

export function QuantityStepper(props: { value: number; max: number; onChange: (value: number) => void }) {
  const id = createUniqueId();
  const atLimit = () => props.value >= props.max;
  const set = (value: number) => props.onChange(Math.min(Math.max(Math.trunc(value) || 1, 1), props.max));
  return (
    <div class="rc-quantity">
      <label for={id}>{t('followUp.takeBackQuantity', { max: props.max })}</label>
      <div class="rc-quantity-row">
        <button
          type="button"
          aria-label={t('followUp.takeBackFewer')}
          disabled={props.value <= 1}
          onClick={() => set(props.value - 1)}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputmode="numeric"
          min="1"
          max={props.max}
          value={props.value}
          onChange={(e) => set(Number(e.currentTarget.value))}
        />
        <button
          type="button"
          aria-label={t('followUp.takeBackMore')}
          aria-disabled={atLimit()}
          onClick={() => set(props.value + 1)}
        >
          +
        </button>
      </div>
      <Show when={atLimit() && props.max > 1}>
        <p class="desk-muted" role="status">
          {t('followUp.takeBackLimit', { max: props.max })}
        </p>
      </Show>
    </div>
  );
}
