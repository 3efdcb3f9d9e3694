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
  const label = (
    <span class="group-label" id={id}>
      {props.label}
    </span>
  );
  const className = () => `labelled-group ${props.class}`;
  return props.role === 'radiogroup' ? (
    <div role="radiogroup" class={className()} aria-labelledby={id}>
      {label}
      {props.children}
    </div>
  ) : (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's legend is what WebKit lays out taller (see above)
    <div role="group" class={className()} aria-labelledby={id}>
      {label}
      {props.children}
    </div>
  );
}
