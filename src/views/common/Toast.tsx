// Short confirmations ("Added: Pils 0,3 l", "Product created"): a polite live region shown as a
// toast over the page, so the grid never moves under a finger. Each message fades after a while.
import { type Accessor, createSignal, onCleanup } from 'solid-js';

/** How long a message stays, in ms. */
const SHOW_MS = 3500;

/**
 * A message signal that clears itself; call inside a component.
 * @example const [message, show] = createToast(); show('Added: Pils');
 */
export function createToast(): [Accessor<string>, (text: string) => void] {
  const [message, setMessage] = createSignal('');
  let timer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(timer));
  const show = (text: string) => {
    clearTimeout(timer);
    setMessage(text);
    timer = setTimeout(() => setMessage(''), SHOW_MS);
  };
  return [message, show];
}

export function Toast(props: { message: string }) {
  return (
    <p class="toast" role="status" data-testid="toast">
      {props.message}
    </p>
  );
}
