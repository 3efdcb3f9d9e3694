// Whether a CSS media query matches, as a signal that follows the window (a tablet turned, a window
// resized); the listener goes with the owner.
import { createSignal, onCleanup } from 'solid-js';

/**
 * @example const short = createMediaQuery('(max-height: 820px)'); <Show when={!short()}>…</Show>
 */
export function createMediaQuery(query: string): () => boolean {
  const list = window.matchMedia(query);
  const [matches, setMatches] = createSignal(list.matches);
  const onChange = (event: MediaQueryListEvent) => setMatches(event.matches);
  list.addEventListener('change', onChange);
  onCleanup(() => list.removeEventListener('change', onChange));
  return matches;
}
