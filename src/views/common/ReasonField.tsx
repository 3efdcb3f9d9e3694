// The required "reason" field of a form that voids or takes back a sale: a labelled text input
// whose value the form keeps.
import { createUniqueId } from 'solid-js';

export function ReasonField(props: { label: string; value: string; onInput: (value: string) => void }) {
  const id = createUniqueId();
  return (
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
  );
}
