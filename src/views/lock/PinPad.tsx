// A PIN pad for one hand: large keys 1–9, delete, 0, the digits typed shown as dots. Owns the typed
// digits: when `length` are typed it hands them to `onPin` and clears. Digit keys on a keyboard work
// too. While `disabled` (checking, or waiting after wrong PINs) no key takes.
import { createSignal, For, onCleanup, onMount } from 'solid-js';
import { t } from '../../words/i18n';

export function PinPad(props: {
  length: number;
  disabled: boolean;
  onPin: (pin: string) => void;
  label: string;
}) {
  const [typed, setTyped] = createSignal('');
  const press = (digit: string) => {
    if (props.disabled) return;
    const next = typed() + digit;
    if (next.length >= props.length) {
      setTyped('');
      props.onPin(next);
    } else setTyped(next);
  };
  const erase = () => setTyped((current) => current.slice(0, -1));
  onMount(() => {
    const onKey = (event: KeyboardEvent) => {
      if (/^\d$/.test(event.key)) press(event.key);
      else if (event.key === 'Backspace') erase();
    };
    document.addEventListener('keydown', onKey);
    onCleanup(() => document.removeEventListener('keydown', onKey));
  });
  return (
    <fieldset class="pin-pad" aria-label={props.label}>
      <div class="pin-dots" aria-live="polite" data-testid="pin-dots">
        <For each={Array.from({ length: props.length }, (_, index) => index)}>
          {(index) => <span class="pin-dot" classList={{ filled: index < typed().length }} />}
        </For>
      </div>
      <div class="pin-keys">
        <For each={['1', '2', '3', '4', '5', '6', '7', '8', '9']}>
          {(digit) => (
            <button type="button" class="pin-key" disabled={props.disabled} onClick={() => press(digit)}>
              {digit}
            </button>
          )}
        </For>
        <button
          type="button"
          class="pin-key pin-key-erase"
          disabled={props.disabled}
          onClick={erase}
          aria-label={t('lock.delete')}
        >
          ⌫
        </button>
        <button type="button" class="pin-key" disabled={props.disabled} onClick={() => press('0')}>
          0
        </button>
        <span />
      </div>
    </fieldset>
  );
}
