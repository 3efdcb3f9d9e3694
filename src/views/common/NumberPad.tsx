// A number pad for amounts and quantities, large keys as on the PIN pad, four rows: digits, 00, the
// locale's decimal separator (when `decimals` > 0), delete and OK. Owns no state: the value is the caller's
// string (as typed, e.g. "12,5"); a key that would break `max` or the decimals is refused and the
// pad says which limit it broke (a polite live region), so nothing is ever silently ignored. With
// `keyboard`, digits typed on a keyboard work too.
import { createSignal, For, onCleanup, onMount, Show } from 'solid-js';
import { t } from '../../words/i18n';
import './number-pad.css';

export interface NumberPadProps {
  value: string;
  onValue: (value: string) => void;
  /** Name of the pad for assistive technology, e.g. "Cash tendered". */
  label: string;
  /** Digits allowed after the separator; 0 (default) for whole numbers. */
  decimals?: number;
  /** Highest value allowed (in units, e.g. 999 or 9999.99). */
  max?: number;
  /** How `max` is written for staff (default: the number itself). */
  maxText?: string;
  /** Shown as OK; without it there is no OK key. */
  onOk?: () => void;
  /** The locale's decimal separator; default from the browser's number format. */
  separator?: string;
  /** Also take digits, the separator, Backspace and Enter (OK) typed on a keyboard (not in a field). */
  keyboard?: boolean;
}

/** The value a pad string stands for ("12,5" -> 12.5); NaN when empty. */
export function padNumber(value: string): number {
  return value === '' ? Number.NaN : Number(value.replace(',', '.'));
}

export function NumberPad(props: NumberPadProps) {
  const [refusal, setRefusal] = createSignal('');
  const separator = () => props.separator ?? (1.5).toLocaleString().charAt(1);
  const decimals = () => props.decimals ?? 0;
  const press = (key: string) => {
    const current = props.value;
    const hasSeparator = /[.,]/.test(current);
    if (key === 'sep') {
      if (decimals() === 0 || hasSeparator) return setRefusal(t('numberPad.noMoreDecimals'));
      setRefusal('');
      return props.onValue(`${current || '0'}${separator()}`);
    }
    const joined = current + key;
    const next = /^0+\d/.test(joined) ? joined.replace(/^0+(?=\d)/, '') : joined;
    if (hasSeparator && next.split(/[.,]/)[1]!.length > decimals()) {
      return setRefusal(t('numberPad.decimals', { count: decimals() }));
    }
    if (props.max !== undefined && padNumber(next) > props.max) {
      return setRefusal(t('numberPad.max', { max: props.maxText ?? String(props.max) }));
    }
    setRefusal('');
    props.onValue(next);
  };
  const erase = () => {
    setRefusal('');
    props.onValue(props.value.slice(0, -1));
  };
  onMount(() => {
    if (!props.keyboard) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if ((event.target as HTMLElement | null)?.closest('input, textarea, select')) return;
      if (/^\d$/.test(event.key)) press(event.key);
      else if (event.key === ',' || event.key === '.') press('sep');
      else if (event.key === 'Backspace') erase();
      else if (event.key === 'Enter' && props.onOk) props.onOk();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    onCleanup(() => document.removeEventListener('keydown', onKey));
  });
  const digitKey = (digit: string) => (
    <button type="button" class="number-key" onClick={() => press(digit)}>
      {digit}
    </button>
  );
  return (
    <fieldset class="number-pad" aria-label={props.label}>
      <div class="number-keys" classList={{ 'with-ok': Boolean(props.onOk) }}>
        <For each={['7', '8', '9']}>{digitKey}</For>
        <button type="button" class="number-key" aria-label={t('numberPad.delete')} onClick={erase}>
          ⌫
        </button>
        <For each={['4', '5', '6']}>{digitKey}</For>
        <button type="button" class="number-key" onClick={() => press('00')}>
          00
        </button>
        <For each={['1', '2', '3']}>{digitKey}</For>
        <Show when={decimals() > 0} fallback={<span />}>
          <button
            type="button"
            class="number-key"
            aria-label={t('numberPad.separator')}
            onClick={() => press('sep')}
          >
            {separator()}
          </button>
        </Show>
        <button type="button" class="number-key number-zero" onClick={() => press('0')}>
          0
        </button>
        <Show when={props.onOk}>
          <button type="button" class="number-key number-ok primary" onClick={() => props.onOk?.()}>
            {t('numberPad.ok')}
          </button>
        </Show>
      </div>
      <p class="number-refusal" aria-live="polite" role="status">
        {refusal()}
      </p>
    </fieldset>
  );
}
