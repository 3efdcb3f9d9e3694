// The lock screen: who is working? Staff tap their name, then type their PIN on the pad; the PIN is
// checked on the tablet (features/staff/staff-session.ts), so signing in works offline. Shown by the shell in
// the till's place while nobody is signed in. In landscape the PIN step puts the pad beside the name,
// message and Back, so all of it fits an iPad's Safari without scrolling.
import { createSignal, For, onMount, Show } from 'solid-js';
import { noteFirstScreen } from '../../features/catalogue';
import { createOnlineStatus } from '../../features/device';
import { signIn, staffCards } from '../../features/staff';
import type { StaffCard } from '../../pms/staff-calls';
import { t } from '../../words/i18n';
import { PinPad } from './PinPad';
import { createPinFeedback } from './pin-feedback';
import './lock.css';

export default function LockScreen() {
  const [chosen, setChosen] = createSignal<StaffCard | null>(null);
  const [checking, setChecking] = createSignal(false);
  const feedback = createPinFeedback(() => chosen()?.id);
  const online = createOnlineStatus();
  onMount(noteFirstScreen); // the background work (staff list, reports) starts behind the lock screen
  const tryPin = async (pin: string) => {
    const card = chosen();
    if (!card) return;
    setChecking(true);
    const outcome = await signIn(card.id, pin);
    setChecking(false);
    if (outcome.ok) setChosen(null);
    else feedback.show(outcome);
  };
  return (
    <section class="lock-screen" aria-labelledby="lock-title">
      <Show
        when={chosen()}
        fallback={
          <>
            <h1 id="lock-title">{t('lock.title')}</h1>
            <p class="lock-lead">{t('lock.lead')}</p>
            <div class="lock-staff">
              <For each={staffCards()}>
                {(card) => (
                  <button
                    type="button"
                    class="lock-person"
                    onClick={() => {
                      feedback.clear();
                      setChosen(card);
                    }}
                  >
                    <span class="lock-person-name">{card.name}</span>
                    <span class="lock-person-role">{t(`lock.${card.role}`)}</span>
                  </button>
                )}
              </For>
            </div>
          </>
        }
      >
        {(card) => (
          <div class="lock-pin-step">
            <PinPad
              length={card().pinLength}
              disabled={checking() || feedback.waiting()}
              onPin={(pin) => void tryPin(pin)}
              label={t('lock.pinFor', { name: card().name })}
            />
            <div class="lock-pin-words">
              <h1 id="lock-title">{t('lock.pinFor', { name: card().name })}</h1>
              <p class="lock-message" role="alert">
                {checking() ? t('lock.checking') : feedback.message()}
              </p>
              <Show when={!online()}>
                <p class="lock-lead">{t('lock.offline')}</p>
              </Show>
              <button type="button" class="lock-back" onClick={() => setChosen(null)}>
                {t('lock.back')}
              </button>
            </div>
          </div>
        )}
      </Show>
    </section>
  );
}
