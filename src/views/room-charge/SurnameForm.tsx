// Asking for the surname: a field to type what the guest says, or a few surnames of today's
// guests to tap (surname-choices.ts), the guest's own among them.
import { createMemo, createSignal, For } from 'solid-js';
import { guests } from '../../features/room-charge';
import type { RoomReservation } from '../../pms/wire';
import { surnameOf } from '../../rules/guest-rules';
import { surnameChoices } from '../../rules/surname-choices';
import { t } from '../../words/i18n';

export function SurnameForm(props: { stay: RoomReservation; onCheck: (name: string) => void }) {
  const [typed, setTyped] = createSignal('');
  const choices = createMemo(() => surnameChoices(props.stay, guests().map(surnameOf)));
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    props.onCheck(typed());
  };
  return (
    <form class="rc-surname-form" onSubmit={submit}>
      <label class="desk-field">
        <span>{t('roomCharge.surname.label')}</span>
        <input
          name="surname"
          autocomplete="off"
          value={typed()}
          onInput={(event) => setTyped(event.currentTarget.value)}
        />
      </label>
      <button type="submit" class="primary">
        {t('roomCharge.surname.confirm')}
      </button>
      <fieldset class="rc-choices">
        <legend class="desk-muted">{t('roomCharge.surname.pick')}</legend>
        <For each={choices()}>
          {(name) => (
            <button type="button" onClick={() => props.onCheck(name)}>
              {name}
            </button>
          )}
        </For>
      </fieldset>
    </form>
  );
}
