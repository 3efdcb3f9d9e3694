// One choice among a few (language, theme, cash payment method) with its label. The label is tied
// to the select by id rather than wrapped around it, so the select's name is just the label.
import { createUniqueId, For } from 'solid-js';

export interface Choice {
  value: string;
  label: string;
}

export function SelectField(props: {
  label: string;
  value: string;
  choices: Choice[];
  onChange: (value: string) => void;
}) {
  const id = createUniqueId();
  return (
    <div class="desk-field">
      <label for={id}>{props.label}</label>
      <select id={id} value={props.value} onChange={(event) => props.onChange(event.currentTarget.value)}>
        <For each={props.choices}>{(choice) => <option value={choice.value}>{choice.label}</option>}</For>
      </select>
    </div>
  );
}
