// A labelled group of controls (the pay screen's method, split and discount choices): a div with
// role group (or radiogroup) named by its first line, in place of a fieldset and legend, whose
// rendered legend WebKit lays out ~32 px taller than Chromium (issue 33: "Complete sale" pushed
// below the pay panel on an iPad).
import { createUniqueId, type JSX } from 'solid-js';

export function LabelledGroup(props: {
  label: string;
  class: string;
  role?: 'group' | 'radiogroup';
  children: JSX.Element;
}) {
  const id = createUniqueId();
  return (
    <div role={props.role ?? 'group'} class={`labelled-group ${props.class}`} aria-labelledby={id}>
      <span class="group-label" id={id}>
        {props.label}
      </span>
      {props.children}
    </div>
  );
}
