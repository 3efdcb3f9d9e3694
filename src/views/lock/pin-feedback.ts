// What the PIN pad says after a try, shared by the lock screen and the approval dialog: nothing,
// "wrong PIN", or the wait left after too many wrong PINs (counting down each second).
import { createSignal, onCleanup } from 'solid-js';
import { type PinOutcome, pinWait } from '../../state/staff-pins';
import { w } from '../../words/lock';

function minutesSeconds(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The message signal and a handler for an outcome; ticks while a wait runs. */
export function createPinFeedback() {
  const [message, setMessage] = createSignal('');
  const [waiting, setWaiting] = createSignal(pinWait() > 0);
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    const left = pinWait();
    setWaiting(left > 0);
    if (left > 0) setMessage(w('wait', { time: minutesSeconds(left) }));
    else {
      clearInterval(timer);
      timer = undefined;
      setMessage('');
    }
  };
  const startWait = () => {
    tick();
    timer ??= setInterval(tick, 1000);
  };
  if (waiting()) startWait();
  onCleanup(() => clearInterval(timer));
  return {
    message,
    waiting,
    show(outcome: Exclude<PinOutcome, { ok: true }>) {
      if (pinWait() > 0) startWait();
      else setMessage(w('wrong'));
      void outcome;
    },
    clear: () => setMessage(''),
  };
}
