// The required "reason" field of a form that voids, refunds or takes back a sale: a labelled text
// input whose value the form keeps, and the outlet's quick reasons (set on the admin page; else the
// till's own) as keys that fill it in one tap, instead of typing on the on-screen keyboard.
import { createUniqueId, For } from 'solid-js';
import { outletPolicy } from '../../features/staff';
import { t } from '../../words/i18n';

const OWN_REASONS = ['reason.quick.wrongItem', 'reason.quick.complaint', 'reason.quick.spilled'] as const;

export function ReasonField(props: { label: string; value: string; onInput: (value: string) => void }) {
  const id = createUniqueId();
  const reasons = () => {
    const outlet = outletPolicy()?.quickReasons ?? [];
    return outlet.length > 0 ? outlet : OWN_REASONS.map((key) => t(key));
  };
  return (
    <div class="reason-field">
      <label class="desk-field" for={id}>
        <span>{props.label}</span>
        <input
          id={id}
          name="reason"
          autocomplete="off"
          value={props.value}
          onInput={(e) => props.onInput(e.currentTarget.value)}
        />
      </label>
      <fieldset class="quick-reasons" aria-label={t('reason.quick.label')}>
        <For each={reasons()}>
          {(reason) => (
            <button type="button" aria-pressed={props.value === reason} onClick={() => props.onInput(reason)}>
              {reason}
            </button>
          )}
        </For>
      </fieldset>
    </div>
  );
}
