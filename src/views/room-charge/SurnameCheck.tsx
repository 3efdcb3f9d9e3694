// Confirming the guest before anything is charged: staff ask the guest's surname and type it, or
// tap the one the guest says (SurnameForm). Compared case- and accent-insensitively
// (guest-rules.ts); a wrong name is refused and nothing is confirmed.
import { createSignal, createUniqueId, Show } from 'solid-js';
import type { RoomReservation } from '../../pms/wire';
import { surnameMatches, surnameOf } from '../../rules/guest-rules';
import { t } from '../../words/i18n';
import { SurnameForm } from './SurnameForm';

export function SurnameCheck(props: {
  stay: RoomReservation;
  confirmed: string | undefined;
  onConfirm: (name: string | undefined) => void;
}) {
  const headingId = createUniqueId();
  const [wrong, setWrong] = createSignal(false);
  const check = (name: string) => {
    const ok = surnameMatches(name, props.stay);
    setWrong(!ok);
    if (ok) props.onConfirm(name);
  };
  return (
    <section class="desk-panel rc-surname" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('roomCharge.surname.title')}</h2>
      <Show when={props.confirmed} fallback={<SurnameForm stay={props.stay} onCheck={check} />}>
        <p class="desk-notice" data-tone="ok" role="status">
          {t('roomCharge.surname.confirmed', { name: surnameOf(props.stay) })}
        </p>
        <button type="button" onClick={() => props.onConfirm(undefined)}>
          {t('roomCharge.surname.change')}
        </button>
      </Show>
      <Show when={wrong() && !props.confirmed}>
        <p class="desk-notice" data-tone="error" role="alert">
          {t('roomCharge.refusal.surname')}
        </p>
      </Show>
    </section>
  );
}
