// What the PIN pad says after a try, shared by the lock screen and the approval dialog: nothing,
// "wrong PIN", or the wait left after too many wrong PINs of the person chosen (counting down each
// second). Choosing someone still waiting shows their wait at once, so a greyed pad says why.
import { createEffect, createSignal, on, onCleanup } from 'solid-js';
import { type PinOutcome, pinWait } from '../../features/staff';
import { t } from '../../words/i18n';

function minutesSeconds(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The message signal and a handler for an outcome, for the PIN of `person` (a staff id); ticks while a wait runs. */
export function createPinFeedback(person: () => string | undefined) {
  const [message, setMessage] = createSignal('');
  const [waiting, setWaiting] = createSignal(false);
  let timer: ReturnType<typeof setInterval> | undefined;
  const waitLeft = () => {
    const id = person();
    return id ? pinWait(id) : 0;
  };
  const stopTicking = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const tick = () => {
    const left = waitLeft();
    setWaiting(left > 0);
    if (left > 0) setMessage(t('lock.wait', { time: minutesSeconds(left) }));
    else {
      stopTicking();
      setMessage('');
    }
  };
  const startWait = () => {
    tick();
    if (waiting()) timer ??= setInterval(tick, 1000);
  };
  // another person chosen: their own wait, or nothing
  createEffect(
    on(person, () => {
      stopTicking();
      setWaiting(false);
      setMessage('');
      if (waitLeft() > 0) startWait();
    }),
  );
  onCleanup(stopTicking);
  return {
    message,
    waiting,
    show(outcome: Exclude<PinOutcome, { ok: true }>) {
      if (waitLeft() > 0) startWait();
      else setMessage(t('lock.wrong'));
      void outcome;
    },
    clear: () => {
      if (!waiting()) setMessage('');
    },
  };
}
