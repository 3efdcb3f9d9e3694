// A modal dialog on the native <dialog> element: focus is kept inside, Escape closes, the page
// behind is inert. Owns: opening and closing with `open`, the heading that names it, a close
// button, and where the focus starts (the first field, else the dialog, never the ×). Children are rendered only while open, so forms start fresh each time.
import { createEffect, createUniqueId, type JSX, Show } from 'solid-js';
import { t } from '../../words/i18n';
import './dialog.css';

export function Dialog(props: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: JSX.Element;
  /** Added to the dialog's class, e.g. for a wider card. */
  class?: string;
}) {
  let dialog!: HTMLDialogElement;
  const headingId = createUniqueId();
  createEffect(() => {
    if (props.open && !dialog.open) {
      dialog.showModal();
      // The browser focuses the first control, the ×; WebKit then rings it. The first field takes
      // the focus instead, or the dialog itself (Tab goes on from there); closing returns the focus
      // to the opener (the browser does that for a modal dialog).
      const field = dialog.querySelector<HTMLElement>('[autofocus], input, select, textarea');
      (field ?? dialog).focus();
    }
    if (!props.open && dialog.open) dialog.close();
  });
  return (
    <dialog
      ref={dialog}
      class={props.class ? `dialog ${props.class}` : 'dialog'}
      tabIndex={-1}
      aria-labelledby={headingId}
      onClose={() => props.open && props.onClose()}
    >
      <Show when={props.open}>
        <div class="dialog-header">
          <h2 id={headingId}>{props.title}</h2>
          <button
            type="button"
            class="dialog-close"
            onClick={() => props.onClose()}
            aria-label={t('common.close')}
          >
            ×
          </button>
        </div>
        {props.children}
      </Show>
    </dialog>
  );
}
