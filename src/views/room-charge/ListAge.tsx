// How old the cached guest list is, whether refreshing it failed, and a button to refresh it now.
// The age ticks every 30 seconds; a list older than 30 minutes gets a warning.
import { createSignal, onCleanup, Show } from 'solid-js';
import { refreshedAt, refreshGuests, refreshState } from '../../features/room-charge';
import { ago, clockTime } from '../../words/calendar';
import { t } from '../../words/i18n';

const OLD_AFTER_MS = 30 * 60_000;

export function ListAge() {
  const [now, setNow] = createSignal(Date.now());
  const timer = setInterval(() => setNow(Date.now()), 30_000);
  onCleanup(() => clearInterval(timer));
  const age = () => {
    const at = refreshedAt();
    return at === null
      ? t('roomCharge.list.never')
      : t('roomCharge.list.age', { time: clockTime(at), age: ago(at, now()) });
  };
  const old = () => {
    const at = refreshedAt();
    return at !== null && now() - at > OLD_AFTER_MS;
  };
  return (
    <div class="rc-list-age">
      <p class="desk-muted" data-testid="guest-list-age">
        {age()}
      </p>
      <Show when={refreshState() === 'failed'}>
        <p class="desk-notice" data-tone="warn" role="status">
          {t('roomCharge.list.failed')}
        </p>
      </Show>
      <Show when={old()}>
        <p class="desk-notice" data-tone="warn">
          {t('roomCharge.list.old')}
        </p>
      </Show>
      <button
        type="button"
        disabled={refreshState() === 'loading'}
        onClick={() => void refreshGuests().then(() => setNow(Date.now()))}
      >
        {refreshState() === 'loading' ? t('roomCharge.list.refreshing') : t('roomCharge.list.refresh')}
      </button>
    </div>
  );
}
