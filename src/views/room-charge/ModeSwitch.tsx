// Choosing what to charge: the current ticket, or a minibar count. Owns the two-way switch, shown
// as a pair of toggle buttons (aria-pressed) that are large enough to tap.
import { For } from 'solid-js';
import { t } from '../../words/i18n';

export type Mode = 'ticket' | 'minibar';

const MODES = [
  { mode: 'ticket', key: 'roomCharge.mode.ticket' },
  { mode: 'minibar', key: 'roomCharge.mode.minibar' },
] as const;

export function ModeSwitch(props: { mode: Mode; onChange: (mode: Mode) => void }) {
  return (
    <fieldset class="rc-modes">
      <legend class="desk-visually-hidden">{t('roomCharge.mode.label')}</legend>
      <For each={MODES}>
        {(entry) => (
          <button
            type="button"
            aria-pressed={props.mode === entry.mode}
            onClick={() => props.onChange(entry.mode)}
          >
            {t(entry.key)}
          </button>
        )}
      </For>
    </fieldset>
  );
}
